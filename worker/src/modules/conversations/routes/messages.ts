import { Hono } from 'hono';
import { guestMessageSchema, guestMessagesQuerySchema } from '@shared/conversation-schemas';
import type { AppEnv } from '../../../platform/env';
import { createdHeaders, idempotencyFrom } from '../../../platform/idempotency-key';
import { createdAnswer } from '../../../platform/idempotency';
import { validate } from '../../../platform/validation';
import { phoneProven } from '../../accounts';
import { guestMessages, guestSideOf, postGuestMessage } from '../messages';

/**
 * The guest's chat with the front desk (modules/conversations, decision 088): their own thread
 * only, as a signed-in guest, or as the holder of a booking's link (`bookingId`, the booking
 * page's): anyone else 401 (signed out, no booking) or 404 (a booking not theirs).
 *
 * - GET /api/messages?bookingId=&before= -> `{ threadId, messages, hasMore }` (oldest first; staff
 *   notes never; what came or went on WhatsApp only to a reader who proved the thread's phone).
 * - POST /api/messages `{ text, bookingId?, handover? }` -> 201 `{ message }`; an
 *   `Idempotency-Key` (the offline queue) makes a retry the same message.
 */
export const guestMessageRoutes = new Hono<AppEnv>()
  .get('/', validate('query', guestMessagesQuerySchema), async (c) => {
    const { bookingId, before } = c.req.valid('query');
    const side = await guestSideOf(c, bookingId);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await guestMessages(c.get('db'), side, before, (phone) => phoneProven(c, phone)));
  })
  .post('/', validate('json', guestMessageSchema), async (c) => {
    const input = c.req.valid('json');
    const side = await guestSideOf(c, input.bookingId);
    const idem = await idempotencyFrom(c, 'conversation_message', input);
    const { body, replayed } = createdAnswer(await postGuestMessage(c, side, input, idem));
    createdHeaders(c, replayed);
    return c.json(body, 201);
  });
