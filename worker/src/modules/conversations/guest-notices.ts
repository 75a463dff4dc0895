import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { conversationThreads, type ConversationThread } from './tables';
import { threadIdOf, type GuestKey } from './threads';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { text } from '../../platform/messages';
import { notifications } from '../../platform/tables';

/**
 * The guest's sign that the desk replied while their chat was closed (docs/decisions/088, "A reply
 * the guest has not read"): the thread's own count of the staff's replies not read yet
 * (`unread_guest`, kept by the message's trigger), which the app's chat button shows as a badge,
 * and, for a guest with an account, an in-app notification (the header's bell) in the reply's own
 * batch. Opening the chat reads the thread: both go to nought.
 */

/** Notifications of a staff reply (the bell's), read when the guest opens their chat. */
export const REPLY_NOTICE_TYPE = 'conversation_reply';

/** The most of a reply the bell's notice quotes. */
const PREVIEW = 160;

/**
 * The in-app notice of a staff reply on `thread` (an account's: a guest without one has no bell),
 * for the reply's batch, only if `guard` holds there (the reply went in): the account's, titled
 * in both languages, the reply's words as its text.
 *
 * @example statements.push(...replyNoticeStatements(db, thread, 'Your room is ready', mine));
 */
export function replyNoticeStatements(
  db: Db,
  thread: ConversationThread,
  reply: string,
  guard: SQL,
): BatchItem<'sqlite'>[] {
  if (thread.userId === null) return [];
  const preview = reply.length > PREVIEW ? `${reply.slice(0, PREVIEW - 1)}…` : reply;
  return [
    insertWhere(
      db,
      notifications,
      {
        userPhone: thread.phone ?? '',
        title: text('en', 'push.conversation_reply'),
        titleAr: text('ar', 'push.conversation_reply'),
        message: preview,
        messageAr: preview,
        type: REPLY_NOTICE_TYPE,
        isRead: false,
        userId: thread.userId,
        bookingId: null,
        entryType: null,
        entryId: null,
      },
      guard,
    ),
  ];
}

/**
 * How many of the staff's replies the guest has not read (their thread's count; 0 with no thread),
 * read without reading the thread (which would mark them read): the chat button's badge.
 *
 * @example const unread = await guestUnread(db, { userId: 7 });
 */
export async function guestUnread(db: Db, key: GuestKey): Promise<number> {
  const row = await db
    .select({ unread: conversationThreads.unreadGuest })
    .from(conversationThreads)
    .where(sql`${conversationThreads.id} = ${threadIdOf(key)}`)
    .get();
  return row?.unread ?? 0;
}

/**
 * The account's reply notices marked read, once the guest has opened the chat (along the index of
 * an account's unread notifications: its few unread rows, never its history).
 *
 * @example await readReplyNotices(db, 7);
 */
export async function readReplyNotices(db: Db, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.userId, userId),
        sql`${notifications.isRead} = 0`,
        eq(notifications.type, REPLY_NOTICE_TYPE),
      ),
    );
}
