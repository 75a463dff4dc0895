import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
  type AnySQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import { FOLIO_LINE_KINDS, FOLIO_PAYMENT_METHODS } from '@shared/folio';
import type { InvoiceLine, InvoiceParty, InvoiceTaxTotal, TaxAmount } from '@shared/folio';
import { FOLIO_DEPARTMENTS, type FolioDepartment } from '@shared/taxes';
import { nowMs } from '../../platform/columns';
import { users } from '../../platform/tables';
import { groupBlocksKey } from './upper-keys';
import { bookingSubmissions } from '../bookings/tables';
import { cityLedgerAccounts } from '../companies/tables';

/**
 * The hotel's taxes and the supplier's details for its invoices (migration 0058, decision 066):
 * one settings row, and one row per tax and the date its rate starts.
 */
export const taxSettings = sqliteTable(
  'tax_settings',
  {
    id: integer('id').primaryKey(),
    pricesIncludeTaxes: integer('prices_include_taxes', { mode: 'boolean' }).notNull().default(true),
    supplierNameAr: text('supplier_name_ar').notNull().default(''),
    supplierNameEn: text('supplier_name_en').notNull().default(''),
    supplierAddressAr: text('supplier_address_ar').notNull().default(''),
    supplierAddressEn: text('supplier_address_en').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    commercialRegistration: text('commercial_registration').notNull().default(''),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [check('tax_settings_single_check', sql`${t.id} = 1`)],
);

export const taxes = sqliteTable(
  'taxes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    rateBp: integer('rate_bp').notNull(),
    departments: text('departments', { mode: 'json' }).$type<FolioDepartment[]>().notNull(),
    onEarlierTaxes: integer('on_earlier_taxes', { mode: 'boolean' }).notNull().default(false),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    effectiveFrom: text('effective_from').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('taxes_code_effective_from_idx').on(t.code, t.effectiveFrom),
    check('taxes_rate_check', sql`${t.rateBp} BETWEEN 0 AND 10000`),
  ],
);

/** A folio line (migration 0059): append-only; the database keeps the booking's balance with it. */
export const folioLines = sqliteTable(
  'folio_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookingSubmissions.id),
    kind: text('kind', { enum: FOLIO_LINE_KINDS }).notNull(),
    department: text('department', { enum: FOLIO_DEPARTMENTS }),
    method: text('method', { enum: FOLIO_PAYMENT_METHODS }),
    description: text('description').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    amountBaisa: integer('amount_baisa').notNull(),
    netBaisa: integer('net_baisa'),
    taxes: text('taxes', { mode: 'json' }).$type<TaxAmount[]>().notNull().default([]),
    businessDate: text('business_date').notNull(),
    night: text('night'),
    correctsLineId: integer('corrects_line_id').references((): AnySQLiteColumn => folioLines.id),
    refundsLineId: integer('refunds_line_id').references((): AnySQLiteColumn => folioLines.id),
    cityLedgerAccountId: integer('city_ledger_account_id').references(() => cityLedgerAccounts.id),
    reason: text('reason'),
    providerReference: text('provider_reference'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** A card payment at the desk: the terminal's approval code (migration 0064), as typed. */
    approvalCode: text('approval_code'),
    /** On a group's folio, not its booking's (master billing, migration 0074): the group. */
    groupId: integer('group_id').references(() => groupBlocksKey.id),
    /**
     * An outlet's check this line is an item of (migration 0088, modules/outlets): posted in the
     * check's batch, corrected by its void. No foreign key (the outlets sit above the folio); the
     * integrity check holds each such line to its check.
     */
    outletCheckId: integer('outlet_check_id'),
    /**
     * An extra bought for the stay this line charges (migration 0102, modules/extras): posted in the
     * purchase's batch, corrected when the stay is cancelled. No foreign key (the extras sit above
     * the folio); the day's report counts the extras' revenue by kind through it.
     */
    extraPurchaseId: integer('extra_purchase_id'),
  },
  (t) => [
    check(
      'folio_lines_kind_check',
      sql`${t.kind} IN ('charge', 'correction', 'payment', 'refund', 'transfer')`,
    ),
    check(
      'folio_lines_amount_check',
      sql`(${t.kind} = 'correction' AND ${t.amountBaisa} < 0) OR (${t.kind} <> 'correction' AND ${t.amountBaisa} > 0)`,
    ),
    check(
      'folio_lines_charge_check',
      sql`(${t.kind} IN ('charge', 'correction')) = (${t.department} IS NOT NULL AND ${t.netBaisa} IS NOT NULL)`,
    ),
    check('folio_lines_method_check', sql`(${t.kind} IN ('payment', 'refund')) = (${t.method} IS NOT NULL)`),
    check(
      'folio_lines_correction_check',
      sql`(${t.kind} = 'correction') = (${t.correctsLineId} IS NOT NULL)`,
    ),
    check('folio_lines_refund_check', sql`(${t.kind} = 'refund') = (${t.refundsLineId} IS NOT NULL)`),
    check(
      'folio_lines_transfer_check',
      sql`(${t.kind} = 'transfer') = (${t.cityLedgerAccountId} IS NOT NULL)`,
    ),
    check('folio_lines_quantity_check', sql`${t.quantity} BETWEEN 1 AND 999`),
    check(
      'folio_lines_night_check',
      sql`${t.night} IS NULL OR (${t.kind} = 'charge' AND ${t.department} = 'room')`,
    ),
    index('folio_lines_booking_idx').on(t.bookingId, t.id),
    index('folio_lines_business_date_idx').on(t.businessDate),
    uniqueIndex('folio_lines_night_idx')
      .on(t.bookingId, t.night)
      .where(sql`${t.night} IS NOT NULL`),
    // Not unique since migration 0063: a charge may be corrected in parts (partial credit notes);
    // the trigger folio_lines_correction_limit holds the sum of its corrections within it.
    index('folio_lines_corrects_idx')
      .on(t.correctsLineId)
      .where(sql`${t.correctsLineId} IS NOT NULL`),
    index('folio_lines_refunds_idx')
      .on(t.refundsLineId)
      .where(sql`${t.refundsLineId} IS NOT NULL`),
    index('folio_lines_account_idx')
      .on(t.cityLedgerAccountId, t.id)
      .where(sql`${t.cityLedgerAccountId} IS NOT NULL`),
    // The cancellation charges' invoice sweep, after every write (migration 0062).
    index('folio_lines_other_charges_idx')
      .on(t.businessDate)
      .where(sql`${t.kind} = 'charge' AND ${t.department} = 'other'`),
    // One line per payment and per refund at the payment provider (migration 0061).
    uniqueIndex('folio_lines_provider_payment_idx')
      .on(t.providerReference)
      .where(sql`${t.providerReference} IS NOT NULL AND ${t.kind} = 'payment'`),
    uniqueIndex('folio_lines_provider_refund_idx')
      .on(t.providerReference)
      .where(sql`${t.providerReference} IS NOT NULL AND ${t.kind} = 'refund'`),
    // An account's erasure finds the lines its staff member posted (migration 0060).
    index('folio_lines_created_by_idx')
      .on(t.createdBy)
      .where(sql`${t.createdBy} IS NOT NULL`),
    index('folio_lines_group_idx')
      .on(t.groupId, t.id)
      .where(sql`${t.groupId} IS NOT NULL`),
    index('folio_lines_outlet_check_idx')
      .on(t.outletCheckId)
      .where(sql`${t.outletCheckId} IS NOT NULL`),
    index('folio_lines_extra_purchase_idx')
      .on(t.extraPurchaseId)
      .where(sql`${t.extraPurchaseId} IS NOT NULL`),
  ],
);

/** A group's folio (master billing, migration 0074): its balance, kept by the lines' trigger. */
export const groupFolios = sqliteTable('group_folios', {
  groupId: integer('group_id')
    .primaryKey()
    .references(() => groupBlocksKey.id),
  balanceBaisa: integer('balance_baisa').notNull().default(0),
});

/** A company's payment of its city-ledger account (append-only). */
export const cityLedgerPayments = sqliteTable(
  'city_ledger_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => cityLedgerAccounts.id),
    method: text('method', { enum: FOLIO_PAYMENT_METHODS }).notNull(),
    amountBaisa: integer('amount_baisa').notNull(),
    reference: text('reference').notNull().default(''),
    businessDate: text('business_date').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('city_ledger_payments_amount_check', sql`${t.amountBaisa} > 0`),
    index('city_ledger_payments_account_idx').on(t.accountId, t.id),
    index('city_ledger_payments_business_date_idx').on(t.businessDate),
    index('city_ledger_payments_created_by_idx')
      .on(t.createdBy)
      .where(sql`${t.createdBy} IS NOT NULL`),
  ],
);

/** The last number given per document series and year (INV, CN): taken in the issuing batch. */
export const documentCounters = sqliteTable(
  'document_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/** A tax invoice or credit note as issued: never changed (triggers of migration 0059). */
export const invoices = sqliteTable(
  'invoices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookingSubmissions.id),
    creditsInvoiceId: integer('credits_invoice_id').references((): AnySQLiteColumn => invoices.id),
    reason: text('reason'),
    issueDate: text('issue_date').notNull(),
    supplier: text('supplier', { mode: 'json' }).$type<InvoiceParty>().notNull(),
    customer: text('customer', { mode: 'json' }).$type<InvoiceParty>().notNull(),
    lines: text('lines', { mode: 'json' }).$type<InvoiceLine[]>().notNull(),
    taxTotals: text('tax_totals', { mode: 'json' }).$type<InvoiceTaxTotal[]>().notNull(),
    netBaisa: integer('net_baisa').notNull(),
    taxBaisa: integer('tax_baisa').notNull(),
    totalBaisa: integer('total_baisa').notNull(),
    issuedAt: integer('issued_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    /** An invoice of a group's folio (migration 0074): the group; its booking is the folio's holder. */
    groupId: integer('group_id').references(() => groupBlocksKey.id),
  },
  (t) => [
    check('invoices_kind_check', sql`${t.kind} IN ('invoice', 'credit_note')`),
    check('invoices_credit_check', sql`(${t.kind} = 'credit_note') = (${t.creditsInvoiceId} IS NOT NULL)`),
    check('invoices_total_check', sql`${t.netBaisa} + ${t.taxBaisa} = ${t.totalBaisa}`),
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_sequence_idx').on(t.kind, t.year, t.sequence),
    index('invoices_booking_idx').on(t.bookingId, t.id),
    index('invoices_issue_date_idx').on(t.issueDate, t.id),
    // Not unique since migration 0063: an invoice may have several (partial) credit notes.
    index('invoices_credits_idx')
      .on(t.creditsInvoiceId)
      .where(sql`${t.creditsInvoiceId} IS NOT NULL`),
    index('invoices_issued_by_idx')
      .on(t.issuedBy)
      .where(sql`${t.issuedBy} IS NOT NULL`),
    index('invoices_group_idx')
      .on(t.groupId, t.id)
      .where(sql`${t.groupId} IS NOT NULL`),
  ],
);

/** Which document a folio line is on (at most one). */
export const invoiceLines = sqliteTable(
  'invoice_lines',
  {
    folioLineId: integer('folio_line_id')
      .primaryKey()
      .references(() => folioLines.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
);

/**
 * A document's rounding on its folio (migration 0078, decision 068 "One truth"): what the
 * document's one rounding of each tax on its base moved, per set of taxes, as the folio keeps it
 * (a credit note's negated), dated the open business date of its issue. Amount 0: net + taxes +
 * `roundingBaisa` (the payable rounding) = 0; it moves no balance. Never changed (triggers).
 */
export const folioRoundings = sqliteTable(
  'folio_roundings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookingSubmissions.id),
    groupId: integer('group_id').references(() => groupBlocksKey.id),
    department: text('department', { enum: FOLIO_DEPARTMENTS }).notNull(),
    netBaisa: integer('net_baisa').notNull(),
    taxes: text('taxes', { mode: 'json' }).$type<TaxAmount[]>().notNull().default([]),
    roundingBaisa: integer('rounding_baisa').notNull().default(0),
    businessDate: text('business_date').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [
    index('folio_roundings_invoice_idx').on(t.invoiceId),
    index('folio_roundings_booking_idx').on(t.bookingId, t.id),
    index('folio_roundings_group_idx')
      .on(t.groupId, t.id)
      .where(sql`${t.groupId} IS NOT NULL`),
    index('folio_roundings_business_date_idx').on(t.businessDate),
  ],
);

/** A closed business date and its report as closed. */
export const dayCloses = sqliteTable('day_closes', {
  date: text('date').primaryKey(),
  report: text('report', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  closedAt: integer('closed_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
});
