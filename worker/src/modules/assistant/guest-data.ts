import { and, eq, inArray, sql } from 'drizzle-orm';
import { chatBookingSessions, chatMessages } from './tables';
import type { Db } from '../../platform/env';
import { EXPORT_LIMIT, guestDataPart, type BookedSubject } from '../../platform/guest-data';

/**
 * The assistant's part of a guest's data (platform/guest-data.ts, docs/decisions/043): the
 * account's conversations and their messages to export; to erase, deleted, with the
 * conversations its bookings came from (before the bookings forget which was theirs).
 */
export function assistantGuestData(db: Db, subject: BookedSubject) {
  const mine = eq(chatBookingSessions.userId, subject.id);
  const sessionsOfUser = db
    .select({ sessionId: chatBookingSessions.sessionId })
    .from(chatBookingSessions)
    .where(mine);
  return guestDataPart(
    [
      db
        .select({
          sessionId: chatBookingSessions.sessionId,
          currentStep: chatBookingSessions.currentStep,
          bookingData: chatBookingSessions.bookingData,
          isCompleted: chatBookingSessions.isCompleted,
          createdAt: chatBookingSessions.createdAt,
          updatedAt: chatBookingSessions.updatedAt,
        })
        .from(chatBookingSessions)
        .where(mine)
        .limit(EXPORT_LIMIT),
      db
        .select({
          sessionId: chatMessages.sessionId,
          message: chatMessages.message,
          isBot: chatMessages.isBot,
          timestamp: chatMessages.timestamp,
        })
        .from(chatMessages)
        .where(inArray(chatMessages.sessionId, sessionsOfUser))
        .orderBy(chatMessages.sessionId, chatMessages.timestamp)
        .limit(EXPORT_LIMIT),
    ],
    ([conversations, messages]) => ({ assistant: { conversations, messages } }),
    {
      statements: (guard) => [
        db.delete(chatMessages).where(
          and(
            sql`${chatMessages.sessionId} in (select ${chatBookingSessions.sessionId} from ${chatBookingSessions} where ${mine}
                union ${subject.chatSessionIds})`,
            guard,
          ),
        ),
        db.delete(chatBookingSessions).where(and(mine, guard)),
      ],
    },
  );
}
