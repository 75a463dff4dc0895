import { asc, eq, sql } from 'drizzle-orm';
import { CONVERSATION_LIMITS, type SavedReplyInput } from '@shared/conversation-schemas';
import { conversationSavedReplies } from './tables';
import type { Db } from '../../platform/env';
import { ApiError } from '../../platform/api-error';
import { insertWhere } from '../../platform/atomic';

const r = conversationSavedReplies;
const view = (row: typeof r.$inferSelect) => ({
  id: row.id,
  title: row.title,
  bodyAr: row.bodyAr,
  bodyEn: row.bodyEn,
  updatedAt: row.updatedAt.toISOString(),
});

/** The desk's saved replies, by title (at most `savedRepliesMax`). */
export async function listSavedReplies(db: Db) {
  const rows = await db
    .select()
    .from(r)
    .orderBy(asc(r.title), asc(r.id))
    .limit(CONVERSATION_LIMITS.savedRepliesMax);
  return rows.map(view);
}

/** A new saved reply; past the cap, 409 `too_many_saved_replies` (the cap held by the insert itself). */
export async function createSavedReply(db: Db, input: SavedReplyInput, userId: number) {
  const [row] = await insertWhere(
    db,
    r,
    { title: input.title, bodyAr: input.bodyAr, bodyEn: input.bodyEn, createdBy: userId },
    sql`(select count(*) from conversation_saved_replies) < ${CONVERSATION_LIMITS.savedRepliesMax}`,
  ).returning();
  if (!row) throw new ApiError(409, 'too_many_saved_replies');
  return view(row);
}

export async function updateSavedReply(db: Db, id: number, input: SavedReplyInput) {
  const [row] = await db
    .update(r)
    .set({ title: input.title, bodyAr: input.bodyAr, bodyEn: input.bodyEn })
    .where(eq(r.id, id))
    .returning();
  if (!row) throw new ApiError(404, 'saved_reply_not_found');
  return view(row);
}

export async function deleteSavedReply(db: Db, id: number) {
  const [row] = await db.delete(r).where(eq(r.id, id)).returning({ id: r.id });
  if (!row) throw new ApiError(404, 'saved_reply_not_found');
}
