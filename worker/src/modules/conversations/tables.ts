import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';
import {
  CONVERSATION_CHANNELS,
  CONVERSATION_MESSAGE_KINDS,
  DELIVERY_STATUSES,
  THREAD_STATUSES,
} from '@shared/conversation-schemas';

/**
 * Conversations (migration 0086, docs/decisions/088-conversations.md): one thread per guest (their
 * account, their booking when they hold its link without its account (migration 0098), their guest
 * profile, or a phone number that matches nobody yet), its messages from every
 * channel, and the desk's saved replies. The thread's time, preview, unread counts and the channel
 * the guest last wrote on are kept by the trigger `conversation_message_moves_thread`, in the
 * message's own statement.
 */
export const conversationThreads = sqliteTable(
  'conversation_threads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** guest_profiles.id (modules/guests owns the profiles; no foreign key declared here across the door). */
    profileId: integer('profile_id'),
    phone: text('phone'),
    /**
     * booking_submissions.id (modules/bookings; no foreign key across the door): the thread of a
     * booking's holder who is not its signed-in account (a link, a reference and phone). It keeps
     * the booking's profile for the desk and never a phone.
     */
    bookingId: integer('booking_id'),
    guestName: text('guest_name'),
    status: text('status', { enum: THREAD_STATUSES }).notNull().default('open'),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: integer('last_message_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    lastChannel: text('last_channel', { enum: CONVERSATION_CHANNELS }).notNull().default('app'),
    lastGuestMessageAt: integer('last_guest_message_at', { mode: 'timestamp_ms' }),
    lastPreview: text('last_preview').notNull().default(''),
    unreadStaff: integer('unread_staff').notNull().default(0),
    unreadGuest: integer('unread_guest').notNull().default(0),
    guestDeviceId: text('guest_device_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('conversation_threads_user_id_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('conversation_threads_profile_id_idx')
      .on(t.profileId)
      .where(sql`${t.profileId} is not null and ${t.bookingId} is null`),
    uniqueIndex('conversation_threads_phone_only_idx')
      .on(t.phone)
      .where(sql`${t.userId} is null and ${t.profileId} is null and ${t.bookingId} is null`),
    uniqueIndex('conversation_threads_booking_id_idx')
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
    index('conversation_threads_phone_idx')
      .on(t.phone)
      .where(sql`${t.phone} is not null`),
    index('conversation_threads_last_message_idx').on(t.lastMessageAt, t.id),
    index('conversation_threads_status_last_message_idx').on(t.status, t.lastMessageAt, t.id),
    index('conversation_threads_assigned_last_message_idx').on(t.assignedTo, t.lastMessageAt, t.id),
    check('conversation_threads_status_check', sql`${t.status} IN ('open', 'done')`),
    check('conversation_threads_channel_check', sql`${t.lastChannel} IN ('app', 'whatsapp')`),
    check('conversation_threads_unread_check', sql`${t.unreadStaff} >= 0 AND ${t.unreadGuest} >= 0`),
  ],
);
export type ConversationThread = typeof conversationThreads.$inferSelect;

export const conversationMessages = sqliteTable(
  'conversation_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => conversationThreads.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: CONVERSATION_CHANNELS }).notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    authorKind: text('author_kind', { enum: ['guest', 'staff', 'system'] }).notNull(),
    authorUserId: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    /** What the message is (WhatsApp's kinds; the app's chat writes text). */
    kind: text('kind', { enum: CONVERSATION_MESSAGE_KINDS }).notNull().default('text'),
    mediaKey: text('media_key'),
    /** The medium's type (its MIME type), and whether it is there yet or never will be. */
    mediaType: text('media_type'),
    mediaState: text('media_state', { enum: ['pending', 'stored', 'failed'] }),
    /** What else the kind carries, as JSON (shared/src/conversation-schemas.ts MessageDetails). */
    details: text('details'),
    providerMessageId: text('provider_message_id'),
    deliveryStatus: text('delivery_status', { enum: DELIVERY_STATUSES }).notNull().default('sent'),
    deliveryError: text('delivery_error'),
    internal: integer('internal', { mode: 'boolean' }).notNull().default(false),
    /** booking_submissions.id (modules/bookings), when the guest wrote from a booking's page. */
    bookingId: integer('booking_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversation_messages_provider_id_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    index('conversation_messages_thread_idx').on(t.threadId, t.id),
    index('conversation_messages_booking_id_idx')
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
    index('conversation_messages_author_user_id_idx')
      .on(t.authorUserId)
      .where(sql`${t.authorUserId} is not null`),
    check('conversation_messages_channel_check', sql`${t.channel} IN ('app', 'whatsapp')`),
    check('conversation_messages_direction_check', sql`${t.direction} IN ('in', 'out')`),
    check('conversation_messages_author_check', sql`${t.authorKind} IN ('guest', 'staff', 'system')`),
    check(
      'conversation_messages_status_check',
      sql`${t.deliveryStatus} IN ('queued', 'sent', 'delivered', 'read', 'failed')`,
    ),
    check('conversation_messages_internal_check', sql`${t.internal} = 0 OR ${t.direction} = 'out'`),
    check(
      'conversation_messages_kind_check',
      sql`${t.kind} IN ('text', 'image', 'audio', 'video', 'document', 'sticker', 'location', 'contacts', 'button', 'interactive', 'reaction', 'system', 'unsupported')`,
    ),
    check('conversation_messages_media_state_check', sql`${t.mediaState} IN ('pending', 'stored', 'failed')`),
  ],
);
export type ConversationMessage = typeof conversationMessages.$inferSelect;

export const conversationSavedReplies = sqliteTable(
  'conversation_saved_replies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    bodyAr: text('body_ar').notNull(),
    bodyEn: text('body_en').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('conversation_saved_replies_created_by_idx')
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
  ],
);
