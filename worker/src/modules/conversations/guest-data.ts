import { and, desc, eq, sql } from 'drizzle-orm';
import { conversationMessages, conversationThreads } from './tables';
import type { Db } from '../../platform/env';
import { EXPORT_LIMIT, guestDataPart, type DataSubject } from '../../platform/guest-data';

/**
 * The conversations' part of a guest's data (platform/guest-data.ts, docs/decisions/043 and 088):
 * the account's thread (by the account, or by its guest profile) and everything said on it, to
 * export (staff notes are the hotel's working notes, never shown to the guest, and are left out;
 * WhatsApp's messages only for a phone the account proved);
 * to erase, the thread and all its messages, notes included, are deleted.
 */
export function conversationsGuestData(db: Db, subject: DataSubject) {
  const theirs = sql`(${conversationThreads.userId} = ${subject.id} or ${conversationThreads.profileId} in
    (select id from guest_profiles where user_id = ${subject.id}))`;
  const threadIds = sql`(select id from conversation_threads where user_id = ${subject.id}
    or profile_id in (select id from guest_profiles where user_id = ${subject.id}))`;
  return guestDataPart(
    [
      db
        .select({
          id: conversationThreads.id,
          phone: conversationThreads.phone,
          status: conversationThreads.status,
          lastChannel: conversationThreads.lastChannel,
          createdAt: conversationThreads.createdAt,
        })
        .from(conversationThreads)
        .where(theirs)
        .limit(EXPORT_LIMIT),
      db
        .select({
          id: conversationMessages.id,
          threadId: conversationMessages.threadId,
          channel: conversationMessages.channel,
          direction: conversationMessages.direction,
          author: conversationMessages.authorKind,
          text: conversationMessages.body,
          status: conversationMessages.deliveryStatus,
          bookingId: conversationMessages.bookingId,
          createdAt: conversationMessages.createdAt,
        })
        .from(conversationMessages)
        .where(
          and(
            sql`${conversationMessages.threadId} in ${threadIds}`,
            eq(conversationMessages.internal, false),
            // What came or went on WhatsApp is the phone's: exported only for a phone the account
            // proved (a phone typed into a booking proves nothing; docs/security/attack-2026-11-27.md).
            sql`(${conversationMessages.channel} = 'app' or exists (select 1 from user_phones up
              join conversation_threads th on th.id = ${conversationMessages.threadId}
              where up.user_id = ${subject.id} and up.phone_number = th.phone))`,
          ),
        )
        .orderBy(desc(conversationMessages.id))
        .limit(EXPORT_LIMIT),
    ],
    ([threads, messages]) => ({ conversations: { threads, messages } }),
    {
      statements: (guard) => [
        db
          .delete(conversationMessages)
          .where(and(sql`${conversationMessages.threadId} in ${threadIds}`, guard)),
        db.delete(conversationThreads).where(and(theirs, guard)),
      ],
    },
  );
}
