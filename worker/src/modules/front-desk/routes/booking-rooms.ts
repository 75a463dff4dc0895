import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import { roomAssignSchema } from '@shared/front-desk-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireRole } from '../../../platform/auth-middleware';
import { validate } from '../../../platform/validation';
import { translate } from '../../../platform/messages';
import { deskStays } from '../../bookings';

/**
 * A stay's room (modules/bookings/room-assignment.ts), mounted beside
 * modules/bookings/routes/booking-submissions.ts under /api/booking-submissions, staff only:
 *
 * - PUT /:id/room `{ roomId, upgrade? }`: assigns or moves the stay (409 `room_taken` when the room
 *   is not free on every night; a room of another type only with `upgrade: true`);
 * - DELETE /:id/room: takes the room away.
 */
export const bookingRoomRoutes = new Hono<AppEnv>()
  .put(
    '/:id/room',
    validate('param', idParamSchema),
    requireRole('staff'),
    validate('json', roomAssignSchema),
    async (c) => {
      const { roomId, upgrade } = c.req.valid('json');
      const { booking, room } = await deskStays.assignRoom(
        c.get('db'),
        c.get('user'),
        c.req.valid('param').id,
        roomId,
        {
          upgrade,
        },
      );
      c.header('Cache-Control', 'no-store');
      return c.json({
        message: translate('room_assigned', c.get('language')),
        bookingId: booking.id,
        room: { id: room.id, number: room.number, roomType: room.roomType, status: room.status },
      });
    },
  )
  .delete('/:id/room', validate('param', idParamSchema), requireRole('staff'), async (c) => {
    const booking = await deskStays.unassignRoom(c.get('db'), c.get('user'), c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json({
      message: translate('room_unassigned', c.get('language')),
      bookingId: booking.id,
      room: null,
    });
  });
