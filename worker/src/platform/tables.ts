import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { USER_ROLES } from '@shared/constants';
import { createdAt, updatedAt } from './columns';

/** A file sent with an e-mail (a booking's .ics): content base64. */
export type MailAttachment = { filename: string; contentType: string; content: string };

/** Who did what to which record, with the record before and after (JSON). */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    // An account's deletion looks up the lines it wrote (migration 0032).
    index('audit_log_actor_user_id_idx')
      .on(t.actorUserId)
      .where(sql`${t.actorUserId} is not null`),
  ],
);

/**
 * The first answer per Idempotency-Key: a retry of the same create gets the
 * stored answer instead of a second record.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_scope_key_idx').on(t.scope, t.key)],
);

/** Development only: e-mails "sent" while ENVIRONMENT=development. */
export const devMailbox = sqliteTable(
  'dev_mailbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** What was attached (migration 0024), content base64. */
    attachments: text('attachments', { mode: 'json' })
      .$type<MailAttachment[]>()
      .notNull()
      .default(sql`'[]'`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.to, t.createdAt)],
);

/** Development only (migration 0026): the SMS and WhatsApp messages "sent" (GET /api/dev/messages). */
export const devMessages = sqliteTable(
  'dev_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    channel: text('channel').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('dev_messages_to_idx').on(t.to, t.createdAt)],
);

/** Per-resource write counters for cheap polling validators (platform/change-counters.ts). */
export const changeCounters = sqliteTable('change_counters', {
  resource: text('resource').primaryKey(),
  version: integer('version').notNull().default(0),
});

/**
 * Accounts of guests, staff and admins. The spec's separate `admins` table is
 * folded into `role`; e-mail codes live in `email_codes`
 * so that each code has its own expiry, attempt count and single use.
 */
export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    fullName: text('full_name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>`; null for Google-only accounts. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: USER_ROLES }).notNull().default('guest'),
    isVerified: integer('is_verified', { mode: 'boolean' }).notNull().default(false),
    isDisabled: integer('is_disabled', { mode: 'boolean' }).notNull().default(false),
    googleSub: text('google_sub'),
    /**
     * The first password someone registered with this address after it had an account, hashed
     * with the account's salt (migration 0046): a login with it is answered as a new, unverified
     * account's would be (go and enter the code), so it tells nobody the address was taken.
     */
    registrationAttemptHash: text('registration_attempt_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    uniqueIndex('users_google_sub_idx').on(t.googleSub),
    // The housekeepers a supervisor gives rooms to, by name (migration 0089): not every account.
    index('users_housekeepers_idx')
      .on(t.fullName)
      .where(sql`${t.role} = 'housekeeper'`),
    check(
      'users_role_check',
      sql`${t.role} in ('guest', 'outlet', 'housekeeper', 'maintenance', 'staff', 'manager', 'admin')`,
    ),
  ],
);
export type User = typeof users.$inferSelect;

/** Server-side sessions: the cookie holds a random id, the table only its SHA-256. */
export const sessions = sqliteTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** Statistics step-up: granted by the password gate, short-lived. */
    statsAccessUntil: integer('stats_access_until', { mode: 'timestamp_ms' }),
    userAgent: text('user_agent'),
    /*
     * A copy of the user's name, e-mail and role, kept equal to the user's by triggers
     * (migrations/0019): a signed-in request reads one row, not the session joined to its user.
     * Set by a trigger on insert; null only in the same statement.
     */
    userFullName: text('user_full_name'),
    userEmail: text('user_email'),
    userRole: text('user_role', { enum: USER_ROLES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);
export type Session = typeof sessions.$inferSelect;

/** Fixed-window counters for throttling (login failures, resends, stats gate). */
export const rateLimits = sqliteTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: integer('window_start', { mode: 'timestamp_ms' }).notNull(),
    count: integer('count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('rate_limits_key_window_idx').on(t.key, t.windowStart)],
);

/** Messages for a participant's phone (moderation decisions, booking updates). */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userPhone: text('user_phone').notNull(),
    title: text('title').notNull(),
    titleAr: text('title_ar').notNull(),
    message: text('message').notNull(),
    messageAr: text('message_ar').notNull(),
    type: text('type').notNull(),
    isRead: integer('is_read', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The account it is for (the booking's or the entry's); a guest reads only these. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id'),
    entryType: text('entry_type'),
    entryId: integer('entry_id'),
  },
  (t) => [
    index('notifications_user_phone_idx').on(t.userPhone, t.createdAt),
    index('notifications_user_id_idx').on(t.userId, t.createdAt),
    // A guest's unread count reads their unread rows only (migration 0027).
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = 0`),
  ],
);

/**
 * The staff's alerts (migration 0027): one row per booking request and
 * prize-draw entry that arrives, written by triggers in the statement that inserts it (the
 * desk's own walk-ins excepted). Shared by every member of staff; each one's read state is in
 * `staff_alert_watermarks` and `staff_alert_reads`. The app words them (Lingui); the name, phone
 * and stay are read from the booking or entry when listed (no second copy of personal data).
 */
export const STAFF_ALERT_KINDS = [
  'booking_request',
  'free_night',
  'photography_entry',
  'rating_entry',
  'location_entry',
  /** A guest checked in online (modules/bookings/online-check-in.ts), written in the check-in's batch. */
  'online_check_in',
  /** A guest changed their booking (modules/bookings/booking-changes.ts): to approve again. */
  'booking_changed',
  /** A guest in house asked for something: `stay_request_id` names it. */
  'stay_request',
  /** A payment arrived online for the booking (modules/payments, decision 071). */
  'payment_received',
  /** An OTA's booking the channel manager brought, placed and confirmed (migration 0082's trigger): nothing to approve. */
  'channel_booking',
  /** An OTA's booking the hotel could not place (`reason`: its channel flag): staff place it by hand. */
  'channel_booking_flagged',
  /** An OTA changed one of its bookings (modules/bookings/channel-alerts.ts). */
  'channel_booking_changed',
  /** An OTA cancelled one of its bookings (modules/bookings/channel-alerts.ts). */
  'channel_booking_cancelled',
] as const;

export const staffAlerts = sqliteTable(
  'staff_alerts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: STAFF_ALERT_KINDS }).notNull(),
    bookingId: integer('booking_id'),
    entryId: integer('entry_id'),
    createdAt: createdAt(),
    /** The guest's in-stay request the alert is about (migration 0035). */
    stayRequestId: integer('stay_request_id'),
    /** Why, where the kind has a reason (migration 0082): an OTA booking's channel flag when it was raised. */
    reason: text('reason'),
  },
  (t) => [index('staff_alerts_created_at_idx').on(t.createdAt)],
);

/** A member of staff has read every alert up to this one (created_at, then id): "mark all read". */
export const staffAlertWatermarks = sqliteTable('staff_alert_watermarks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  readThroughAt: integer('read_through_at').notNull(),
  readThroughId: integer('read_through_id').notNull(),
  updatedAt: updatedAt(),
});

/** Single alerts a member of staff has read above their watermark. */
export const staffAlertReads = sqliteTable(
  'staff_alert_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertId: integer('alert_id')
      .notNull()
      .references(() => staffAlerts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.alertId] })],
);
