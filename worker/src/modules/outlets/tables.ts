import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { InvoiceLine, InvoiceParty, InvoiceTaxTotal, TaxAmount } from '@shared/folio';
import { ORDER_REFUSAL_REASONS, ORDER_STATUSES, type OrderLine } from '@shared/outlet-orders';
import {
  CHECK_SETTLEMENTS,
  CHECK_SOURCES,
  OUTLET_KINDS,
  OUTLET_PAYMENT_METHODS,
  type CheckLine,
} from '@shared/outlets';
import { FOLIO_DEPARTMENTS } from '@shared/taxes';
import { createdAt, nowMs, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';
import { bookingSubmissions } from '../bookings/tables';

/**
 * The outlets' tables (migration 0088, docs/decisions/090-outlets.md): the outlets, their items,
 * staff and keys; the checks (never changed: triggers) and their voids.
 */

export const outlets = sqliteTable(
  'outlets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    kind: text('kind', { enum: OUTLET_KINDS }).notNull(),
    opensAt: text('opens_at').notNull().default('00:00'),
    closesAt: text('closes_at').notNull().default('00:00'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** The tablet's last check number, bumped in each check's batch. */
    lastCheckNumber: integer('last_check_number').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Whether guests in house order from it in the app (migration 0105, decision 102). */
    appOrders: integer('app_orders', { mode: 'boolean' }).notNull().default(false),
    /** Treatments it gives at once (a spa's therapists): an order's time is taken past it. */
    slotCapacity: integer('slot_capacity').notNull().default(1),
  },
  (t) => [
    check(
      'outlets_kind_check',
      sql`${t.kind} in ('restaurant', 'cafe', 'spa', 'laundry', 'minibar', 'pool_bar', 'other')`,
    ),
    check('outlets_slot_capacity_check', sql`${t.slotCapacity} BETWEEN 1 AND 50`),
  ],
);
export type Outlet = typeof outlets.$inferSelect;

export const outletItems = sqliteTable(
  'outlet_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    outletId: integer('outlet_id')
      .notNull()
      .references(() => outlets.id),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    priceBaisa: integer('price_baisa').notNull(),
    department: text('department', { enum: FOLIO_DEPARTMENTS }).notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Ordered in the app too, or only at the outlet (migration 0105). */
    appOrderable: integer('app_orderable', { mode: 'boolean' }).notNull().default(true),
    /** A treatment's length: booked at a time, it holds one of the outlet's places that long. */
    durationMinutes: integer('duration_minutes'),
    /** Its photo's R2 key (`media/<uuid>-960.<ext>`, served by /media/). */
    photoKey: text('photo_key'),
  },
  (t) => [
    index('outlet_items_outlet_idx').on(t.outletId, t.id),
    check('outlet_items_price_check', sql`${t.priceBaisa} > 0`),
    check(
      'outlet_items_duration_check',
      sql`${t.durationMinutes} IS NULL OR ${t.durationMinutes} BETWEEN 5 AND 480`,
    ),
  ],
);
export type OutletItem = typeof outletItems.$inferSelect;

export const outletStaff = sqliteTable(
  'outlet_staff',
  {
    outletId: integer('outlet_id')
      .notNull()
      .references(() => outlets.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.outletId, t.userId] }), index('outlet_staff_user_idx').on(t.userId)],
);

/** An outside point-of-sale system's key: only its SHA-256 is kept (shown once when made). */
export const outletKeys = sqliteTable(
  'outlet_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    outletId: integer('outlet_id')
      .notNull()
      .references(() => outlets.id),
    label: text('label').notNull(),
    keyHash: text('key_hash').notNull(),
    /** The key's last four characters, to tell keys apart on the screen. */
    keyHint: text('key_hint').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('outlet_keys_hash_idx').on(t.keyHash),
    index('outlet_keys_outlet_idx').on(t.outletId, t.id),
    index('outlet_keys_created_by_idx')
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
  ],
);

/** A paid check's document as issued (its number is the row's year and sequence). */
export type CheckDocument = {
  supplier: InvoiceParty;
  lines: InvoiceLine[];
  taxTotals: InvoiceTaxTotal[];
  issueDate: string;
};

export const outletChecks = sqliteTable(
  'outlet_checks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    outletId: integer('outlet_id')
      .notNull()
      .references(() => outlets.id),
    source: text('source', { enum: CHECK_SOURCES }).notNull(),
    checkNumber: text('check_number').notNull(),
    businessDate: text('business_date').notNull(),
    settlement: text('settlement', { enum: CHECK_SETTLEMENTS }).notNull(),
    bookingId: integer('booking_id').references(() => bookingSubmissions.id),
    method: text('method', { enum: OUTLET_PAYMENT_METHODS }),
    approvalCode: text('approval_code'),
    lines: text('lines', { mode: 'json' }).$type<CheckLine[]>().notNull(),
    taxes: text('taxes', { mode: 'json' }).$type<TaxAmount[]>().notNull().default([]),
    netBaisa: integer('net_baisa').notNull(),
    taxBaisa: integer('tax_baisa').notNull(),
    totalBaisa: integer('total_baisa').notNull(),
    invoice: text('invoice', { mode: 'json' }).$type<CheckDocument>(),
    invoiceYear: integer('invoice_year'),
    invoiceSequence: integer('invoice_sequence'),
    keyId: integer('key_id').references(() => outletKeys.id),
    /** The request's own token (platform/atomic.ts): the statements after the check find it by it. */
    token: text('token').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('outlet_checks_source_check', sql`${t.source} in ('tablet', 'pos')`),
    check('outlet_checks_settlement_check', sql`${t.settlement} in ('room', 'paid')`),
    check('outlet_checks_room_check', sql`(${t.settlement} = 'room') = (${t.bookingId} is not null)`),
    check(
      'outlet_checks_paid_check',
      sql`(${t.settlement} = 'paid') = (${t.method} is not null and ${t.invoiceSequence} is not null)`,
    ),
    check('outlet_checks_method_check', sql`${t.method} is null or ${t.method} in ('cash', 'card')`),
    check(
      'outlet_checks_total_check',
      sql`${t.totalBaisa} > 0 and ${t.netBaisa} + ${t.taxBaisa} = ${t.totalBaisa}`,
    ),
    uniqueIndex('outlet_checks_token_idx').on(t.token),
    uniqueIndex('outlet_checks_number_idx').on(t.outletId, t.source, t.checkNumber),
    uniqueIndex('outlet_checks_invoice_idx')
      .on(t.invoiceYear, t.invoiceSequence)
      .where(sql`${t.invoiceSequence} is not null`),
    index('outlet_checks_business_date_idx').on(t.businessDate),
    // The staff's invoices list pages the paid checks' documents by issue date (migration 0093).
    index('outlet_checks_invoice_date_idx')
      .on(sql`json_extract(${t.invoice}, '$.issueDate')`, t.id)
      .where(sql`${t.invoiceSequence} is not null`),
    index('outlet_checks_outlet_idx').on(t.outletId, t.id),
    index('outlet_checks_booking_idx')
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
    index('outlet_checks_created_by_idx')
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
    index('outlet_checks_key_idx')
      .on(t.keyId)
      .where(sql`${t.keyId} is not null`),
  ],
);
export type OutletCheck = typeof outletChecks.$inferSelect;

/** A check's void (at most one: its primary key), with its credit note when the check was paid. */
export const outletCheckVoids = sqliteTable(
  'outlet_check_voids',
  {
    checkId: integer('check_id')
      .primaryKey()
      .references(() => outletChecks.id),
    reason: text('reason').notNull(),
    businessDate: text('business_date').notNull(),
    creditNote: text('credit_note', { mode: 'json' }).$type<CheckDocument>(),
    creditNoteYear: integer('credit_note_year'),
    creditNoteSequence: integer('credit_note_sequence'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('outlet_check_voids_credit_note_idx')
      .on(t.creditNoteYear, t.creditNoteSequence)
      .where(sql`${t.creditNoteSequence} is not null`),
    index('outlet_check_voids_business_date_idx').on(t.businessDate),
    index('outlet_check_voids_credit_note_date_idx')
      .on(sql`json_extract(${t.creditNote}, '$.issueDate')`, t.checkId)
      .where(sql`${t.creditNoteSequence} is not null`),
    index('outlet_check_voids_created_by_idx')
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
  ],
);

/**
 * An order a guest in house sent from the app (migration 0105, docs/decisions/102-outlet-orders.md):
 * `sent` to the outlet's tablet, then `accepted` (its check to the room: `checkId`, unique, so it is
 * posted once), `refused` (with the outlet's reason) or `cancelled` by the guest. A treatment's
 * order holds `seats` of the outlet's places from `startsAt` to `endsAt`.
 */
export const outletOrders = sqliteTable(
  'outlet_orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    outletId: integer('outlet_id')
      .notNull()
      .references(() => outlets.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookingSubmissions.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('sent'),
    lines: text('lines', { mode: 'json' }).$type<OrderLine[]>().notNull(),
    totalBaisa: integer('total_baisa').notNull(),
    note: text('note'),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }),
    /** Places of the outlet a treatment holds (0: no treatment). */
    seats: integer('seats').notNull().default(0),
    refusalReason: text('refusal_reason', { enum: ORDER_REFUSAL_REASONS }),
    refusalNote: text('refusal_note'),
    checkId: integer('check_id').references(() => outletChecks.id),
    /** The request's own token (platform/atomic.ts): the statements after the order find it by it. */
    token: text('token').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('outlet_orders_status_check', sql`${t.status} in ('sent', 'accepted', 'refused', 'cancelled')`),
    check('outlet_orders_accepted_check', sql`(${t.status} = 'accepted') = (${t.checkId} is not null)`),
    check('outlet_orders_refused_check', sql`(${t.status} = 'refused') = (${t.refusalReason} is not null)`),
    check(
      'outlet_orders_reason_check',
      sql`${t.refusalReason} is null or ${t.refusalReason} in ('unavailable', 'fully_booked', 'closing', 'too_busy', 'other')`,
    ),
    check('outlet_orders_total_check', sql`${t.totalBaisa} > 0`),
    check(
      'outlet_orders_time_check',
      sql`(${t.startsAt} is null) = (${t.endsAt} is null) and (${t.startsAt} is null or ${t.endsAt} >= ${t.startsAt})`,
    ),
    check(
      'outlet_orders_seats_check',
      sql`${t.seats} >= 0 and (${t.seats} = 0 or ${t.endsAt} > ${t.startsAt})`,
    ),
    uniqueIndex('outlet_orders_token_idx').on(t.token),
    uniqueIndex('outlet_orders_check_idx')
      .on(t.checkId)
      .where(sql`${t.checkId} is not null`),
    index('outlet_orders_booking_idx').on(t.bookingId, t.id),
    index('outlet_orders_outlet_idx').on(t.outletId, t.createdAt),
    index('outlet_orders_open_idx')
      .on(t.outletId, t.id)
      .where(sql`${t.status} = 'sent'`),
    index('outlet_orders_slot_idx')
      .on(t.outletId, t.startsAt)
      .where(sql`${t.seats} > 0 and ${t.status} in ('sent', 'accepted')`),
    index('outlet_orders_created_by_idx')
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
    index('outlet_orders_decided_by_idx')
      .on(t.decidedBy)
      .where(sql`${t.decidedBy} is not null`),
  ],
);
export type OutletOrder = typeof outletOrders.$inferSelect;
