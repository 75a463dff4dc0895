import { Hono } from 'hono';
import { z } from '@shared/zod';
import { idParamSchema, idSchema } from '@shared/date-schemas';
import { stayOrderSchema } from '@shared/outlet-orders';
import type { AppEnv } from '../../../platform/env';
import { createdHeaders, idempotencyFrom } from '../../../platform/idempotency-key';
import { publishLiveEvent } from '../../../platform/live-events';
import type { Language } from '../../../platform/messages';
import { readSession } from '../../../platform/session-cookies';
import { validate } from '../../../platform/validation';
import { findOwnedBooking } from '../../bookings';
import { cancelOrder, orderEvent, orderTags, placeOrder, stayOrders } from '../orders';

const orderParams = z.object({ id: idSchema, orderId: idSchema });

/** Checked in, not checked out, still approved or confirmed. */
const inHouse = (b: { status: string; checkedInAt: Date | null; checkedOutAt: Date | null }) =>
  (b.status === 'approved' || b.status === 'confirmed') && b.checkedInAt !== null && b.checkedOutAt === null;

/**
 * /api/stays/:id/orders: a guest's orders from the app (docs/decisions/102-outlet-orders.md), for
 * the stay's own guest only: its signed-in account, or a device holding its link (a companion the
 * guest shared it with); anyone else 404, as for an unknown stay (`findOwnedBooking`).
 *
 * - GET -> `{ inHouse, orders }`, newest first;
 * - POST `{ outletId, items: [{ itemId, quantity }], note?, time? }` with an `Idempotency-Key` -> 201
 *   `{ message, order: { id, status: 'sent', … } }` (a retry with the key answers the same order);
 *   409 with a code when the stay, the outlet, the credit or the time refuses it (`order_time_taken`
 *   carries the next free `times`);
 * - POST /:orderId/cancel -> `{ message, order }` while it is still `sent` (409 `order_not_open`).
 *
 * @example
 * api.route('/stays', stayOrderRoutes); // the entry mounts it
 */
export const stayOrderRoutes = new Hono<AppEnv>()
  .get('/:id/orders', validate('param', idParamSchema), async (c) => {
    const booking = await findOwnedBooking(c, c.req.valid('param').id);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ inHouse: inHouse(booking), orders: await stayOrders(c.get('db'), booking.id) });
  })
  .post('/:id/orders', validate('param', idParamSchema), validate('json', stayOrderSchema), async (c) => {
    const booking = await findOwnedBooking(c, c.req.valid('param').id);
    const input = c.req.valid('json');
    const idem = await idempotencyFrom(c, `outlet_order:${booking.id}`, input);
    const session = await readSession(c);
    const { body, replayed } = await placeOrder(c.get('db'), booking, session?.user ?? null, input, {
      idem,
      language: c.get('language') as Language,
    });
    if (!replayed) {
      // The outlet's tablets hear of it at once (with a sound); the guest's other screens too.
      c.executionCtx.waitUntil(
        publishLiveEvent(c.env, orderTags(body.order, booking.userId), orderEvent(body.order)),
      );
    }
    createdHeaders(c, replayed);
    return c.json(body, 201);
  })
  .post('/:id/orders/:orderId/cancel', validate('param', orderParams), async (c) => {
    const { id, orderId } = c.req.valid('param');
    const booking = await findOwnedBooking(c, id);
    const answer = await cancelOrder(c.get('db'), booking.id, orderId, c.get('language') as Language);
    c.executionCtx.waitUntil(
      publishLiveEvent(c.env, orderTags(answer.order, booking.userId), orderEvent(answer.order)),
    );
    return c.json(answer);
  });
