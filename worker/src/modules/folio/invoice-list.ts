import { formatBookingReference } from '@shared/booking-reference';
import { sql, type SQL } from 'drizzle-orm';
import { hotelToday } from '@shared/dates';
import { toLatinDigits } from '@shared/digits';
import { DOCUMENT_SERIES } from '@shared/folio';
import {
  INVOICE_LIST_SERIES,
  INVOICE_RULES,
  type InvoiceListQuery,
  type InvoiceListRow,
  type InvoiceListSeries,
} from '@shared/invoice-schemas';
import { omrDecimal } from '@shared/money';
import { OUTLET_RULES } from '@shared/outlets';
import { toCsv } from '../../platform/csv';
import type { Db } from '../../platform/env';

/**
 * The staff's invoices list (GET /api/admin/invoices) and its CSV: every document the hotel issued,
 * the desk's (series INV and CN, a stay's folio) and the outlets' (a check paid at an outlet, series
 * OUT, and its void's credit note, OCN; decision 090, read here by SQL as the tax report reads them),
 * newest issue date first, a page at a time along each table's issue-date index (keyset), so a page
 * reads the same rows however long the history. A number is found through its unique index (the
 * whole number, or its sequence in any series of each year since the first); a guest through the
 * bookings' full-text index, an outlet by its name.
 */
const DEFAULT_PAGE = 50;
/** The first year documents can carry (Oman's VAT began in 2021). */
const FIRST_YEAR = 2021;
const TRIGRAM = 3;
/** A name is looked for among its newest matching bookings (a common name would read them all). */
const GUEST_MATCHES = 500;

/** The tables documents are kept in, in the list's order within a day (the cursor names it). */
const DESK = 0;
const CHECKS = 1;
const VOIDS = 2;
type Source = typeof DESK | typeof CHECKS | typeof VOIDS;

/** What a typed number may mean: these series, these years, this sequence. */
type NumberQuery = { series: InvoiceListSeries[]; years: number[]; sequence: number };

function numberQuery(query: string, today: string): NumberQuery | null {
  const text = toLatinDigits(query).trim().toUpperCase();
  const whole = /^(INV|CN|OUT|OCN)-(\d{4})-(\d{1,6})$/.exec(text);
  if (whole) {
    return { series: [whole[1] as InvoiceListSeries], years: [Number(whole[2])], sequence: Number(whole[3]) };
  }
  if (!/^\d{1,6}$/.test(text)) return null;
  const years: number[] = [];
  for (let y = Number(today.slice(0, 4)); y >= FIRST_YEAR; y--) years.push(y);
  return { series: [...INVOICE_LIST_SERIES], years, sequence: Number(text) };
}

type Cursor = { date: string; source: Source; id: number };

/** `issueDate_source_id`, or the desk's `issueDate_id` of before. */
function cursorOf(cursor: string | undefined): Cursor | null {
  if (!cursor) return null;
  const parts = cursor.split('_');
  const [date, source, id] = parts.length === 2 ? [parts[0], '0', parts[1]] : parts;
  return { date: date!, source: Number(source) as Source, id: Number(id) };
}

/** After the cursor in the list's order (issue date, source, id; all descending), for one source. */
function afterCursor(source: Source, issueDate: SQL, id: SQL, cursor: Cursor | null): SQL[] {
  if (!cursor) return [];
  if (source < cursor.source) return [sql`${issueDate} <= ${cursor.date}`];
  if (source > cursor.source) return [sql`${issueDate} < ${cursor.date}`];
  return [sql`${issueDate} <= ${cursor.date}`, sql`(${issueDate}, ${id}) < (${cursor.date}, ${cursor.id})`];
}

/** The list's filters, each source's own way; null: the query can match nothing. */
type Filters = {
  from?: string;
  to?: string;
  number: NumberQuery | null;
  guest: string | null;
  series: InvoiceListSeries[];
};

function filtersOf(query: InvoiceListQuery, today: string): Filters | null {
  let series: InvoiceListSeries[] = query.series ? [query.series] : [...INVOICE_LIST_SERIES];
  let number: NumberQuery | null = null;
  if (query.number) {
    number = numberQuery(query.number, today);
    if (!number) return null;
    const named = number.series;
    series = series.filter((s) => named.includes(s));
  }
  let guest: string | null = null;
  if (query.guest) {
    guest = toLatinDigits(query.guest).trim();
    if ([...guest].length < TRIGRAM) return null;
  }
  return { from: query.from, to: query.to, number, guest, series };
}

const dates = (f: Filters, issueDate: SQL): SQL[] => [
  ...(f.from ? [sql`${issueDate} >= ${f.from}`] : []),
  ...(f.to ? [sql`${issueDate} <= ${f.to}`] : []),
];

const json = (values: readonly unknown[]) => JSON.stringify(values);
const where = (terms: SQL[]) => (terms.length ? sql`where ${sql.join(terms, sql` and `)}` : sql``);

/** An outlet's name, as typed, among the outlets (a few rows). */
const outletNamed = (outletId: SQL, name: string): SQL => {
  const like = `%${name.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return sql`${outletId} in (select id from outlets where name_en like ${like} escape '\\' or name_ar like ${like} escape '\\')`;
};

const number = (series: string, year: SQL, sequence: SQL) =>
  sql`${series} || '-' || ${year} || '-' || printf('%06d', ${sequence})`;

/** The desk's documents (a stay's folio), newest first; null: none can match. */
function deskDocuments(f: Filters, cursor: Cursor | null, order: SQL, limit: SQL): SQL | null {
  const kinds = (Object.entries(DOCUMENT_SERIES) as [string, InvoiceListSeries][])
    .filter(([, series]) => f.series.includes(series))
    .map(([kind]) => kind);
  if (kinds.length === 0) return null;
  const terms = [...dates(f, sql`i.issue_date`), ...afterCursor(DESK, sql`i.issue_date`, sql`i.id`, cursor)];
  if (kinds.length < Object.keys(DOCUMENT_SERIES).length) terms.push(sql`i.kind = ${kinds[0]}`);
  if (f.number) {
    const numbers = f.number.years.flatMap((y) =>
      f.series
        .filter((s) => s === DOCUMENT_SERIES.invoice || s === DOCUMENT_SERIES.credit_note)
        .map((s) => `${s}-${y}-${String(f.number!.sequence).padStart(6, '0')}`),
    );
    terms.push(sql`i.number in (select value from json_each(${json(numbers)}))`);
  }
  if (f.guest) {
    const match = `{full_name} : "${f.guest.replace(/"/g, '""')}"`;
    terms.push(
      sql`i.booking_id in (select rowid from booking_search where booking_search match ${match}
        order by rowid desc limit ${GUEST_MATCHES})`,
    );
  }
  return sql`select * from (select ${DESK} as source, i.id, i.kind,
      case i.kind when 'invoice' then ${DOCUMENT_SERIES.invoice} else ${DOCUMENT_SERIES.credit_note} end as series,
      i.number, i.issue_date as issueDate, i.booking_id as bookingId, b.reference as bookingReference,
      json_extract(i.customer, '$.nameEn') as customerName, json_extract(i.customer, '$.vatNumber') as customerVatNumber,
      i.net_baisa as netBaisa, i.tax_baisa as taxBaisa, i.total_baisa as totalBaisa, o.number as creditsInvoiceNumber,
      (select n.number from invoices n where n.credits_invoice_id = i.id order by n.id desc limit 1) as creditNoteNumber,
      (select coalesce(sum(n.total_baisa), 0) from invoices n where n.credits_invoice_id = i.id) as creditedBaisa,
      null as outletCheckId, null as outletNameAr, null as outletNameEn
    from invoices i join booking_submissions b on b.id = i.booking_id
      left join invoices o on o.id = i.credits_invoice_id
    ${where(terms)}
    order by i.issue_date ${order}, i.id ${order} ${limit})`;
}

/** A document's sums from its JSON: its lines' amounts and its tax totals (an SQL scalar each). */
const linesSum = (doc: SQL) =>
  sql`(select coalesce(sum(json_extract(l.value, '$.amountBaisa')), 0) from json_each(${doc}, '$.lines') l)`;
const taxSum = (doc: SQL) =>
  sql`(select coalesce(sum(json_extract(t.value, '$.amountBaisa')), 0) from json_each(${doc}, '$.taxTotals') t)`;

/** The checks paid at an outlet: each its tax invoice (series OUT); null: none can match. */
function checkDocuments(f: Filters, cursor: Cursor | null, order: SQL, limit: SQL): SQL | null {
  if (!f.series.includes(OUTLET_RULES.invoiceSeries)) return null;
  // The index's expression, word for word (migration 0093).
  const issueDate = sql`json_extract(c.invoice, '$.issueDate')`;
  const terms = [
    sql`c.invoice_sequence is not null`,
    ...dates(f, issueDate),
    ...afterCursor(CHECKS, issueDate, sql`c.id`, cursor),
  ];
  if (f.number) {
    terms.push(
      sql`c.invoice_sequence = ${f.number.sequence} and c.invoice_year in (select value from json_each(${json(f.number.years)}))`,
    );
  }
  if (f.guest) terms.push(outletNamed(sql`c.outlet_id`, f.guest));
  return sql`select * from (select ${CHECKS} as source, c.id, 'invoice' as kind, ${OUTLET_RULES.invoiceSeries} as series,
      ${number(OUTLET_RULES.invoiceSeries, sql`c.invoice_year`, sql`c.invoice_sequence`)} as number,
      ${issueDate} as issueDate, null as bookingId, null as bookingReference, '' as customerName, '' as customerVatNumber,
      ${linesSum(sql`c.invoice`)} - ${taxSum(sql`c.invoice`)} as netBaisa, ${taxSum(sql`c.invoice`)} as taxBaisa,
      ${linesSum(sql`c.invoice`)} as totalBaisa, null as creditsInvoiceNumber,
      case when v.credit_note_sequence is not null then
        ${number(OUTLET_RULES.creditNoteSeries, sql`v.credit_note_year`, sql`v.credit_note_sequence`)} end as creditNoteNumber,
      case when v.credit_note_sequence is not null then -${linesSum(sql`v.credit_note`)} else 0 end as creditedBaisa,
      c.id as outletCheckId, o.name_ar as outletNameAr, o.name_en as outletNameEn
    from outlet_checks c join outlets o on o.id = c.outlet_id left join outlet_check_voids v on v.check_id = c.id
    ${where(terms)}
    order by ${issueDate} ${order}, c.id ${order} ${limit})`;
}

/** The voids of paid checks: each its credit note (series OCN), amounts positive as the desk's. */
function voidDocuments(f: Filters, cursor: Cursor | null, order: SQL, limit: SQL): SQL | null {
  if (!f.series.includes(OUTLET_RULES.creditNoteSeries)) return null;
  const issueDate = sql`json_extract(v.credit_note, '$.issueDate')`;
  const terms = [
    sql`v.credit_note_sequence is not null`,
    ...dates(f, issueDate),
    ...afterCursor(VOIDS, issueDate, sql`v.check_id`, cursor),
  ];
  if (f.number) {
    terms.push(
      sql`v.credit_note_sequence = ${f.number.sequence} and v.credit_note_year in (select value from json_each(${json(f.number.years)}))`,
    );
  }
  if (f.guest) terms.push(outletNamed(sql`c.outlet_id`, f.guest));
  return sql`select * from (select ${VOIDS} as source, v.check_id as id, 'credit_note' as kind,
      ${OUTLET_RULES.creditNoteSeries} as series,
      ${number(OUTLET_RULES.creditNoteSeries, sql`v.credit_note_year`, sql`v.credit_note_sequence`)} as number,
      ${issueDate} as issueDate, null as bookingId, null as bookingReference, '' as customerName, '' as customerVatNumber,
      ${taxSum(sql`v.credit_note`)} - ${linesSum(sql`v.credit_note`)} as netBaisa, -${taxSum(sql`v.credit_note`)} as taxBaisa,
      -${linesSum(sql`v.credit_note`)} as totalBaisa,
      ${number(OUTLET_RULES.invoiceSeries, sql`c.invoice_year`, sql`c.invoice_sequence`)} as creditsInvoiceNumber,
      null as creditNoteNumber, 0 as creditedBaisa,
      c.id as outletCheckId, o.name_ar as outletNameAr, o.name_en as outletNameEn
    from outlet_check_voids v join outlet_checks c on c.id = v.check_id join outlets o on o.id = c.outlet_id
    ${where(terms)}
    order by ${issueDate} ${order}, v.check_id ${order} ${limit})`;
}

type Row = InvoiceListRow & { source: Source; customerVatNumber: string; netBaisa: number; taxBaisa: number };

/** The documents the filters find, in the list's order (newest first, or oldest for the CSV). */
function documentsSql(
  f: Filters,
  cursor: Cursor | null,
  newestFirst: boolean,
  limit: number | null,
): SQL | null {
  const order = newestFirst ? sql`desc` : sql`asc`;
  const top = limit === null ? sql`` : sql`limit ${limit}`;
  const parts = [
    deskDocuments(f, cursor, order, top),
    checkDocuments(f, cursor, order, top),
    voidDocuments(f, cursor, order, top),
  ].filter((part): part is SQL => part !== null);
  if (parts.length === 0) return null;
  return sql`${sql.join(parts, sql` union all `)} order by issueDate ${order}, source ${order}, id ${order} ${top}`;
}

/** A page of the list: `{ invoices, nextCursor }`. */
export async function listInvoices(
  db: Db,
  query: InvoiceListQuery,
  now = new Date(),
): Promise<{ invoices: InvoiceListRow[]; nextCursor: string | null }> {
  const f = filtersOf(query, hotelToday(now));
  const limit = Math.min(query.limit ?? DEFAULT_PAGE, INVOICE_RULES.pageMax);
  const documents = f && documentsSql(f, cursorOf(query.cursor), true, limit + 1);
  if (!documents) return { invoices: [], nextCursor: null };
  const rows = await db.all<Row>(documents);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    invoices: page.map(
      ({ source: _s, customerVatNumber: _v, netBaisa: _n, taxBaisa: _t, ...row }): InvoiceListRow => row,
    ),
    nextCursor: rows.length > limit && last ? `${last.issueDate}_${last.source}_${last.id}` : null,
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
  'outlet',
] as const;

/** Every document the filters find, oldest first, as CSV (an export reads what it is asked for). */
export async function invoicesCsv(db: Db, query: InvoiceListQuery, now = new Date()): Promise<string> {
  const f = filtersOf(query, hotelToday(now));
  const documents = f && documentsSql(f, null, false, null);
  const rows = documents ? await db.all<Row>(documents) : [];
  return toCsv(
    [...COLUMNS],
    rows.map((r) => ({
      number: r.number,
      kind: r.kind,
      issue_date: r.issueDate,
      booking_reference: r.bookingReference === null ? '' : formatBookingReference(r.bookingReference),
      customer: r.customerName,
      customer_vat_number: r.customerVatNumber,
      net_omr: omrDecimal(r.netBaisa),
      tax_omr: omrDecimal(r.taxBaisa),
      total_omr: omrDecimal(r.totalBaisa),
      credits_invoice: r.creditsInvoiceNumber ?? '',
      credit_note: r.creditNoteNumber ?? '',
      outlet: r.outletNameEn ?? '',
    })),
  );
}
