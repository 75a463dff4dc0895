import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import { orderRefusalSchema } from '@shared/outlet-orders';
import { outletCheckSchema, outletVoidSchema } from '@shared/outlets';
import { requireRole } from '../../../platform/auth-middleware';
import type { AppEnv } from '../../../platform/env';
import { createdHeaders, idempotencyFrom } from '../../../platform/idempotency-key';
import { publishLiveEvent } from '../../../platform/live-events';
import type { Language } from '../../../platform/messages';
import { validate } from '../../../platform/validation';
import { postTabletCheck } from '../checks';
import { checkInvoice, myOutlets, outletFor, outletScreen } from '../outlet-reads';
import { voidCheck } from '../voids';
import { acceptOrder, outletOrderList, refuseOrder } from '../order-answers';
import { orderEvent, orderGuestUser, orderTags } from '../orders';

/**
 * /api/outlets: an outlet's tablet (outlet staff on the outlet's staff, and managers; a guest 403;
 * docs/decisions/090-outlets.md):
 *
 * - GET -> `{ outlets }`: the outlets the signed-in member of staff may use;
 * - GET /:id -> the outlet's screen `{ outlet, businessDate, items, rooms, checks, mayVoid }`;
 * - POST /:id/checks `{ items: [{ itemId, quantity }], settle: { kind: 'room', roomNumber,
 *   guestSurname } | { kind: 'paid', method, approvalCode? } }` -> 201 `{ message, check }` (an
 *   Idempotency-Key makes a tap sent twice one check);
 * - POST /checks/:id/void `{ reason }` (managers) -> `{ message, check }`;
 * - GET /checks/:id/invoice[?format=ubl][&credit=1]: a paid check's tax invoice (or its credit note);
 * - the guests' app orders (docs/decisions/102-outlet-orders.md): GET /:id/orders -> `{ open, decided }`;
 *   POST /orders/:id/accept -> `{ message, order, check }` (its check to the room, posted once;
 *   accepted already: answered again, nothing posted); POST /orders/:id/refuse `{ reason, note? }`
 *   -> `{ message, order }`. Another outlet's staff: 403 `outlet_not_yours`.
 *
 * @example
 * api.route('/outlets', outletRoutes); // the entry mounts it
 */
export const outletRoutes = new Hono<AppEnv>()
  .use(requireRole('outlet'))
  .get('/', async (c) => c.json({ outlets: await myOutlets(c.get('db'), c.get('user')) }))
  .get('/:id', validate('param', idParamSchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await outletScreen(c.get('db'), c.get('user'), c.req.valid('param').id));
  })
  .post('/:id/checks', validate('param', idParamSchema), validate('json', outletCheckSchema), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    await outletFor(c.get('db'), c.get('user'), id);
    const idem = await idempotencyFrom(c, `outlet_check:${id}`, input);
    const { replayed, ...body } = await postTabletCheck(c.get('db'), c.get('user'), id, input, {
      idem,
      language: c.get('language') as 'ar' | 'en',
    });
    createdHeaders(c, replayed);
    return c.json(body, 201);
  })
  .post(
    '/checks/:id/void',
    requireRole('manager'),
    validate('param', idParamSchema),
    validate('json', outletVoidSchema),
    async (c) => {
      const answer = await voidCheck(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json').reason,
        c.get('language') as 'ar' | 'en',
      );
      return c.json(answer);
    },
  )
  .get('/:id/orders', validate('param', idParamSchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await outletOrderList(c.get('db'), c.get('user'), c.req.valid('param').id));
  })
  .post('/orders/:id/accept', validate('param', idParamSchema), async (c) => {
    const db = c.get('db');
    const { replayed, ...answer } = await acceptOrder(
      db,
      c.get('user'),
      c.req.valid('param').id,
      c.get('language') as Language,
    );
    if (!replayed) {
      const userId = await orderGuestUser(db, answer.order.bookingId);
      c.executionCtx.waitUntil(
        publishLiveEvent(c.env, orderTags(answer.order, userId), orderEvent(answer.order)),
      );
    }
    return c.json(answer);
  })
  .post(
    '/orders/:id/refuse',
    validate('param', idParamSchema),
    validate('json', orderRefusalSchema),
    async (c) => {
      const db = c.get('db');
      const { replayed, ...answer } = await refuseOrder(
        db,
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json'),
        c.get('language') as Language,
      );
      if (!replayed) {
        const userId = await orderGuestUser(db, answer.order.bookingId);
        c.executionCtx.waitUntil(
          publishLiveEvent(c.env, orderTags(answer.order, userId), orderEvent(answer.order)),
        );
      }
      return c.json(answer);
    },
  )
  .get('/checks/:id/invoice', validate('param', idParamSchema), async (c) => {
    const credit = c.req.query('credit') === '1';
    const { doc, ubl } = await checkInvoice(c.get('db'), c.get('user'), c.req.valid('param').id, credit);
    c.header('Cache-Control', 'private, no-store');
    if (c.req.query('format') === 'ubl') {
      return c.body(ubl(), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
    }
    return c.json(doc);
  });
