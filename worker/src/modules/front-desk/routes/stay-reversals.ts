import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireRole } from '../../../platform/auth-middleware';
import { validate } from '../../../platform/validation';
import { listedBooking, pendingHoldMs } from '../../bookings';
import { translate } from '../../../platform/messages';
import { reinstateBooking, undoCheckIn, undoCheckOut } from '../stay-reversals';

/**
 * A manager's moves back along a stay's life (modules/front-desk/stay-reversals.ts), each answering
 * `{ message, booking }`:
 *
 * - POST /api/booking-submissions/:id/undo-check-in: a check-in made today, undone;
 * - POST /api/booking-submissions/:id/undo-check-out: a check-out made today, undone (the booked
 *   departure and total back, the nights held again; 409 `room_taken` when one was taken);
 * - POST /api/booking-submissions/:id/reinstate: a cancelled or no-show booking open again while
 *   its nights are free (409 `no_rooms_available` otherwise).
 */
export const stayReversalRoutes = new Hono<AppEnv>()
  .post('/:id/undo-check-in', requireRole('manager'), validate('param', idParamSchema), async (c) => {
    const booking = await undoCheckIn(c.get('db'), c.get('user'), c.req.valid('param').id);
    return c.json({
      message: translate('check_in_undone', c.get('language')),
      booking: listedBooking(booking, pendingHoldMs(c.env)),
    });
  })
  .post('/:id/undo-check-out', requireRole('manager'), validate('param', idParamSchema), async (c) => {
    const booking = await undoCheckOut(c.get('db'), c.get('user'), c.req.valid('param').id);
    return c.json({
      message: translate('check_out_undone', c.get('language')),
      booking: listedBooking(booking, pendingHoldMs(c.env)),
    });
  })
  .post('/:id/reinstate', requireRole('manager'), validate('param', idParamSchema), async (c) => {
    const booking = await reinstateBooking(c.get('db'), c.get('user'), c.req.valid('param').id);
    return c.json({
      message: translate('booking_reinstated', c.get('language')),
      booking: listedBooking(booking, pendingHoldMs(c.env)),
    });
  });
