import { and, asc, eq, lte } from 'drizzle-orm';
import { assistantConversationKey } from './handover';
import type { SessionUser } from '@shared/auth-schemas';
import { chatMessages } from './tables';
import { assistantBookings } from '../bookings';
import type { Db, Env } from '../../platform/env';
import { answerChat, type ChatTurn } from './assistant';
import { ApiError, throttled } from '../../platform/api-error';
import { hit, LIMITS, retryAfterSeconds } from '../../platform/rate-limit';

/**
 * The assistant's conversations (modules/assistant/routes/chat.ts; the answers in modules/assistant/assistant.ts): anyone may
 * talk to it (throttled per conversation and per client address); a signed-in guest's
 * conversation, and any booking it makes, belongs to their account. Staff read the
 * conversation that led to a booking.
 */

/** How long after a booking its conversation is still part of "what the guest was told". */
const AFTER_BOOKING_MS = 60_000;

/** One message and the assistant's answer, both kept in the conversation. */
export async function chatTurn(
  {
    db,
    env,
    user,
    address,
    clientHash,
    lang,
  }: {
    db: Db;
    env: Env;
    user: SessionUser | null;
    address: string;
    clientHash: string;
    lang: 'ar' | 'en';
  },
  { sessionId, message }: { sessionId: string; message: string },
): Promise<ChatTurn> {
  const [perSession, perAddress] = await Promise.all([
    hit(db, `chat:session:${sessionId}`, LIMITS.chatPerSession),
    hit(db, `chat:addr:${address}`, LIMITS.chatPerAddress),
  ]);
  if (perSession > LIMITS.chatPerSession.max || perAddress > LIMITS.chatPerAddress.max) {
    const limit = perSession > LIMITS.chatPerSession.max ? LIMITS.chatPerSession : LIMITS.chatPerAddress;
    throw throttled('chat_throttled', retryAfterSeconds(limit));
  }
  // The device's id, scoped to the account (handover.ts).
  const key = assistantConversationKey(user?.id ?? null, sessionId);
  const answer = await answerChat({ db, env, user, clientHash, lang, key }, message);
  const now = Date.now();
  await db.insert(chatMessages).values([
    { sessionId: key, message, isBot: false, timestamp: new Date(now) },
    { sessionId: key, message: answer.response, isBot: true, timestamp: new Date(now + 1) },
  ]);
  return answer;
}

/** The conversation that led to a booking (404 if it was not made in one), for staff. */
export async function bookingConversation(db: Db, bookingId: number) {
  const booking = await assistantBookings.bookingChatSession(db, bookingId);
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
  return { bookingId, messages };
}
