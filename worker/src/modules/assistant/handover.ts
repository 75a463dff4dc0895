import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/env';
import { chatMessages } from './tables';

/**
 * A conversation's key: the device's id, scoped to the signed-in account, so nobody continues a
 * signed-in guest's conversation (and sees what it holds) by knowing the id alone.
 */
export const assistantConversationKey = (userId: number | null, sessionId: string) =>
  `${userId !== null ? `u${userId}` : 'anon'}:${sessionId}`;

/** The assistant's answers a handover is checked against: its latest, newest first. */
const ANSWERS_READ = 50;

/**
 * What the assistant itself answered in a device's conversation (`sessionId`, under the account
 * signed in when it was held: `assistantConversationKey`, as `chat.ts` keys it), newest first, along the session's index. The
 * front desk's chat checks a handover against it: a turn the app says the assistant wrote is shown
 * as the assistant's only if the assistant did write it (modules/conversations).
 *
 * @example const said = await assistantAnswersQuery(db, user?.id ?? null, 'dev1ce-id-0123456789');
 */
export function assistantAnswersQuery(db: Db, userId: number | null, sessionId: string) {
  return db
    .select({ message: chatMessages.message })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.sessionId, assistantConversationKey(userId, sessionId)),
        eq(chatMessages.isBot, true),
      ),
    )
    .orderBy(desc(chatMessages.timestamp), desc(chatMessages.id))
    .limit(ANSWERS_READ);
}
