import { formatBookingReference } from '@shared/booking-reference';
import { sql, type SQL } from 'drizzle-orm';
import { hotelToday } from '@shared/dates';
import { toLatinDigits } from '@shared/digits';
import { DOCUMENT_SERIES } from '@shared/folio';
import { INVOICE_RULES, type InvoiceListQuery, type InvoiceListRow } from '@shared/invoice-schemas';
import { omrDecimal } from '@shared/money';
import { toCsv } from '../../platform/csv';
import type { Db } from '../../platform/env';

/**
 * The staff's invoices list (GET /api/admin/invoices) and its CSV: newest issue date first, a
 * page at a time along the issue-date index (keyset), so a page reads the same rows however long
 * the history. A number is found through its unique index (the whole number, or its sequence in
 * either series of each year since the first); a guest through the bookings' full-text index.
 */
const DEFAULT_PAGE = 50;
/** The first year documents can carry (Oman's VAT began in 2021). */
const FIRST_YEAR = 2021;
const TRIGRAM = 3;
/** A name is looked for among its newest matching bookings (a common name would read them all). */
const GUEST_MATCHES = 500;

/** The numbers a staff member may mean by what they typed: the number itself, or a sequence in any year. */
function numbersFor(query: string, today: string): string[] {
  const text = toLatinDigits(query).trim().toUpperCase();
  if (/^(INV|CN)-\d{4}-\d{1,6}$/.test(text)) {
    const [series, year, seq] = text.split('-') as [string, string, string];
    return [`${series}-${year}-${seq.padStart(6, '0')}`];
  }
  if (!/^\d{1,6}$/.test(text)) return [];
  const years: number[] = [];
  for (let y = Number(today.slice(0, 4)); y >= FIRST_YEAR; y--) years.push(y);
  return years.flatMap((y) =>
    Object.values(DOCUMENT_SERIES).map((series) => `${series}-${y}-${text.padStart(6, '0')}`),
  );
}

function filters(query: InvoiceListQuery, today: string): SQL[] | null {
  const where: SQL[] = [];
  if (query.from) where.push(sql`i.issue_date >= ${query.from}`);
  if (query.to) where.push(sql`i.issue_date <= ${query.to}`);
  if (query.number) {
    const numbers = numbersFor(query.number, today);
    if (numbers.length === 0) return null;
    where.push(sql`i.number in (select value from json_each(${JSON.stringify(numbers)}))`);
  }
  if (query.guest) {
    const text = toLatinDigits(query.guest).trim();
    if ([...text].length < TRIGRAM) return null;
    const match = `{full_name} : "${text.replace(/"/g, '""')}"`;
    where.push(
      sql`i.booking_id in (select rowid from booking_search where booking_search match ${match}
        order by rowid desc limit ${GUEST_MATCHES})`,
    );
  }
  return where;
}

const SELECT = sql`select i.id, i.kind, i.number, i.issue_date as issueDate, i.booking_id as bookingId,
    b.reference as bookingReference, json_extract(i.customer, '$.nameEn') as customerName,
    json_extract(i.customer, '$.vatNumber') as customerVatNumber, i.net_baisa as netBaisa,
    i.tax_baisa as taxBaisa, i.total_baisa as totalBaisa, o.number as creditsInvoiceNumber,
    (select n.number from invoices n where n.credits_invoice_id = i.id order by n.id desc limit 1)
      as creditNoteNumber,
    (select coalesce(sum(n.total_baisa), 0) from invoices n where n.credits_invoice_id = i.id) as creditedBaisa
  from invoices i join booking_submissions b on b.id = i.booking_id
    left join invoices o on o.id = i.credits_invoice_id`;

type Row = InvoiceListRow & { customerVatNumber: string; netBaisa: number; taxBaisa: number };

/** A page of the list: `{ invoices, nextCursor }`. */
export async function listInvoices(
  db: Db,
  query: InvoiceListQuery,
  now = new Date(),
): Promise<{ invoices: InvoiceListRow[]; nextCursor: string | null }> {
  const where = filters(query, hotelToday(now));
  if (!where) return { invoices: [], nextCursor: null };
  const limit = Math.min(query.limit ?? DEFAULT_PAGE, INVOICE_RULES.pageMax);
  if (query.cursor) {
    const [date, id] = query.cursor.split('_') as [string, string];
    where.push(sql`(i.issue_date, i.id) < (${date}, ${Number(id)})`);
  }
  const rows = await db.all<Row>(sql`${SELECT}
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by i.issue_date desc, i.id desc limit ${limit + 1}`);
  const page = rows
    .slice(0, limit)
    .map(({ customerVatNumber: _v, netBaisa: _n, taxBaisa: _t, ...row }): InvoiceListRow => row);
  const last = page.at(-1);
  return {
    invoices: page,
    nextCursor: rows.length > limit && last ? `${last.issueDate}_${last.id}` : null,
  };
}

const COLUMNS = [
  'number',
  'kind',
  'issue_date',
  'booking_reference',
  'customer',
  'customer_vat_number',
  'net_omr',
  'tax_omr',
  'total_omr',
  'credits_invoice',
  'credit_note',
] as const;

/** Every document the filters find, oldest first, as CSV (an export reads what it is asked for). */
export async function invoicesCsv(db: Db, query: InvoiceListQuery, now = new Date()): Promise<string> {
  const where = filters(query, hotelToday(now));
  const rows = where
    ? await db.all<Row>(sql`${SELECT}
        ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
        order by i.issue_date, i.id`)
    : [];
  return toCsv(
    [...COLUMNS],
    rows.map((r) => ({
      number: r.number,
      kind: r.kind,
      issue_date: r.issueDate,
      booking_reference: formatBookingReference(r.bookingReference),
      customer: r.customerName,
      customer_vat_number: r.customerVatNumber,
      net_omr: omrDecimal(r.netBaisa),
      tax_omr: omrDecimal(r.taxBaisa),
      total_omr: omrDecimal(r.totalBaisa),
      credits_invoice: r.creditsInvoiceNumber ?? '',
      credit_note: r.creditNoteNumber ?? '',
    })),
  );
}
