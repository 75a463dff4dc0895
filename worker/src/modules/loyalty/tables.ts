import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';
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
