import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import {
  EXTRA_CHANNELS,
  EXTRA_KINDS,
  EXTRA_PURCHASE_STATUSES,
  type ExtraDetails,
  type ExtraPhoto,
  type ExtraTier,
} from '@shared/extras';
import { FOLIO_DEPARTMENTS } from '@shared/taxes';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';
import { bookingSubmissions } from '../bookings/tables';

/**
 * The extras' tables (migration 0102, docs/decisions/098-stay-extras.md): the hotel's offers, each
 * stay's purchases of them (their moves held by triggers: a daily cap, forward only), and the offers
 * each stay was shown, by channel (the report's "made").
 */

/** A photo of an offer as kept: its R2 key (under `extras/`), size and blurred placeholder. */
export type StoredExtraPhoto = ExtraPhoto & { key: string; contentType: string };

export const extras = sqliteTable(
  'extras',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: EXTRA_KINDS }).notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionAr: text('description_ar').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    priceBaisa: integer('price_baisa').notNull(),
    department: text('department', { enum: FOLIO_DEPARTMENTS }).notNull(),
    fromRoomType: text('from_room_type'),
    toRoomType: text('to_room_type'),
    /** Sold at once (true) or a request the desk answers. */
    instant: integer('instant', { mode: 'boolean' }).notNull().default(true),
    /** Rooms a day (an early check-in, a late check-out); null: no cap. */
    dailyCap: integer('daily_cap'),
    tiers: text('tiers', { mode: 'json' }).$type<ExtraTier[]>().notNull().default([]),
    /** The plans and types that may buy it (empty: every one). */
    ratePlans: text('rate_plans', { mode: 'json' }).$type<string[]>().notNull().default([]),
    roomTypes: text('room_types', { mode: 'json' }).$type<string[]>().notNull().default([]),
    photo: text('photo', { mode: 'json' }).$type<StoredExtraPhoto>(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** Deleted by a manager: kept for the purchases that name it, offered no more. */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'extras_kind_check',
      sql`${t.kind} in ('upgrade', 'early_check_in', 'late_check_out', 'breakfast', 'transfer', 'other')`,
    ),
    check('extras_price_check', sql`${t.priceBaisa} > 0`),
    check(
      'extras_upgrade_check',
      sql`(${t.kind} = 'upgrade') = (${t.fromRoomType} is not null and ${t.toRoomType} is not null and ${t.fromRoomType} <> ${t.toRoomType})`,
    ),
    check(
      'extras_cap_check',
      sql`${t.dailyCap} is null or (${t.kind} in ('early_check_in', 'late_check_out') and ${t.dailyCap} between 1 and 500)`,
    ),
    index('extras_active_idx')
      .on(t.kind)
      .where(sql`${t.active} = 1 and ${t.deletedAt} is null`),
  ],
);
export type Extra = typeof extras.$inferSelect;

export const extraPurchases = sqliteTable(
  'extra_purchases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookingSubmissions.id, { onDelete: 'cascade' }),
    extraId: integer('extra_id')
      .notNull()
      .references(() => extras.id),
    /** The offer's kind when bought (the report and the day's revenue count by it). */
    kind: text('kind', { enum: EXTRA_KINDS }).notNull(),
    status: text('status', { enum: EXTRA_PURCHASE_STATUSES }).notNull(),
    channel: text('channel', { enum: EXTRA_CHANNELS }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceBaisa: integer('unit_price_baisa').notNull(),
    totalBaisa: integer('total_baisa').notNull(),
    /** The day it is for: the arrival (the departure for a late check-out). */
    serviceDate: text('service_date').notNull(),
    /** HH:MM: an early check-in's or late check-out's hour, a transfer's flight time. */
    serviceTime: text('service_time'),
    details: text('details', { mode: 'json' }).$type<ExtraDetails>().notNull().default({}),
    /** An upgrade: the type the stay left and the type it took. */
    fromRoomType: text('from_room_type'),
    toRoomType: text('to_room_type'),
    /** The stay's plan takes a deposit: the guest pays it online (else it stays on the folio). */
    payOnline: integer('pay_online', { mode: 'boolean' }).notNull().default(false),
    /** The checkout the guest opened to pay it (modules/payments), if any. */
    paymentSessionId: integer('payment_session_id'),
    /** Stamped by the request that made or last moved it (platform/atomic.ts). */
    token: text('token').notNull(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    declineReason: text('decline_reason'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'extra_purchases_kind_check',
      sql`${t.kind} in ('upgrade', 'early_check_in', 'late_check_out', 'breakfast', 'transfer', 'other')`,
    ),
    check(
      'extra_purchases_status_check',
      sql`${t.status} in ('requested', 'confirmed', 'declined', 'expired', 'cancelled')`,
    ),
    check('extra_purchases_channel_check', sql`${t.channel} in ('app', 'whatsapp', 'desk')`),
    check(
      'extra_purchases_amount_check',
      sql`${t.quantity} between 1 and 999 and ${t.unitPriceBaisa} > 0 and ${t.totalBaisa} > 0`,
    ),
    uniqueIndex('extra_purchases_token_idx').on(t.token),
    index('extra_purchases_booking_idx').on(t.bookingId),
    // The daily cap's trigger counts an offer's holding purchases of a day along this.
    index('extra_purchases_cap_idx')
      .on(t.extraId, t.serviceDate)
      .where(sql`${t.status} in ('requested', 'confirmed')`),
    // A stay buys an upgrade, an early check-in, a late check-out or breakfast once.
    uniqueIndex('extra_purchases_once_idx')
      .on(t.bookingId, t.extraId)
      .where(
        sql`${t.status} in ('requested', 'confirmed') and ${t.kind} in ('upgrade', 'early_check_in', 'late_check_out', 'breakfast')`,
      ),
    // The desk's requests waiting, by the day they are for.
    index('extra_purchases_requested_idx')
      .on(t.serviceDate)
      .where(sql`${t.status} = 'requested'`),
    index('extra_purchases_created_at_idx').on(t.createdAt),
    index('extra_purchases_decided_by_idx')
      .on(t.decidedBy)
      .where(sql`${t.decidedBy} is not null`),
    index('extra_purchases_created_by_idx')
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
  ],
);
export type ExtraPurchase = typeof extraPurchases.$inferSelect;

/** Which offers a stay was shown, once per channel (the first time): the report's offers made. */
export const extraOffersShown = sqliteTable(
  'extra_offers_shown',
  {
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookingSubmissions.id, { onDelete: 'cascade' }),
    extraId: integer('extra_id')
      .notNull()
      .references(() => extras.id),
    channel: text('channel', { enum: EXTRA_CHANNELS }).notNull(),
    /** The hotel's date it was first shown on this channel. */
    shownDate: text('shown_date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.extraId, t.channel] }),
    check('extra_offers_shown_channel_check', sql`${t.channel} in ('app', 'whatsapp', 'desk')`),
    index('extra_offers_shown_date_idx').on(t.shownDate),
  ],
);
