import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { LANGUAGES } from '@shared/constants';
import { createdAt, updatedAt } from '../../platform/columns';

export const EMAIL_OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/** How a row goes: an e-mail to an address, or a text message to a phone (migration 0047). */
export const OUTBOX_CHANNELS = ['email', 'sms'] as const;

/**
 * E-mails to send (migration 0024, docs/decisions/037-email-outbox.md), and the text messages to
 * a booking's phone when its guest gave no address (`channel` 'sms', migration 0047): one row per
 * message, written in the same D1 batch as the state change it reports (modules/messaging/email-outbox.ts),
 * claimed before it is sent so it is sent at most once, retried with backoff on a provider
 * failure. The message is rendered at delivery from the row it names and the site settings.
 */
export const emailOutbox = sqliteTable(
  'email_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** What happened (platform/notify.ts event kinds) or `staff_booking_alert`. */
    kind: text('kind').notNull(),
    /** An e-mail address, or for `sms` the booking's phone (as stored: shared/src/digits.ts normalizePhone). */
    recipient: text('recipient').notNull(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull().default('email'),
    lang: text('lang', { enum: LANGUAGES }).notNull().default('ar'),
    /** `booking`, `review` or an entry kind (`photography`, `google_review`, `location_sharing`). */
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    /** Why (a cancellation's or rejection's reason, `expired`), when the change said. */
    reason: text('reason'),
    status: text('status', { enum: EMAIL_OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    /** The delivery that claimed the row (status `sending`) and when. */
    claimToken: text('claim_token'),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // A guest's export and erasure: the e-mails to their address (migration 0032).
    index('email_outbox_recipient_idx').on(t.recipient),
    check('email_outbox_status_check', sql`${t.status} in ('queued', 'sending', 'sent', 'failed')`),
    check('email_outbox_lang_check', sql`${t.lang} in ('ar', 'en')`),
    check('email_outbox_channel_check', sql`${t.channel} in ('email', 'sms')`),
  ],
);
export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
