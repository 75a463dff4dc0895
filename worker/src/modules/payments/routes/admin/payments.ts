import { Hono } from 'hono';
import { hotelToday } from '@shared/dates';
import {
  paymentEventsQuerySchema,
  paymentListQuerySchema,
  paymentReconcileSchema,
} from '@shared/payment-admin-schemas';
import { requireRole } from '../../../../platform/auth-middleware';
import { csvResponse } from '../../../../platform/csv-response';
import type { AppEnv } from '../../../../platform/env';
import { validate } from '../../../../platform/validation';
import { listPayments, listRefusedEvents, paymentsCsv } from '../../payment-list';
import { reconcileDay } from '../../reconciliation';
import { lookUpAndRecord, settleSession } from '../../session-settlement';

/**
 * /api/admin/payments (decision 071): the staff's list of online payments with what needs them
 * (flags), the webhooks refused, and a manager's check of a day with the provider. Refunds are
 * asked at POST /:sessionId/refunds (payment-refunds.ts, mounted at the same prefix).
 */
export const paymentsAdmin = new Hono<AppEnv>()
  .get('/', requireRole('staff'), validate('query', paymentListQuerySchema), async (c) =>
    c.json(await listPayments(c.get('db'), c.req.valid('query'))),
  )
  .get('/events', requireRole('staff'), validate('query', paymentEventsQuerySchema), async (c) =>
    c.json(await listRefusedEvents(c.get('db'), c.req.valid('query').cursor)),
  )
  .post('/reconcile', requireRole('manager'), validate('json', paymentReconcileSchema), async (c) => {
    const db = c.get('db');
    const options = { ctx: c.executionCtx, origin: new URL(c.req.url).origin };
    // A session still open is settled by what the provider says (paid: the webhook's own batch);
    // one already settled only has the provider's word recorded beside ours, for the flags.
    const result = await reconcileDay(db, c.req.valid('json').date, (session) =>
      session.status === 'open'
        ? settleSession(c.env, db, session, options)
        : lookUpAndRecord(c.env, db, session, options),
    );
    return c.json(result);
  });

/** GET /api/admin/payments.csv?from&to&status&q (staff): the sessions found, as CSV. */
export const paymentsCsvRoutes = new Hono<AppEnv>().get(
  '/',
  requireRole('staff'),
  validate('query', paymentListQuerySchema),
  async (c) => {
    const query = c.req.valid('query');
    const body = await paymentsCsv(c.get('db'), query);
    return csvResponse(body, `payments-${query.from ?? 'all'}-${query.to ?? hotelToday()}.csv`);
  },
);
