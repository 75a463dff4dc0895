import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import type { CancellationRule, DepositRule } from '@shared/rates';
import { createdAt, nowMs, updatedAt } from '../../platform/columns';

/**
 * Rate plans (migration 0055, decision 061): what the hotel sells a room type under. Plan
 * `standard` always exists (the spec's prices, the site's free-cancellation hours) and is never
 * retired; a plan may follow a parent's prices with a percentage.
 */
export const ratePlans = sqliteTable(
  'rate_plans',
  {
    code: text('code').primaryKey(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    /**
     * The room types the plan sells: codes of the hotel's types (`rooms`), checked by the worker,
     * which always writes the list (migration 0067: no default names the spec's four).
     */
    roomTypes: text('room_types', { mode: 'json' })
      .$type<RoomTypeCode[]>()
      .notNull()
      .default(sql`'[]'`),
    breakfastIncluded: integer('breakfast_included', { mode: 'boolean' }).notNull().default(false),
    cancellation: text('cancellation', { mode: 'json' })
      .$type<CancellationRule>()
      .notNull()
      .default(sql`'{"kind":"free_until","hours":24}'`),
    deposit: text('deposit', { mode: 'json' })
      .$type<DepositRule>()
      .notNull()
      .default(sql`'{"kind":"none"}'`),
    /** A pending request sold under this plan is confirmed as soon as its deposit is paid (migration 0061). */
    confirmOnDeposit: integer('confirm_on_deposit', { mode: 'boolean' }).notNull().default(false),
    parentCode: text('parent_code').references((): AnySQLiteColumn => ratePlans.code),
    parentAdjustmentPercent: integer('parent_adjustment_percent'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** A plan that is not public is sold only to bookings of a company that has it (migration 0071). */
    public: integer('public', { mode: 'boolean' }).notNull().default(true),
    /**
     * What each guest beyond a room type's base occupancy pays a night on the plan, unless a night
     * sets its own (migration 0084); null: the parent's (adjusted) or the room type's.
     */
    extraGuestPriceBaisa: integer('extra_guest_price_baisa'),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'rate_plans_code_check',
      sql`${t.code} GLOB '[a-z]*' AND length(${t.code}) <= 32 AND ${t.code} NOT GLOB '*[^a-z0-9_]*'`,
    ),
    check('rate_plans_parent_check', sql`(${t.parentCode} IS NULL) = (${t.parentAdjustmentPercent} IS NULL)`),
    check('rate_plans_adjustment_check', sql`${t.parentAdjustmentPercent} BETWEEN -90 AND 200`),
    check('rate_plans_extra_guest_price_check', sql`${t.extraGuestPriceBaisa} BETWEEN 0 AND 10000000`),
    check(
      'rate_plans_standard_check',
      sql`${t.code} <> 'standard' OR (${t.active} = 1 AND ${t.parentCode} IS NULL)`,
    ),
    // One active plan per name in each language, without case or spaces (migration 0064).
    uniqueIndex('rate_plans_active_name_ar_idx')
      .on(sql`lower(replace(${t.nameAr}, ' ', ''))`)
      .where(sql`${t.active} = 1`),
    uniqueIndex('rate_plans_active_name_en_idx')
      .on(sql`lower(replace(${t.nameEn}, ' ', ''))`)
      .where(sql`${t.active} = 1`),
  ],
);
export type RatePlanRow = typeof ratePlans.$inferSelect;

/**
 * One row per plan, room type and night with anything of its own (a null column: nothing set).
 * Prices in baisa; restrictions judged on the arrival night (stays, closed to arrival) or the
 * departure date (closed to departure).
 */
export const rateNights = sqliteTable(
  'rate_nights',
  {
    ratePlan: text('rate_plan')
      .notNull()
      .references(() => ratePlans.code),
    roomType: text('room_type').notNull(),
    night: text('night').notNull(),
    priceBaisa: integer('price_baisa'),
    singlePriceBaisa: integer('single_price_baisa'),
    extraGuestPriceBaisa: integer('extra_guest_price_baisa'),
    minStay: integer('min_stay'),
    maxStay: integer('max_stay'),
    closed: integer('closed', { mode: 'boolean' }),
    closedToArrival: integer('closed_to_arrival', { mode: 'boolean' }),
    closedToDeparture: integer('closed_to_departure', { mode: 'boolean' }),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [
    primaryKey({ columns: [t.ratePlan, t.roomType, t.night] }),
    check(
      'rate_nights_price_check',
      sql`${t.priceBaisa} >= 0 AND ${t.singlePriceBaisa} >= 0 AND ${t.extraGuestPriceBaisa} >= 0`,
    ),
    check('rate_nights_stay_check', sql`${t.minStay} BETWEEN 1 AND 365 AND ${t.maxStay} BETWEEN 1 AND 365`),
  ],
);
export type RateNightRow = typeof rateNights.$inferSelect;
