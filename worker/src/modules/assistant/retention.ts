import { lt } from 'drizzle-orm';
import { chatBookingSessions, chatMessages } from './tables';
import type { Db } from '../../platform/env';

/**
 * The daily clean-up's part of the assistant (worker/src/cleanup.ts): the conversations (messages
 * and booking drafts) last touched before `cutoff` go, in one batch. Returns how many messages went.
 *
 * @example const removed = await purgeConversationsBefore(db, new Date(now - CHAT_HISTORY_TTL));
 */
export async function purgeConversationsBefore(db: Db, cutoff: Date): Promise<number> {
  const [messages] = await db.batch([
    db.delete(chatMessages).where(lt(chatMessages.timestamp, cutoff)),
    db.delete(chatBookingSessions).where(lt(chatBookingSessions.updatedAt, cutoff)),
  ]);
  return (messages as unknown as D1Result).meta.changes;
}
