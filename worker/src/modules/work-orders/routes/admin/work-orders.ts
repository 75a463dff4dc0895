import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import {
  roomHistoryQuerySchema,
  workOrderCloseSchema,
  workOrderCreateSchema,
  workOrderListQuerySchema,
} from '@shared/work-order-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import {
  closeWorkOrder,
  listWorkOrders,
  reportWorkOrder,
  roomHistory,
  takeWorkOrder,
} from '../../work-orders';
import { storeWorkOrderPhoto, workOrderPhoto } from '../../work-order-photos';

/**
 * /api/admin/work-orders (modules/work-orders/work-orders.ts; docs/decisions/092):
 *
 * - GET / `?status=active|open|taken|closed&mine&roomId&before` -> `{ orders, rooms, nextBefore }`
 *   (any member of staff, housekeepers and technicians too);
 * - POST / `{ roomId? | area?, note, priority, roomState, outOfOrderFrom?, outOfOrderTo? }` -> 201
 *   `{ message, order }`: any member of staff reports a fault (409 `out_of_order_stays` with
 *   `stays`, `room_taken`, `out_of_order_below_held`);
 * - PUT /:id/photo (the image as the body, 5 MB at most) and GET /:id/photo (staff);
 * - POST /:id/take, POST /:id/close `{ resolution }`: a technician, a manager or an admin;
 * - GET /rooms/:id `?before` -> `{ orders, nextBefore }`: a room's history (staff).
 */
export const workOrdersAdmin = new Hono<AppEnv>()
  .get('/', requireRole('housekeeper'), validate('query', workOrderListQuerySchema), async (c) =>
    c.json(await listWorkOrders(c.get('db'), c.get('user'), c.req.valid('query'))),
  )
  .post('/', requireRole('housekeeper'), validate('json', workOrderCreateSchema), async (c) => {
    const order = await reportWorkOrder(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('work_order_reported', c.get('language')), order }, 201);
  })
  .get(
    '/rooms/:id',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('query', roomHistoryQuerySchema),
    async (c) => c.json(await roomHistory(c.get('db'), c.req.valid('param').id, c.req.valid('query').before)),
  )
  .put('/:id/photo', requireRole('housekeeper'), validate('param', idParamSchema), async (c) => {
    const photo = await storeWorkOrderPhoto(
      c.get('db'),
      c.env.IMAGES,
      c.req.valid('param').id,
      c.req.raw.body,
      Number(c.req.header('content-length') ?? 0),
    );
    return c.json({ message: translate('photo_saved', c.get('language')), photo });
  })
  .get('/:id/photo', requireRole('housekeeper'), validate('param', idParamSchema), async (c) =>
    workOrderPhoto(c.get('db'), c.env.IMAGES, c.req.valid('param').id),
  )
  .post('/:id/take', requireRole('maintenance'), validate('param', idParamSchema), async (c) => {
    const order = await takeWorkOrder(c.get('db'), c.get('user'), c.req.valid('param').id);
    return c.json({ message: translate('work_order_taken', c.get('language')), order });
  })
  .post(
    '/:id/close',
    requireRole('maintenance'),
    validate('param', idParamSchema),
    validate('json', workOrderCloseSchema),
    async (c) => {
      const order = await closeWorkOrder(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json({ message: translate('work_order_done', c.get('language')), order });
    },
  );
