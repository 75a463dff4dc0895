import { Hono } from 'hono';
import { stayRequestCreateSchema, stayRequestMineQuerySchema } from '@shared/front-desk-schemas';
import type { AppEnv } from '../../../platform/env';
import { findOwnedBooking } from '../../bookings';
import { createdHeaders, idempotencyFrom } from '../../../platform/idempotency-key';
import { validate } from '../../../platform/validation';
import { answerIfChanged } from '../../../platform/etag-answers';
import { createdAnswer } from '../../../platform/idempotency';
import { translate } from '../../../platform/messages';
import { createStayRequest, isInHouse, stayRequestsOf } from '../stay-requests';

/**
 * A guest's requests during the stay (modules/front-desk/stay-requests.ts), for the
 * booking's owner only (its account, or a device it was granted to; anyone else 404):
 *
 * - POST /api/stay-requests `{ bookingId, type, note?, requestedTime? }` -> 201 `{ message, request }`;
 *   409 `not_in_house` unless checked in and not checked out; 429 `too_many_stay_requests`.
 *   An `Idempotency-Key` makes a double tap one request.
 * - GET /api/stay-requests/mine?bookingId= -> `{ inHouse, requests }`, newest first (polled: ETag).
 */
export const stayRequestRoutes = new Hono<AppEnv>()
  .post('/', validate('json', stayRequestCreateSchema), async (c) => {
    const input = c.req.valid('json');
    const booking = await findOwnedBooking(c, input.bookingId);
    const idem = await idempotencyFrom(c, 'stay_request', input);
    const outcome = await createStayRequest(c.get('db'), booking, input, {
      message: translate('stay_request_sent', c.get('language')),
      idem,
    });
    const { body, replayed } = createdAnswer(outcome);
    createdHeaders(c, replayed);
    return c.json(body, 201);
  })
  .get('/mine', validate('query', stayRequestMineQuerySchema), async (c) => {
    const { bookingId } = c.req.valid('query');
    const booking = await findOwnedBooking(c, bookingId);
    c.header('Cache-Control', 'private, no-cache');
    await answerIfChanged(c, ['stay_requests', 'bookings'], `stay-requests:${bookingId}`);
    return c.json({ inHouse: isInHouse(booking), requests: await stayRequestsOf(c.get('db'), bookingId) });
  });
