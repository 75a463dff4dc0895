import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { insertWhere, rowExists } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import { CANCELLATION_CHARGE_DESCRIPTION } from './kept-charges';
import type { ChargeValues } from './posting';
import { folioLines } from './tables';

/**
 * The folio's lines as other modules write and read them (decision 067): each a statement to put
 * in the caller's own D1 batch, guarded by the caller's condition (its `won`, its event's `mine`),
 * or an SQL expression to put in the caller's own guard or query. The caller keeps its one batch;
 * the folio keeps its table. The database keeps each booking's balance with its lines (triggers),
 * refuses a line dated a closed day (`day_closed`, read by `folioRefusal`) and keeps the lines
 * append-only.
 */

/** A statement for a D1 batch (`db.batch([...])`). */
export type FolioStatement = BatchItem<'sqlite'>;

// Payments and refunds taken online (modules/payments)

/**
 * A payment line: the online payment `providerReference` (the provider's payment id) of
 * `amountBaisa` on the booking's folio, dated `businessDate`, posted only if `guard` holds when the
 * batch reaches it, and at most once per provider payment (its unique `provider_reference`: a copy
 * is skipped, ON CONFLICT DO NOTHING). `createdAt` tells this batch's line from an earlier one
 * (`paymentLinePostedSql`).
 *
 * @example
 * await db.batch([
 *   eventRow,
 *   paymentLineStatement(db, { bookingId: 7, amountBaisa: 25_000, businessDate: '2026-03-10',
 *     providerReference: 'pay_123', createdAt: now }, mine),
 *   markSessionPaid, // its payment_line_id: paymentLineIdSql('pay_123')
 * ]);
 */
export function paymentLineStatement(
  db: Db,
  line: {
    bookingId: number;
    amountBaisa: number;
    businessDate: string;
    providerReference: string;
    createdAt: Date;
  },
  guard: SQL,
): FolioStatement {
  return insertWhere(
    db,
    folioLines,
    {
      bookingId: line.bookingId,
      kind: 'payment',
      method: 'online',
      description: '',
      quantity: 1,
      amountBaisa: line.amountBaisa,
      businessDate: line.businessDate,
      providerReference: line.providerReference,
      createdAt: line.createdAt,
      createdBy: null,
    },
    guard,
  ).onConflictDoNothing();
}

/**
 * The id of the payment line of provider payment `providerReference`, as an SQL scalar (null
 * while none is posted); read where the batch reaches it, so it sees a line posted earlier in the
 * same batch.
 *
 * @example
 * db.update(paymentSessions).set({ paymentLineId: paymentLineIdSql('pay_123') })
 *   .where(sql`${paymentLineIdSql('pay_123')} is not null`);
 */
export const paymentLineIdSql = (providerReference: string): SQL =>
  sql`(select ${folioLines.id} from ${folioLines} where ${folioLines.providerReference} = ${providerReference} and ${folioLines.kind} = 'payment')`;

/**
 * Whether the payment line of `providerReference` was posted at `createdAt` (by the batch that
 * gave it that instant), as an SQL condition.
 *
 * @example
 * const again = sql`${mine} and ${paymentLinePostedSql('pay_123', now)} and not ${settledNow}`;
 */
export const paymentLinePostedSql = (providerReference: string, createdAt: Date): SQL =>
  rowExists(
    folioLines,
    sql`${folioLines.providerReference} = ${providerReference} and ${folioLines.kind} = 'payment'
      and ${folioLines.createdAt} = ${createdAt.getTime()}`,
  );

/**
 * The booking of folio line `line` (an id or an SQL scalar), as an SQL scalar.
 *
 * @example
 * sql`${lineBookingSql(paymentLineIdSql('pay_123'))} = ${booking.id}`
 */
export const lineBookingSql = (line: number | SQL): SQL =>
  sql`(select f.booking_id from ${folioLines} f where f.id = ${line})`;

/**
 * What a booking's folio has been paid, net of refunds (every method), as an SQL scalar read where
 * the batch reaches it (a payment posted earlier in the batch counted); along the folio's booking
 * index.
 *
 * @example
 * const guard = sql`${won} and ${paidNetSql(booking.id)} >= ${depositBaisa}`;
 */
export const paidNetSql = (bookingId: number): SQL =>
  sql`(select coalesce(sum(case ${folioLines.kind} when 'payment' then ${folioLines.amountBaisa}
      else -${folioLines.amountBaisa} end), 0) from ${folioLines}
      where ${folioLines.bookingId} = ${bookingId} and ${folioLines.kind} in ('payment', 'refund')
        and ${folioLines.groupId} is null)`;

/** The id of a booking's latest tax invoice (not a credit note), as an SQL scalar (null: none yet). */
const latestInvoiceIdSql = (bookingId: SQL): SQL =>
  sql`(select max(i.id) from invoices i
          where i.booking_id = ${bookingId} and i.kind = 'invoice')`;

/**
 * What a booking's folio was paid, net of refunds, summed over all its lines (those of other kinds
 * count 0), as an SQL scalar.
 */
const paidNetOfLinesSql = (bookingId: SQL): SQL =>
  sql`(select coalesce(sum(case f.kind when 'payment' then f.amount_baisa
          when 'refund' then -f.amount_baisa else 0 end), 0) from folio_lines f
          where f.booking_id = ${bookingId} and f.group_id is null)`;

/**
 * For each of `bookingIds`, its latest tax invoice (null: none yet) and what its folio was paid,
 * net of refunds: `[{ id, latestInvoiceId, paidNetBaisa }]` (a query to put in a batch; one row a
 * booking, each read along the invoices' and the folio's booking indexes). What a message about a
 * stay links to and the deposit it may still ask for.
 *
 * @example
 * const [bookings, bills] = await db.batch([bookingRowsQuery(db, ids), bookingBillsQuery(db, ids)]);
 */
export function bookingBillsQuery(db: Db, bookingIds: readonly number[]) {
  const booked = sql`ids.value`;
  return db
    .select({
      id: sql<number>`${booked}`,
      latestInvoiceId: sql<number | null>`${latestInvoiceIdSql(booked)}`,
      paidNetBaisa: sql<number>`${paidNetOfLinesSql(booked)}`,
    })
    .from(sql`json_each(${JSON.stringify(bookingIds)}) as ids`);
}

/**
 * A booking's payments and refunds (every method), each summed: `[{ payments, refunds }]` (a query
 * to put in a batch; along the folio's booking index).
 *
 * @example
 * const [[money]] = await db.batch([paymentsAndRefundsQuery(db, 7)]);
 * const paid = Number(money?.payments ?? 0) - Number(money?.refunds ?? 0);
 */
export function paymentsAndRefundsQuery(db: Db, bookingId: number) {
  return db
    .select({
      payments: sql<number>`coalesce(sum(${folioLines.amountBaisa}) filter (where ${folioLines.kind} = 'payment'), 0)`,
      refunds: sql<number>`coalesce(sum(${folioLines.amountBaisa}) filter (where ${folioLines.kind} = 'refund'), 0)`,
    })
    .from(folioLines)
    .where(and(eq(folioLines.bookingId, bookingId), isNull(folioLines.groupId)));
}

/**
 * The bookings with a payment line of `providerReference` (the provider's payment id; one at
 * most), as an SQL subquery for `in (...)`, along its unique index.
 *
 * @example
 * sql`s.booking_id in ${paymentLineBookingsSql('pay_123')}`
 */
export const paymentLineBookingsSql = (providerReference: string): SQL =>
  sql`(select booking_id from folio_lines where kind = 'payment'
      and provider_reference = ${providerReference})`;

/**
 * Whether a payment line of `providerReference` exists for which `condition` holds; `condition`
 * is given the line's id and booking as SQL (one indexed read).
 *
 * @example
 * // Posted for another booking?
 * await paymentLineWhere(db, 'pay_123', (line) => sql`${line.bookingId} <> ${7}`);
 */
export async function paymentLineWhere(
  db: Db,
  providerReference: string,
  condition: (line: { id: SQL; bookingId: SQL }) => SQL,
): Promise<boolean> {
  const row = await db.get<{ other: number } | undefined>(sql`select 1 as other from ${folioLines} f
    where f.provider_reference = ${providerReference} and f.kind = 'payment'
      and (${condition({ id: sql`f.id`, bookingId: sql`f.booking_id` })})`);
  return row !== undefined;
}

/**
 * A refund line: the online refund `providerReference` (the provider's refund id) of
 * `amountBaisa` of payment line `refundsLineId`, with its reason, dated `businessDate`, posted only
 * if `guard` holds when the batch reaches it, and once (a copy is skipped, ON CONFLICT DO
 * NOTHING).
 *
 * @example
 * await db.batch([
 *   refundLineStatement(db, { bookingId: 7, amountBaisa: 5_000, refundsLineId: 41,
 *     reason: 'Cancelled in time', providerReference: 're_9', businessDate, createdAt: now }, open),
 *   markRefundSucceeded, // its refund_line_id: refundLineIdSql('re_9', 41)
 * ]);
 */
export function refundLineStatement(
  db: Db,
  line: {
    bookingId: number;
    amountBaisa: number;
    refundsLineId: number;
    reason: string;
    providerReference: string;
    businessDate: string;
    createdAt: Date;
  },
  guard: SQL,
): FolioStatement {
  return insertWhere(
    db,
    folioLines,
    {
      bookingId: line.bookingId,
      kind: 'refund',
      method: 'online',
      amountBaisa: line.amountBaisa,
      refundsLineId: line.refundsLineId,
      reason: line.reason,
      providerReference: line.providerReference,
      businessDate: line.businessDate,
      createdAt: line.createdAt,
      createdBy: null,
    },
    guard,
  ).onConflictDoNothing();
}

/**
 * The id of the refund line of provider refund `providerReference` of payment line
 * `paymentLineId`, as an SQL scalar (null while none is posted).
 *
 * @example
 * db.update(paymentRefunds).set({ refundLineId: sql`${refundLineIdSql('re_9', 41)}` })
 */
export const refundLineIdSql = (providerReference: string, paymentLineId: number): SQL =>
  sql`(select id from folio_lines where kind = 'refund' and provider_reference = ${providerReference}
    and refunds_line_id = ${paymentLineId})`;

/**
 * The amount of folio line `lineId`, as an SQL scalar.
 *
 * @example
 * sql`${lineAmountSql(41)} - ${refundedSql(41)}` // what is left of payment 41
 */
export const lineAmountSql = (lineId: number | SQL): SQL =>
  sql`(select paid.amount_baisa from folio_lines paid where paid.id = ${lineId})`;

/**
 * What the folio has refunded of payment line `lineId` (its refund lines summed), as an SQL scalar.
 *
 * @example
 * sql`${lineAmountSql(41)} - ${refundedSql(41)}`
 */
export const refundedSql = (lineId: number | SQL): SQL =>
  sql`(select coalesce(sum(back.amount_baisa), 0) from folio_lines back where back.refunds_line_id = ${lineId})`;

// Money kept and moved at the end of a stay (cancellations, check-outs)

/**
 * A cancellation charge: what the hotel keeps instead of a stay (department `other`, described
 * as `CANCELLATION_CHARGE_DESCRIPTION`), with the amount, net and taxes of `values`
 * (`chargeLineValues`), dated `businessDate`, posted only if `guard` holds when the batch
 * reaches it. `createdBy` null: posted by the system. `createdAt` left out: the batch's time.
 *
 * @example
 * const values = chargeLineValues({ ...settings, pricesIncludeTaxes: true }, 'other', businessDate, 12_000);
 * statements.push(cancellationChargeStatement(db, { bookingId: 7, values, businessDate, createdBy: null }, won));
 */
export function cancellationChargeStatement(
  db: Db,
  charge: {
    bookingId: number;
    values: ChargeValues;
    businessDate: string;
    createdBy: number | null;
    createdAt?: Date;
  },
  guard: SQL,
): FolioStatement {
  return insertWhere(
    db,
    folioLines,
    {
      bookingId: charge.bookingId,
      kind: 'charge',
      department: 'other',
      description: CANCELLATION_CHARGE_DESCRIPTION,
      quantity: 1,
      ...charge.values,
      businessDate: charge.businessDate,
      createdAt: charge.createdAt,
      createdBy: charge.createdBy,
    },
    guard,
  );
}

/**
 * A transfer line: `amountBaisa` of a folio moved to company account `cityLedgerAccountId` (the
 * city ledger; the database adds it to the account's balance and refuses it over the account's
 * limit), dated `businessDate`, posted only if `guard` holds when the batch reaches it.
 *
 * @example
 * statements.push(transferLineStatement(db, { bookingId: 7, amountBaisa: 40_000,
 *   cityLedgerAccountId: 3, businessDate, createdAt: now, createdBy: user.id }, won));
 */
export function transferLineStatement(
  db: Db,
  line: {
    bookingId: number;
    amountBaisa: number;
    cityLedgerAccountId: number;
    businessDate: string;
    createdAt: Date;
    createdBy: number;
  },
  guard: SQL,
): FolioStatement {
  return insertWhere(
    db,
    folioLines,
    {
      bookingId: line.bookingId,
      kind: 'transfer',
      amountBaisa: line.amountBaisa,
      cityLedgerAccountId: line.cityLedgerAccountId,
      businessDate: line.businessDate,
      createdAt: line.createdAt,
      createdBy: line.createdBy,
    },
    guard,
  );
}

/**
 * The booking ids with a cancellation charge dated `since` or later not yet on an invoice whose
 * booking is cancelled, at most 20 (along the folio's business-date index): the invoices' sweep.
 *
 * @example
 * for (const { bookingId } of await uninvoicedCancellationCharges(db, '2026-03-07')) await issueInvoice(db, null, bookingId, {});
 */
export function uninvoicedCancellationCharges(db: Db, since: string) {
  return db.all<{ bookingId: number }>(sql`select distinct f.booking_id as bookingId
    from folio_lines f
    where f.business_date >= ${since} and f.kind = 'charge' and f.department = 'other'
      and f.description = ${CANCELLATION_CHARGE_DESCRIPTION}
      and not exists (select 1 from invoice_lines il where il.folio_line_id = f.id)
      and exists (select 1 from booking_submissions b where b.id = f.booking_id and b.status = 'cancelled')
    limit 20`);
}

// Room nights

/**
 * The nights on a booking's folio, as an SQL scalar: a JSON array text (`'["2026-03-10"]'`);
 * `bookingId` an id or a column of the caller's query (along the folio's night index).
 *
 * @example
 * db.select({ postedNights: sql<string>`${postedNightsJsonSql(sql`${bookingSubmissions.id}`)}`.as('posted') })
 */
export const postedNightsJsonSql = (bookingId: number | SQL): SQL =>
  sql`(select json_group_array(f.night) from folio_lines as f
          where f.booking_id = ${bookingId} and f.night is not null)`;

/**
 * The nights posted on the folios of `bookingIds`: `[{ bookingId, night }]` (one query, along the
 * folio's booking index).
 *
 * @example
 * const posted = await postedNightsOfQuery(db, stays.map((s) => s.id));
 */
export function postedNightsOfQuery(db: Db, bookingIds: number[]) {
  return db
    .select({ bookingId: folioLines.bookingId, night: folioLines.night })
    .from(folioLines)
    .where(and(inArray(folioLines.bookingId, bookingIds), isNotNull(folioLines.night)));
}

/**
 * For a foreign key to a folio line in another module's table (the schema only: never queried).
 *
 * @example
 * paymentLineId: integer('payment_line_id').references(folioLineKey),
 */
export const folioLineKey = () => folioLines.id;

/**
 * The online payments and refunds on the folio, as the payments module (modules/payments) posts and
 * reads them: a payment line and a refund line for its own batch, each once per provider id; the
 * SQL scalars and conditions its guards read where the batch reaches them (a line's id, booking and
 * amount, what was refunded of it, what a booking was paid net); its payments and refunds summed.
 *
 * @example
 * await db.batch([eventRow, paymentFolio.paymentLineStatement(db, line, mine), markSessionPaid]);
 */
export const paymentFolio = {
  paymentLineStatement,
  paymentLineIdSql,
  paymentLinePostedSql,
  paymentLineWhere,
  paymentLineBookingsSql,
  paymentsAndRefundsQuery,
  paidNetSql,
  lineBookingSql,
  lineAmountSql,
  refundLineStatement,
  refundLineIdSql,
  refundedSql,
};
