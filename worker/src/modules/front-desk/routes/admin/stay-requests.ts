import { Hono } from 'hono';
import { hotelToday } from '@shared/dates';
import { idParamSchema } from '@shared/date-schemas';
import { stayRequestCreateSchema, stayRequestPatchSchema } from '@shared/front-desk-schemas';
import { ApiError } from '../../../../platform/api-error';
import { createdHeaders, idempotencyFrom } from '../../../../platform/idempotency-key';
import { createdAnswer } from '../../../../platform/idempotency';
import { translate } from '../../../../platform/messages';
import { bookingById } from '../../../bookings';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { hasRole } from '../../../../platform/roles';
import { validate } from '../../../../platform/validation';
import { answerIfChanged } from '../../../../platform/etag-answers';
import { answerStayRequest, createStayRequest, guestView, staffQueue } from '../../stay-requests';

/**
 * The staff's queue of guests' in-stay requests (modules/front-desk/stay-requests.ts):
 *
 * - GET /api/admin/stay-requests -> `{ open, done }`: the open ones oldest first, then the last
 *   ones finished today, each with the room number, guest, type, note, requested time and times
 *   (polled: ETag over the requests, the bookings and the rooms, and the hotel's day);
 * - POST /api/admin/stay-requests `{ bookingId, type, note?, requestedTime? }` -> 201 `{ message, request }`:
 *   a request logged for a guest in house who phoned the desk, as the guest's own would be (409
 *   `not_in_house`, 429 past the open cap, `Idempotency-Key`), with the member of staff in the audit log;
 * - PATCH /api/admin/stay-requests/:id `{ status: in_progress|done|declined, note? }` -> `{ request }`;
 *   done and declined are final (409 `stay_request_closed` after).
 *
 * A housekeeper reads and answers the room's own requests (towels, cleaning, maintenance), without
 * the guest's name or the booking's reference; logging one for a guest is the desk's.
 */
export const stayRequestsAdmin = new Hono<AppEnv>()
  .get('/', requireRole('housekeeper'), async (c) => {
    const housekeeping = !hasRole(c.get('user'), 'staff');
    const scope = `${housekeeping ? 'housekeeping' : 'staff'}-stay-requests:${hotelToday()}`;
    await answerIfChanged(c, ['stay_requests', 'bookings', 'rooms'], scope);
    return c.json(await staffQueue(c.get('db'), new Date(), { housekeeping }));
  })
  .post('/', requireRole('staff'), validate('json', stayRequestCreateSchema), async (c) => {
    const input = c.req.valid('json');
    const booking = await bookingById(c.get('db'), input.bookingId).get();
    if (!booking) throw new ApiError(404, 'booking_not_found');
    const idem = await idempotencyFrom(c, 'staff_stay_request', input);
    const outcome = await createStayRequest(c.get('db'), booking, input, {
      message: translate('stay_request_logged', c.get('language')),
      idem,
      loggedBy: c.get('user'),
    });
    const { body, replayed } = createdAnswer(outcome);
    createdHeaders(c, replayed);
    return c.json(body, 201);
  })
  .patch(
    '/:id',
    requireRole('housekeeper'),
    validate('param', idParamSchema),
    validate('json', stayRequestPatchSchema),
    async (c) => {
      const changed = await answerStayRequest(
        c.get('db'),
        c.req.valid('param').id,
        c.req.valid('json'),
        c.get('user'),
        new Date(),
        { housekeeping: !hasRole(c.get('user'), 'staff') },
      );
      return c.json({ request: guestView(changed) });
    },
  );
