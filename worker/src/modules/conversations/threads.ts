import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { normalizePhone } from '@shared/digits';
import { isWhatsAppUserId } from '@shared/whatsapp';
import type {
  ConversationChannel,
  ConversationMessageKind,
  DeliveryStatus,
  MessageDetails,
} from '@shared/conversation-schemas';
import { conversationMessages, conversationThreads } from './tables';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { notifyStatements } from '../../platform/notify';

/**
 * Whose thread a message belongs to (docs/decisions/088-conversations.md): a guest's account; a
 * booking (its holder by a link or its reference and phone who is not its signed-in account: a
 * typed phone proves nothing, so such a thread is the booking's alone); a guest profile
 * (a WhatsApp phone's, or one the desk linked); or a phone number (WhatsApp). A phone number is
 * matched to the guest profile that has it, if any; otherwise it starts a phone-only thread the
 * desk links to a profile later. A booking's thread carries the booking's profile for the desk
 * (`profileId`) but is never found by it, nor by a phone.
 */
export type GuestKey =
  | { bookingId: number; profileId: number | null; name?: string | null }
  | { userId: number; profileId?: number | null; phone?: string | null; name?: string | null }
  | { profileId: number; phone?: string | null; name?: string | null }
  | { phone: string; name?: string | null };

/**
 * A phone's digits as threads keep them (shared/src/digits.ts normalizePhone); a WhatsApp guest
 * known only by their business-scoped user id (a username, no phone shared) is kept by that id.
 */
export const phoneKey = (phone: string): string => (isWhatsAppUserId(phone) ? phone : normalizePhone(phone));

/** A profile's phone as digits (profiles keep it as typed: "+968 9123 4567"). */
const profileDigits = sql`replace(replace(replace(replace(replace(gp.phone, '+', ''), ' ', ''), '-', ''), '(', ''), ')', '')`;

/** The guest profile a phone number belongs to (one with an account first), as a subquery. */
function profileOfPhone(phone: string): SQL {
  return sql`(select gp.id as id, gp.user_id as user_id from guest_profiles gp
    where ${profileDigits} in (${phone}, ${'968' + phone}, ${'00968' + phone})
    order by gp.user_id is null, gp.id limit 1)`;
}

/** The key's thread id, as a subquery over `conversation_threads` (null when it has none yet). */
export function threadIdOf(key: GuestKey): SQL {
  if ('bookingId' in key) {
    return sql`(select id from conversation_threads where booking_id = ${key.bookingId})`;
  }
  if ('userId' in key) {
    return sql`(select id from conversation_threads where user_id = ${key.userId})`;
  }
  if ('profileId' in key) {
    return sql`(select id from conversation_threads where profile_id = ${key.profileId} and booking_id is null)`;
  }
  const phone = phoneKey(key.phone);
  // The phone's own thread, else the thread of the profile the phone belongs to (never a
  // booking's: a booking's holder proved no phone).
  return sql`coalesce(
    (select id from conversation_threads where phone = ${phone} and booking_id is null
      order by user_id is null and profile_id is null, id limit 1),
    (select t.id from conversation_threads t join ${profileOfPhone(phone)} p
      on (t.profile_id = p.id and t.booking_id is null) or (p.user_id is not null and t.user_id = p.user_id)
      limit 1))`;
}

/** The statement that makes the key's thread if it has none (nothing otherwise). */
export function ensureThreadStatement(
  db: Db,
  key: GuestKey,
  at: Date,
  status: 'open' | 'done' = 'open',
): BatchItem<'sqlite'> {
  const none = sql`${threadIdOf(key)} is null`;
  const name = key.name?.trim().slice(0, 120) || null;
  if ('bookingId' in key) {
    return insertWhere(
      db,
      conversationThreads,
      {
        userId: null,
        profileId: key.profileId,
        bookingId: key.bookingId,
        phone: null,
        guestName: name,
        status,
        lastMessageAt: at,
        createdAt: at,
        updatedAt: at,
      },
      none,
    ).onConflictDoNothing();
  }
  if ('userId' in key) {
    return insertWhere(
      db,
      conversationThreads,
      {
        userId: key.userId,
        profileId: key.profileId ?? sql`(select id from guest_profiles where user_id = ${key.userId})`,
        phone: key.phone ? phoneKey(key.phone) : null,
        guestName: name,
        status,
        lastMessageAt: at,
        createdAt: at,
        updatedAt: at,
      },
      none,
    ).onConflictDoNothing();
  }
  if ('profileId' in key) {
    return insertWhere(
      db,
      conversationThreads,
      {
        // A profile of an account keys its thread by the account, as the account's own chat does.
        userId: sql`(select user_id from guest_profiles where id = ${key.profileId})`,
        profileId: key.profileId,
        phone: key.phone ? phoneKey(key.phone) : null,
        guestName: name,
        status,
        lastMessageAt: at,
        createdAt: at,
        updatedAt: at,
      },
      sql`${none} and not exists (select 1 from conversation_threads t join guest_profiles gp
        on gp.id = ${key.profileId} and gp.user_id is not null and t.user_id = gp.user_id)`,
    ).onConflictDoNothing();
  }
  const phone = phoneKey(key.phone);
  return insertWhere(
    db,
    conversationThreads,
    {
      userId: sql`p.user_id`,
      profileId: sql`p.id`,
      phone,
      guestName: name,
      status,
      lastMessageAt: at,
      createdAt: at,
      updatedAt: at,
    },
    none,
    sql`(select 1) as one left join ${profileOfPhone(phone)} as p`,
  ).onConflictDoNothing();
}

/** What a message says and where it comes from (the guest's side). */
export type InboundMessage = {
  key: GuestKey;
  channel: ConversationChannel;
  text: string;
  /** What it is (default text; WhatsApp's kinds). */
  kind?: ConversationMessageKind;
  /** An R2 key of a medium the guest sent (WhatsApp's, kept in R2), its type, and whether it is there yet. */
  mediaKey?: string | null;
  mediaType?: string | null;
  mediaState?: 'pending' | 'stored' | 'failed' | null;
  /** What else the kind carries (a place, a card, the message a reaction is on…). */
  details?: MessageDetails | null;
  /** The provider's id (WhatsApp's wamid): a second arrival with the same id stores nothing. */
  providerMessageId?: string | null;
  bookingId?: number | null;
  /** The device of an app guest without an account (their Web Push). */
  deviceId?: string | null;
  /** The author: the guest (default), or `system` for what the assistant hands over. */
  author?: 'guest' | 'system';
  at?: Date;
  /** Whether staff hear of it by Web Push (default true; the assistant's handover: false). */
  notify?: boolean;
  /**
   * Appended, and staff told, only if this holds when the batch reaches it (a channel's webhook:
   * its own request kept the message; two copies of one delivery at once tell staff once).
   */
  onlyIf?: SQL;
};

/**
 * Door function (a), decision 088: the statements that append a guest's message to their thread,
 * making the thread if it has none, in the caller's batch. Idempotent on `providerMessageId` (the
 * unique index: a webhook delivered twice stores one message and moves the thread once); staff are
 * told once only if the caller's `onlyIf` says which request kept it (two copies at once carry the
 * same provider id and time, so the message's row alone cannot tell them apart). The thread's unread count, time, preview and last channel move in the message's own
 * statement (trigger `conversation_message_moves_thread`); staff hear of it by Web Push
 * (platform/notify.ts `conversation_message_received`).
 *
 * The LAST statement is a select answering `[{ threadId, messageId }]` (messageId of this message,
 * or of the one stored before under the same provider id).
 */
export function appendInboundStatements(
  db: Db,
  message: InboundMessage,
): { statements: BatchItem<'sqlite'>[]; threadId: SQL } {
  const at = message.at ?? new Date();
  const threadId = threadIdOf(message.key);
  const providerId = message.providerMessageId ?? null;
  const insert = insertWhere(
    db,
    conversationMessages,
    {
      threadId,
      channel: message.channel,
      direction: 'in',
      authorKind: message.author ?? 'guest',
      body: message.text,
      kind: message.kind ?? 'text',
      mediaKey: message.mediaKey ?? null,
      mediaType: message.mediaType ?? null,
      mediaState: message.mediaState ?? (message.mediaKey ? 'stored' : null),
      details: message.details ? JSON.stringify(message.details) : null,
      providerMessageId: providerId,
      deliveryStatus: 'delivered',
      bookingId: message.bookingId ?? null,
      createdAt: at,
    },
    message.onlyIf ? sql`${threadId} is not null and ${message.onlyIf}` : sql`${threadId} is not null`,
  ).onConflictDoNothing();
  // This message's row: by its provider id, else the newest of its thread made at this instant.
  const mine: SQL =
    providerId !== null
      ? sql`conversation_messages.provider_message_id = ${providerId}
          and conversation_messages.created_at = ${at.getTime()}`
      : sql`conversation_messages.id = (select max(id) from conversation_messages)
          and conversation_messages.thread_id = ${threadId} and conversation_messages.created_at = ${at.getTime()}`;
  const statements: BatchItem<'sqlite'>[] = [ensureThreadStatement(db, message.key, at), insert];
  if (message.deviceId) {
    statements.push(
      db
        .update(conversationThreads)
        .set({ guestDeviceId: message.deviceId })
        .where(sql`${conversationThreads.id} = ${threadId}`),
    );
  }
  if (message.notify !== false) {
    const where = message.onlyIf ? sql`${mine} and ${message.onlyIf}` : mine;
    statements.push(...notifyStatements(db, { kind: 'conversation_message_received', where }));
  }
  statements.push(
    db
      .select({
        threadId: sql<number>`${threadId}`.as('thread_id'),
        messageId: sql<number | null>`(select id from conversation_messages where ${
          providerId !== null ? sql`provider_message_id = ${providerId}` : mine
        })`.as('message_id'),
      })
      .from(sql`(select 1)`),
  );
  return { statements, threadId };
}

/** The order a delivery status only moves in; `failed` ends it. */
const RANK: Record<DeliveryStatus, number> = { queued: 0, sent: 1, delivered: 2, read: 3, failed: 4 };
const rankSql = sql`case delivery_status when 'queued' then 0 when 'sent' then 1 when 'delivered' then 2
  when 'read' then 3 else 4 end`;

/**
 * Door function (b), decision 088: the statement that moves one message's delivery status by its
 * provider id (WhatsApp's status webhook), only forwards: `read` after `delivered` holds, a late
 * `delivered` after `read` changes nothing, and `failed` ends it with its error (nothing after it
 * changes it). Applied twice, it changes nothing the second time. `.returning()` gives the message
 * it moved (none when it moved nothing). `onlyIf` (an SQL condition) and an SQL `error` let a
 * caller apply a status it kept (a webhook that came before the thread's copy was written) in the
 * batch that writes the copy.
 */
export function deliveryStatusStatement(
  db: Db,
  providerMessageId: string,
  status: DeliveryStatus,
  error?: string | SQL | null,
  onlyIf?: SQL,
) {
  const failure =
    typeof error === 'string' || error == null
      ? (error ?? 'failed').slice(0, 500)
      : sql`substr(coalesce(${error}, 'failed'), 1, 500)`;
  return db
    .update(conversationMessages)
    .set({ deliveryStatus: status, deliveryError: status === 'failed' ? failure : null })
    .where(
      sql`${conversationMessages.providerMessageId} = ${providerMessageId} and ${rankSql} < ${RANK[status]}${
        onlyIf ? sql` and ${onlyIf}` : sql``
      }`,
    )
    .returning({
      id: conversationMessages.id,
      threadId: conversationMessages.threadId,
      deliveryStatus: conversationMessages.deliveryStatus,
    });
}

/**
 * The statement that records an outbound message's provider id once the provider accepted it
 * (the WhatsApp sender, after `POST /{phone-number-id}/messages` answered its wamid): `queued`
 * becomes `sent`, a status that arrived first is kept.
 */
export function messageSentStatement(db: Db, messageId: number, providerMessageId: string) {
  return db
    .update(conversationMessages)
    .set({
      providerMessageId,
      deliveryStatus: sql`case when ${conversationMessages.deliveryStatus} = 'queued' then 'sent'
        else ${conversationMessages.deliveryStatus} end`,
    })
    .where(
      sql`${conversationMessages.id} = ${messageId} and ${conversationMessages.providerMessageId} is null`,
    );
}

/** The statement that marks an outbound message failed with its error (the provider refused it). */
export function messageFailedStatement(db: Db, messageId: number, error: string) {
  return db
    .update(conversationMessages)
    .set({ deliveryStatus: 'failed', deliveryError: error.slice(0, 500) })
    .where(
      sql`${conversationMessages.id} = ${messageId} and ${conversationMessages.deliveryStatus} <> 'failed'`,
    );
}

/** What a channel sent by itself, or a staff member sent outside a reply (a WhatsApp template). */
export type OutboundMessage = {
  /** The guest's phone: the message lands on its thread (made if none, as for a guest's message). */
  phone: string;
  channel: Exclude<ConversationChannel, 'app'>;
  text: string;
  /** The provider's id (WhatsApp's wamid), null when the provider refused it. */
  providerMessageId: string | null;
  /** `sent` when the provider took it, `failed` with its error otherwise. */
  status: 'sent' | 'failed';
  error?: string | null;
  /** Who sent it: a staff member, else the hotel by itself (author `system`). */
  staffUserId?: number | null;
  at: Date;
};

/**
 * Door function (d): the statements that put an outbound message a channel sent by itself (the
 * automatic sends: confirmation, pre-arrival, deposit, invoice, review request) on the guest's
 * thread, in the caller's batch with the send's outcome. Idempotent on the provider's id; the
 * thread is made if none. Its later statuses move it through `deliveryStatusStatement`.
 */
export function appendOutboundStatements(db: Db, message: OutboundMessage): BatchItem<'sqlite'>[] {
  const key = { phone: message.phone };
  const threadId = threadIdOf(key);
  return [
    // A thread the hotel's own message starts waits for the guest, not the desk: it is made done
    // (nothing to answer), and opens when the guest writes (the messages' trigger).
    ensureThreadStatement(db, key, message.at, 'done'),
    insertWhere(
      db,
      conversationMessages,
      {
        threadId,
        channel: message.channel,
        direction: 'out',
        authorKind: message.staffUserId ? 'staff' : 'system',
        authorUserId: message.staffUserId ?? null,
        body: message.text,
        providerMessageId: message.providerMessageId,
        deliveryStatus: message.status,
        deliveryError: message.status === 'failed' ? (message.error ?? 'failed').slice(0, 500) : null,
        internal: false,
        createdAt: message.at,
      },
      sql`${threadId} is not null`,
    ).onConflictDoNothing(),
  ];
}

/**
 * The statement that tells a guest's message its medium arrived (its R2 key and type) or never will
 * (why, kept in its details), by the provider's id; a medium already stored is never replaced.
 */
export function messageMediaStatement(
  db: Db,
  providerMessageId: string,
  outcome: { key: string; type: string } | { error: string },
) {
  return db
    .update(conversationMessages)
    .set(
      'key' in outcome
        ? { mediaKey: outcome.key, mediaType: outcome.type, mediaState: 'stored' }
        : {
            mediaState: 'failed',
            details: sql`json_set(coalesce(${conversationMessages.details}, '{}'), '$.mediaError', ${outcome.error.slice(0, 300)})`,
          },
    )
    .where(
      sql`${conversationMessages.providerMessageId} = ${providerMessageId}
        and coalesce(${conversationMessages.mediaState}, 'pending') = 'pending'`,
    );
}
