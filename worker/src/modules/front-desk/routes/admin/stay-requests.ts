import { Hono } from 'hono';
import { hotelToday } from '../../../../../../shared/src/dates';
import { idParamSchema } from '../../../../../../shared/src/date-schemas';
import { stayRequestPatchSchema } from '../../../../../../shared/src/front-desk-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { answerIfChanged } from '../../../../platform/etag-answers';
import { answerStayRequest, guestView, staffQueue } from '../../stay-requests';

/**
 * The staff's queue of guests' in-stay requests (modules/front-desk/stay-requests.ts):
 *
 * - GET /api/admin/stay-requests -> `{ open, done }`: the open ones oldest first, then the last
 *   ones finished today, each with the room number, guest, type, note, requested time and times
 *   (polled: ETag over the requests, the bookings and the rooms, and the hotel's day);
 * - PATCH /api/admin/stay-requests/:id `{ status: in_progress|done|declined, note? }` -> `{ request }`;
 *   done and declined are final (409 `stay_request_closed` after).
 */
export const stayRequestsAdmin = new Hono<AppEnv>()
  .get('/', requireRole('staff'), async (c) => {
    await answerIfChanged(c, ['stay_requests', 'bookings', 'rooms'], `staff-stay-requests:${hotelToday()}`);
    return c.json(await staffQueue(c.get('db')));
  })
  .patch(
    '/:id',
    requireRole('staff'),
    validate('param', idParamSchema),
    validate('json', stayRequestPatchSchema),
    async (c) => {
      const changed = await answerStayRequest(
        c.get('db'),
        c.req.valid('param').id,
        c.req.valid('json'),
        c.get('user'),
      );
      return c.json({ request: guestView(changed) });
    },
  );
