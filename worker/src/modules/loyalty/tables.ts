import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';
import { bookingSubmissions } from '../bookings/tables';
import { VIP_CARD_TYPES } from '@shared/constants';

/** VIP card holders, stored on the server. */
export const vipBeneficiaries = sqliteTable(
  'vip_beneficiaries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    fullName: text('full_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    civilId: text('civil_id').notNull(),
    cardType: text('card_type', { enum: VIP_CARD_TYPES }).notNull(),
    startDate: text('start_date').notNull(),
    expiryDate: text('expiry_date').notNull(),
    coffeesUsed: integer('coffees_used').notNull().default(0),
    freeNightsUsed: integer('free_nights_used').notNull().default(0),
    lastCoffeeAt: integer('last_coffee_at', { mode: 'timestamp_ms' }),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Stamped by the request that won the latest benefit use (platform/atomic.ts). */
    changeToken: text('change_token'),
  },
  (t) => [
    index('vip_beneficiaries_phone_number_idx').on(t.phoneNumber),
    // An account's deletion looks up the cards its member of staff added (migration 0032).
    index('vip_beneficiaries_created_by_user_id_idx')
      .on(t.createdByUserId)
      .where(sql`${t.createdByUserId} is not null`),
    check('vip_beneficiaries_usage_check', sql`${t.coffeesUsed} >= 0 and ${t.freeNightsUsed} >= 0`),
  ],
);

/** Every recorded use of a VIP benefit. */
export const vipUsages = sqliteTable(
  'vip_usages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    beneficiaryId: integer('beneficiary_id')
      .notNull()
      .references(() => vipBeneficiaries.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['coffee', 'free_night'] }).notNull(),
    staffUserId: integer('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('vip_usages_beneficiary_id_idx').on(t.beneficiaryId, t.createdAt)],
);

/** The balance; always the sum of the user's point_transactions, never negative. */
export const userPoints = sqliteTable(
  'user_points',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userEmail: text('user_email').notNull(),
    totalPoints: integer('total_points').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_points_user_email_idx').on(t.userEmail),
    check('user_points_non_negative_check', sql`${t.totalPoints} >= 0`),
  ],
);

/**
 * The points ledger, the truth. `kind` plus `booking_id` is unique for
 * earn and reversal, so a booking is credited once and reversed once however
 * often or concurrently "complete" or "cancel" runs.
 */
export const pointTransactions = sqliteTable(
  'point_transactions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userEmail: text('user_email').notNull(),
    /** Signed: positive when earned, negative when spent or reversed. */
    pointsEarned: integer('points_earned').notNull(),
    kind: text('kind', { enum: ['earn', 'reversal', 'redeem', 'refund', 'adjustment'] }).notNull(),
    reason: text('reason').notNull(),
    reasonAr: text('reason_ar').notNull(),
    bookingId: integer('booking_id').references(() => bookingSubmissions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('point_transactions_user_email_idx').on(t.userEmail, t.createdAt),
    uniqueIndex('point_transactions_booking_id_kind_idx')
      .on(t.bookingId, t.kind)
      .where(sql`${t.bookingId} is not null and ${t.kind} in ('earn', 'reversal', 'redeem')`),
  ],
);
