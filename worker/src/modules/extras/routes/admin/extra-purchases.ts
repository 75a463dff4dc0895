import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import { extraDeclineSchema } from '@shared/extras';
import { requireRole } from '../../../../platform/auth-middleware';
import type { AppEnv } from '../../../../platform/env';
import { validate } from '../../../../platform/validation';
import { answerRequest, waitingRequests } from '../../requests';

/**
 * /api/admin/extra-purchases (the front desk and up; docs/decisions/098-stay-extras.md):
 *
 * - GET -> `{ purchases }`: the requests waiting for an answer, the day they are for first;
 * - POST /:id/approve -> `{ purchase }` (posted to the folio once; an upgrade moves the stay);
 * - POST /:id/decline `{ reason }` -> `{ purchase }`.
 * 404 `extra_purchase_not_found`; 409 `extra_request_not_pending`, `extra_request_expired`,
 * `extra_upgrade_sold_out`, `extra_cap_reached`.
 */
export const extraPurchasesAdmin = new Hono<AppEnv>()
  .use(requireRole('staff'))
  .get('/', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await waitingRequests(c.get('db')));
  })
  .post('/:id/approve', validate('param', idParamSchema), async (c) =>
    c.json(
      await answerRequest(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        { decision: 'approve' },
        c.get('language'),
      ),
    ),
  )
  .post('/:id/decline', validate('param', idParamSchema), validate('json', extraDeclineSchema), async (c) =>
    c.json(
      await answerRequest(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        { decision: 'decline', reason: c.req.valid('json').reason },
        c.get('language'),
      ),
    ),
  );
