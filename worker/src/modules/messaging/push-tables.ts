import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { USER_ROLES } from '@shared/constants';
import { createdAt, nowMs, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';

/**
 * Web Push (migration 0025, docs/decisions/038-web-push.md): a browser's
 * subscription, tied to the signed-in account and to the device that made it (its `X-Device-Id`,
 * also stored on the bookings and entries that device sends); staff and admin subscriptions get
 * the staff alerts; every message is written in the subscription's language.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The push service's URL for this browser (a secret; on the allow-list, modules/messaging/push-subscriptions.ts). */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key, 65 bytes uncompressed, base64url. */
    p256dh: text('p256dh').notNull(),
    /** The browser's authentication secret, 16 bytes, base64url. */
    auth: text('auth').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id'),
    role: text('role', { enum: USER_ROLES }).notNull().default('guest'),
    lang: text('lang', { enum: ['ar', 'en'] })
      .notNull()
      .default('ar'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastSuccessAt: integer('last_success_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_id_idx').on(t.userId),
    index('push_subscriptions_device_id_idx').on(t.deviceId),
    index('push_subscriptions_staff_idx')
      .on(t.role)
      .where(sql`${t.role} <> 'guest'`),
    check(
      'push_subscriptions_role_check',
      sql`${t.role} in ('guest', 'housekeeper', 'staff', 'manager', 'admin')`,
    ),
    check('push_subscriptions_lang_check', sql`${t.lang} in ('ar', 'en')`),
  ],
);

/** What a message's text names, taken from its subject when it is queued. */
export type PushDetails = {
  roomType?: string;
  /** The room type's own names (its catalogue row, when it is queued). */
  roomNameAr?: string | null;
  roomNameEn?: string | null;
  checkIn?: string;
  checkOut?: string;
  reason?: string | null;
  /** A guest's in-stay request: its type, the room's number and a late check-out's time. */
  requestType?: string;
  room?: string | null;
  requestedTime?: string | null;
  /** A conversation's message: its thread, the guest's name and the first words (modules/conversations). */
  threadId?: number;
  guestName?: string | null;
  preview?: string;
  channel?: string;
};

export const PUSH_STATES = ['pending', 'sending', 'sent', 'failed'] as const;

/** One message for one subscription (modules/messaging/push-outbox.ts): written when sent, in its language. */
export const pushOutbox = sqliteTable(
  'push_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    entryKind: text('entry_kind'),
    subjectId: integer('subject_id').notNull(),
    reference: text('reference'),
    /** JSON of what the text names (a booking's room and dates, a reason), modules/messaging/push-outbox.ts. */
    details: text('details', { mode: 'json' }).$type<PushDetails>(),
    state: text('state', { enum: PUSH_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('push_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    index('push_outbox_subscription_id_idx').on(t.subscriptionId),
    check('push_outbox_state_check', sql`${t.state} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);
