import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { USER_ROLES } from '../../../../shared/src/constants';
import { createdAt, updatedAt } from '../../platform/columns';

/**
 * Accounts of guests, staff and admins. The spec's separate `admins` table is
 * folded into `role` (DESIGN.md "Roles"); e-mail codes live in `email_codes`
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    uniqueIndex('users_google_sub_idx').on(t.googleSub),
    check('users_role_check', sql`${t.role} in ('guest', 'staff', 'admin')`),
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
    /** Statistics step-up (DESIGN.md): granted by the password gate, short-lived. */
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

/** Six-digit e-mail codes: single use, 10 minutes, at most 5 wrong tries. */
export const emailCodes = sqliteTable(
  'email_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] })
      .notNull()
      .default('verify_email'),
    codeHash: text('code_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Stamped by the request that used the code (platform/atomic.ts). */
    changeToken: text('change_token'),
  },
  (t) => [index('email_codes_user_id_idx').on(t.userId, t.purpose)],
);

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

/** Spec: phone verification requests (phone 8+ characters, code exactly 6). */
export const phoneVerificationRequests = sqliteTable(
  'phone_verification_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    phoneNumber: text('phone_number').notNull(),
    verificationCodeHash: text('verification_code_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    isUsed: integer('is_used', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Migration 0026 (issue 29): the e-mail codes' rules for phone codes.
    attempts: integer('attempts').notNull().default(0),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    /** Stamped by the request that used the code (platform/atomic.ts). */
    changeToken: text('change_token'),
    channel: text('channel', { enum: ['sms', 'whatsapp'] })
      .notNull()
      .default('sms'),
  },
  (t) => [index('phone_verification_requests_phone_number_idx').on(t.phoneNumber)],
);

/** A signed-in guest's proven phones (migration 0026): their entries need no new code elsewhere. */
export const userPhones = sqliteTable(
  'user_phones',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Normalised (shared/src/digits.ts normalizePhone). */
    phoneNumber: text('phone_number').notNull(),
    verifiedAt: integer('verified_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_phones_user_phone_idx').on(t.userId, t.phoneNumber)],
);
