import { sql } from 'drizzle-orm';
import type { TaxAmount } from '@shared/folio';
import type { Db } from '../../platform/env';
import { closedDatesQuery } from './day-closes';
import { batch } from './invoices';

/**
 * What the accountant's journal of a closed business date reads of the folio (modules/accounting,
 * docs/decisions/100-the-accountants-journal.md): the date's lines, the documents' roundings and the
 * companies' payments, each with the document it belongs to, and the balance each folio the date
 * touched had before it (to tell the money paid in advance from the money owed). Along the
 * business-date indexes, then each touched folio along its booking's or group's index: rows in
 * proportion to the day and to those folios, never to the hotel's history.
 */

/** A folio line of the date, as the journal books it. */
export type JournalFolioLine = {
  id: number;
  bookingId: number;
  /** On a group's folio (master billing): the group; the booking is then the member's. */
  groupId: number | null;
  kind: 'charge' | 'correction' | 'payment' | 'refund' | 'transfer';
  department: string | null;
  method: string | null;
  amountBaisa: number;
  netBaisa: number | null;
  taxes: TaxAmount[];
  description: string;
  night: string | null;
  cityLedgerAccountId: number | null;
  outletCheckId: number | null;
  /** The credit note a correction is on (its number), or null. */
  document: string | null;
  /** A refund back to a company account (method city_ledger): the account its transfer went to. */
  refundAccountId: number | null;
};

/** A document's rounding booked that date (decision 068 "One truth"): amount 0, net + taxes + rounding = 0. */
export type JournalRounding = {
  id: number;
  document: string;
  bookingId: number;
  groupId: number | null;
  department: string;
  netBaisa: number;
  taxes: TaxAmount[];
  roundingBaisa: number;
};

/** A company's payment of its account that date. */
export type JournalCompanyPayment = {
  id: number;
  accountId: number;
  method: string;
  amountBaisa: number;
  reference: string;
};

/** A folio's balance before the date: a stay's own (`groupId` null) or a group's. */
export type JournalOpening = { bookingId: number | null; groupId: number | null; balanceBaisa: number };

export type JournalSources = {
  lines: JournalFolioLine[];
  roundings: JournalRounding[];
  companyPayments: JournalCompanyPayment[];
  openings: JournalOpening[];
};

/** A line's effect on its folio's balance (the folio's FOLIO_BALANCE_SIGN, in SQL). */
const signed = sql`case when kind in ('payment', 'transfer') then -amount_baisa else amount_baisa end`;

const taxesOf = (value: unknown): TaxAmount[] =>
  typeof value === 'string' ? (JSON.parse(value) as TaxAmount[]) : ((value ?? []) as TaxAmount[]);

/**
 * Everything the journal of `date` books from the folio, in one D1 batch (one transaction: a
 * closed date's lines no longer change, and the openings are read at the same instant).
 *
 * @example
 * const { lines, roundings, companyPayments, openings } = await journalSources(db, '2026-03-10');
 */
export async function journalSources(db: Db, date: string): Promise<JournalSources> {
  const [lines, roundings, payments, stayOpenings, groupOpenings] = await batch(db, [
    sql`select f.id, f.booking_id as bookingId, f.group_id as groupId, f.kind, f.department, f.method,
        f.amount_baisa as amountBaisa, f.net_baisa as netBaisa, f.taxes, f.description, f.night,
        f.city_ledger_account_id as cityLedgerAccountId, f.outlet_check_id as outletCheckId,
        (select i.number from invoice_lines il join invoices i on i.id = il.invoice_id
          where il.folio_line_id = f.id and i.kind = 'credit_note') as document,
        (select t.city_ledger_account_id from folio_lines t where t.id = f.refunds_line_id) as refundAccountId
      from folio_lines f where f.business_date = ${date} order by f.id`,
    sql`select r.id, i.number as document, r.booking_id as bookingId, r.group_id as groupId, r.department,
        r.net_baisa as netBaisa, r.taxes, r.rounding_baisa as roundingBaisa
      from folio_roundings r join invoices i on i.id = r.invoice_id
      where r.business_date = ${date} order by r.id`,
    sql`select id, account_id as accountId, method, amount_baisa as amountBaisa, reference
      from city_ledger_payments where business_date = ${date} order by id`,
    // Each stay's own folio the date touched, and what it held before.
    sql`select t.booking_id as bookingId, null as groupId, coalesce((select sum(${signed}) from folio_lines o
          where o.booking_id = t.booking_id and o.group_id is null and o.business_date < ${date}), 0) as balanceBaisa
      from (select distinct booking_id from folio_lines where business_date = ${date} and group_id is null) t`,
    // Each group's folio (master billing) the date touched.
    sql`select null as bookingId, t.group_id as groupId, coalesce((select sum(${signed}) from folio_lines o
          where o.group_id = t.group_id and o.business_date < ${date}), 0) as balanceBaisa
      from (select distinct group_id from folio_lines where business_date = ${date} and group_id is not null) t`,
  ]);
  return {
    lines: lines!.map((l) => ({ ...(l as JournalFolioLine), taxes: taxesOf(l.taxes) })),
    roundings: roundings!.map((r) => ({ ...(r as JournalRounding), taxes: taxesOf(r.taxes) })),
    companyPayments: payments as JournalCompanyPayment[],
    openings: [...stayOpenings!, ...groupOpenings!].map((o) => ({
      bookingId: o.bookingId === null ? null : Number(o.bookingId),
      groupId: o.groupId === null ? null : Number(o.groupId),
      balanceBaisa: Number(o.balanceBaisa),
    })),
  };
}

/**
 * What the accountant's journal (modules/accounting) reads of the folio: a closed date's sources,
 * and which dates of a period are closed.
 *
 * @example const closed = await journalFolio.closedDates(db, '2026-03-01', '2026-03-31');
 */
export const journalFolio = { sources: journalSources, closedDates: closedDatesQuery };
