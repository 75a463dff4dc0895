import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';

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
    // Migration 0026: the e-mail codes' rules for phone codes.
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
