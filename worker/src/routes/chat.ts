import { zValidator } from '@hono/zod-validator';
import { and, asc, eq, lte } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParamSchema } from '../../../shared/src/date-schemas';
import { chatRequestSchema } from '../../../shared/src/chat-schemas';
import { chatMessages } from '../db/schema/chat';
import { bookingSubmissions } from '../db/schema/inventory';
import type { AppEnv } from '../env';
import { answerChat } from '../lib/assistant';
import { requireRole } from '../http/auth';
import { ApiError } from '../lib/errors';
import { isMessageCode, type MessageCode } from '../lib/messages';
import { hit, LIMITS, retryAfterSeconds } from '../lib/rate-limit';
import { clientAddress, clientHash } from '../http/request';
import { readSession } from '../http/sessions';
import { validate } from '../http/validation';

/**
 * The assistant (guest spec section 7 `POST /api/chat`, issue 12). Anyone may talk
 * to it (throttled per conversation and per client address); a signed-in guest's
 * conversation, and any booking it makes, belongs to their account. Staff read the
 * conversation that led to a booking.
 */

/** A refused message says what is wrong with it (e.g. too long), not only "invalid". */
const chatBody = zValidator('json', chatRequestSchema, (result) => {
  if (!result.success) {
    const issue = result.error.issues[0];
    const code = issue?.message ?? 'validation_failed';
    const field = issue?.path.join('.') || '_';
    throw new ApiError(400, isMessageCode(code) ? code : 'validation_failed', {
      [field]: code as MessageCode,
    });
  }
});

/** How long after a booking its conversation is still part of "what the guest was told". */
const AFTER_BOOKING_MS = 60_000;

export const chat = new Hono<AppEnv>()
  .post('/', chatBody, async (c) => {
    const body = c.req.valid('json');
    const db = c.get('db');
    const [perSession, perAddress] = await Promise.all([
      hit(db, `chat:session:${body.sessionId}`, LIMITS.chatPerSession),
      hit(db, `chat:addr:${clientAddress(c)}`, LIMITS.chatPerAddress),
    ]);
    if (perSession > LIMITS.chatPerSession.max || perAddress > LIMITS.chatPerAddress.max) {
      const limit = perSession > LIMITS.chatPerSession.max ? LIMITS.chatPerSession : LIMITS.chatPerAddress;
      c.header('Retry-After', String(retryAfterSeconds(limit)));
      throw new ApiError(429, 'chat_throttled');
    }
    const session = await readSession(c);
    const user = session?.user ?? null;
    // The device's id, scoped to the account: nobody continues a signed-in guest's
    // conversation (and sees what it holds) by knowing the id alone.
    const key = `${user ? `u${user.id}` : 'anon'}:${body.sessionId}`;
    const lang = body.language ?? c.get('language');
    const answer = await answerChat(
      { db, env: c.env, user, clientHash: await clientHash(c), lang, key },
      body.message,
    );
    const now = Date.now();
    await db.insert(chatMessages).values([
      { sessionId: key, message: body.message, isBot: false, timestamp: new Date(now) },
      { sessionId: key, message: answer.response, isBot: true, timestamp: new Date(now + 1) },
    ]);
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  })
  .get('/conversations/:id', validate('param', idParamSchema), requireRole('staff'), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const booking = await db
      .select({
        chatSessionId: bookingSubmissions.chatSessionId,
        createdAt: bookingSubmissions.createdAt,
      })
      .from(bookingSubmissions)
      .where(eq(bookingSubmissions.id, id))
      .get();
    if (!booking?.chatSessionId) throw new ApiError(404, 'conversation_not_found');
    const messages = await db
      .select({ message: chatMessages.message, isBot: chatMessages.isBot, timestamp: chatMessages.timestamp })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.sessionId, booking.chatSessionId),
          lte(chatMessages.timestamp, new Date(booking.createdAt.getTime() + AFTER_BOOKING_MS)),
        ),
      )
      .orderBy(asc(chatMessages.timestamp), asc(chatMessages.id))
      .limit(500);
    return c.json({ bookingId: id, messages });
  });
