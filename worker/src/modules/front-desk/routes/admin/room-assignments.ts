import { Hono } from 'hono';
import { hotelToday } from '@shared/dates';
import { frontDeskQuerySchema, roomAssignmentsSchema } from '@shared/front-desk-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { deskStays } from '../../../bookings';
import { translate } from '../../../../platform/messages';
import { suggestRooms } from '../../room-suggestion';

/**
 * The room suggestion, staff only:
 *
 * - GET /suggestion?date=YYYY-MM-DD (today in Asia/Muscat by default): rooms proposed for that
 *   day's and the next day's arrivals (modules/front-desk/room-suggestion.ts), to review;
 * - POST / `{ assignments: [{ bookingId, roomId }] }`: applies a reviewed set in one batch, all
 *   or nothing (modules/bookings/room-assignment-set.ts `applyAssignments`; 409 `room_taken` names the booking).
 */
export const roomAssignmentRoutes = new Hono<AppEnv>()
  .get('/suggestion', requireRole('staff'), validate('query', frontDeskQuerySchema), async (c) => {
    const { date = hotelToday() } = c.req.valid('query');
    c.header('Cache-Control', 'no-store');
    return c.json(await suggestRooms(c.get('db'), date));
  })
  .post('/', requireRole('staff'), validate('json', roomAssignmentsSchema), async (c) => {
    const { assignments } = c.req.valid('json');
    const applied = await deskStays.applyAssignments(c.get('db'), c.get('user'), assignments);
    c.header('Cache-Control', 'no-store');
    return c.json({ message: translate('rooms_assigned', c.get('language')), assigned: applied }, 200);
  });
