import { Hono } from 'hono';
import {
  guestMediaParamSchema,
  guestMediaQuerySchema,
  guestMessageSchema,
  guestMessagesQuerySchema,
} from '@shared/conversation-schemas';
import type { AppEnv } from '../../../platform/env';
import { createdHeaders, idempotencyFrom } from '../../../platform/idempotency-key';
import { createdAnswer } from '../../../platform/idempotency';
import { validate } from '../../../platform/validation';
import { phoneProven } from '../../accounts';
import { guestMessageMedia, guestMessages, guestSideOf, postGuestMessage } from '../messages';
import { guestUnread, readReplyNotices } from '../guest-notices';

/**
 * The guest's chat with the front desk (modules/conversations, decision 088): their own thread
 * only, as a signed-in guest, or as the holder of a booking's link (`bookingId`, the booking
 * page's): anyone else 401 (signed out, no booking) or 404 (a booking not theirs).
 *
 * - GET /api/messages?bookingId=&before= -> `{ threadId, messages, hasMore }` (oldest first; staff
 *   notes never; what came or went on WhatsApp only to a reader who proved the thread's phone).
 * - POST /api/messages `{ text, bookingId?, handover? }` -> 201 `{ message }`; an
 *   `Idempotency-Key` (the offline queue) makes a retry the same message.
 * - GET /api/messages/:messageId/media?bookingId=: a medium the guest sent (a WhatsApp picture,
 *   voice note, video, sticker or document) on that same thread, by byte range when asked; 404 for
 *   any message the thread's reader may not read.
 * - GET /api/messages/unread?bookingId= -> `{ unread }`: the staff's replies not read yet (the chat
 *   button's badge), without reading them; reading the thread (GET /) marks them read, and the
 *   account's notices of them (the bell's).
 */
export const guestMessageRoutes = new Hono<AppEnv>()
  .get('/unread', validate('query', guestMessagesQuerySchema), async (c) => {
    const side = await guestSideOf(c, c.req.valid('query').bookingId);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ unread: await guestUnread(c.get('db'), side.key) });
  })
  .get('/', validate('query', guestMessagesQuerySchema), async (c) => {
    const { bookingId, before } = c.req.valid('query');
    const side = await guestSideOf(c, bookingId);
    c.header('Cache-Control', 'private, no-store');
    const thread = await guestMessages(c.get('db'), side, before, (phone) => phoneProven(c, phone));
    if ('userId' in side.key) await readReplyNotices(c.get('db'), side.key.userId);
    return c.json(thread);
  })
  .get(
    '/:messageId/media',
    validate('param', guestMediaParamSchema),
    validate('query', guestMediaQuerySchema),
    async (c) => {
      const side = await guestSideOf(c, c.req.valid('query').bookingId);
      return guestMessageMedia(
        c.get('db'),
        c.env.IMAGES,
        side,
        c.req.valid('param').messageId,
        c.req.header('range'),
        (phone) => phoneProven(c, phone),
      );
    },
  )
  .post('/', validate('json', guestMessageSchema), async (c) => {
    const input = c.req.valid('json');
    const side = await guestSideOf(c, input.bookingId);
    const idem = await idempotencyFrom(c, 'conversation_message', input);
    const { body, replayed } = createdAnswer(await postGuestMessage(c, side, input, idem));
    createdHeaders(c, replayed);
    return c.json(body, 201);
  });
