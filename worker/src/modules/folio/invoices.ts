import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../../../shared/src/auth-schemas';
import { hotelToday } from '../../../../shared/src/dates';
import {
  DOCUMENT_SERIES,
  type DocumentKind,
  type InvoiceLine,
  type InvoiceParty,
  type InvoiceTaxTotal,
  type TaxAmount,
} from '../../../../shared/src/folio';
import type { InvoiceDocument, IssueInvoiceInput } from '../../../../shared/src/invoice-schemas';
import { documentTaxes, taxesInForce, type FolioDepartment, type Tax } from '../../../../shared/src/taxes';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { readTaxSettings } from './tax-settings';

/**
 * Tax invoices and credit notes (docs/decisions/068-invoices.md). An invoice takes the folio's
 * charge and correction lines not yet on a document; its number comes from `document_counters` in
 * the same batch as the invoice, its `invoice_lines` and its audit line, so a refused batch takes
 * no number and two concurrent issues never share one or put a line on two documents (the line is
 * `invoice_lines`' primary key: the second batch fails whole and is read again). The supplier,
 * the customer, the lines and each tax's total are copied in: a later change of settings or rates
 * never changes an issued document. A credit note credits an invoice in full: in its batch, a
 * correction of each charge on it, on the open business date, tied to the credit note.
 */

type FolioRow = {
  id: number;
  kind: 'charge' | 'correction';
  department: FolioDepartment;
  description: string;
  quantity: number;
  amountBaisa: number;
  netBaisa: number;
  taxes: string;
  businessDate: string;
  correctsLineId: number | null;
};

const FOLIO_ROW = sql`f.id, f.kind, f.department, f.description, f.quantity, f.amount_baisa as amountBaisa,
  f.net_baisa as netBaisa, f.taxes, f.business_date as businessDate, f.corrects_line_id as correctsLineId`;

/**
 * Runs raw statements as one D1 batch (one transaction) and answers each one's rows as objects.
 * Through the binding itself: drizzle's batch cannot bind a raw query's parameters.
 */
async function batch(db: Db, queries: SQL[]): Promise<Record<string, unknown>[][]> {
  const client = (db as Db & { $client: D1Database }).$client;
  const statements = queries.map((query) => {
    const { sql: text, params } = db.all(query).getQuery();
    return client.prepare(text).bind(...params);
  });
  const results = await client.batch<Record<string, unknown>>(statements);
  return results.map((r) => r.results ?? []);
}

/** Tries of an issue whose lines another issue took meanwhile (each re-reads the folio). */
const ISSUE_TRIES = 3;

const lineOf = (row: FolioRow, sign: 1 | -1 = 1): InvoiceLine => ({
  folioLineId: row.id,
  department: row.department,
  description: row.description,
  quantity: row.quantity,
  businessDate: row.businessDate,
  netBaisa: sign * row.netBaisa,
  taxes: (JSON.parse(row.taxes) as TaxAmount[]).map((t) => ({
    code: t.code,
    amountBaisa: sign * t.amountBaisa,
  })),
  amountBaisa: sign * row.amountBaisa,
});

/**
 * Each tax's total over the lines, per code and rate, with its base: the net, or the net and the
 * taxes before it on the line for a tax charged on them (VAT on the levy). The rate is the one in
 * force on each line's business date, as the line was split with.
 */
export function taxTotalsOf(lines: readonly InvoiceLine[], taxes: readonly Tax[]): InvoiceTaxTotal[] {
  const totals = new Map<string, InvoiceTaxTotal>();
  for (const line of lines) {
    const inForce = taxesInForce(taxes, line.department, line.businessDate);
    let earlier = 0;
    for (const tax of line.taxes) {
      const rule = inForce.find((t) => t.code === tax.code) ?? taxes.find((t) => t.code === tax.code);
      const base = rule?.onEarlierTaxes ? line.netBaisa + earlier : line.netBaisa;
      const rateBp = rule?.rateBp ?? (base === 0 ? 0 : Math.round((tax.amountBaisa * 10_000) / base));
      earlier += tax.amountBaisa;
      const key = `${tax.code}|${rateBp}`;
      const total = totals.get(key) ?? {
        code: tax.code,
        nameAr: rule?.nameAr ?? tax.code,
        nameEn: rule?.nameEn ?? tax.code,
        rateBp,
        baseBaisa: 0,
        amountBaisa: 0,
      };
      total.baseBaisa += base;
      total.amountBaisa += tax.amountBaisa;
      totals.set(key, total);
    }
  }
  return [...totals.values()];
}

/**
 * A document's lines and tax totals as issued (EN 16931 BR-CO-17): each tax computed once on the
 * document's base per code and rate and rounded once (`documentTaxes`), each line bearing its
 * share, its net the remainder of its amount; what the guest pays never changes. A total no
 * whole-baisa net reaches keeps its baisa on its largest line (`roundingBaisa`). The folio's lines
 * keep their own split: the document's is copied into it.
 */
export function documentOf(
  lines: readonly InvoiceLine[],
  taxes: readonly Tax[],
): { lines: InvoiceLine[]; taxTotals: InvoiceTaxTotal[] } {
  const named = taxTotalsOf(lines, taxes);
  const rules = lines.map((line) => {
    const inForce = taxesInForce(taxes, line.department, line.businessDate);
    return line.taxes.map((t) => {
      const rule = inForce.find((r) => r.code === t.code) ?? taxes.find((r) => r.code === t.code);
      const rateBp = rule?.rateBp ?? named.find((n) => n.code === t.code)?.rateBp ?? 0;
      return { ...t, rateBp, onEarlierTaxes: rule?.onEarlierTaxes ?? false };
    });
  });
  const priced = documentTaxes(
    lines.map((l, i) => ({ amountBaisa: l.amountBaisa, netBaisa: l.netBaisa, taxes: rules[i]! })),
  );
  return {
    lines: lines.map((l, i) => {
      const p = priced.lines[i]!;
      return {
        ...l,
        netBaisa: p.netBaisa,
        taxes: p.taxes,
        ...(p.roundingBaisa ? { roundingBaisa: p.roundingBaisa } : {}),
      };
    }),
    taxTotals: priced.totals.map((t) => {
      const name =
        named.find((n) => n.code === t.code && n.rateBp === t.rateBp) ?? named.find((n) => n.code === t.code);
      return { code: t.code, nameAr: name?.nameAr ?? t.code, nameEn: name?.nameEn ?? t.code, ...t };
    }),
  };
}

const sum = (lines: readonly InvoiceLine[], pick: (l: InvoiceLine) => number) =>
  lines.reduce((a, l) => a + pick(l), 0);

const party = (name: string, vatNumber: string, address: string): InvoiceParty => ({
  nameAr: name,
  nameEn: name,
  addressAr: address,
  addressEn: address,
  vatNumber,
  commercialRegistration: '',
});

/** The new document's id inside its batch: its series' number just taken. */
const newDocumentId = (kind: DocumentKind, year: number) =>
  sql`(select id from invoices where kind = ${kind} and year = ${year} and sequence =
    (select last_number from document_counters where series = ${DOCUMENT_SERIES[kind]} and year = ${year}))`;

type NewDocument = {
  kind: DocumentKind;
  bookingId: number;
  creditsInvoiceId: number | null;
  reason: string | null;
  issueDate: string;
  supplier: InvoiceParty;
  customer: InvoiceParty;
  lines: InvoiceLine[];
  taxTotals: InvoiceTaxTotal[];
  actor: SessionUser | null;
};

/**
 * The statements that number and insert a document: the counter bumped (or started at 1), then
 * the document with that number, then its audit line. Run first in the document's batch.
 */
function documentStatements(doc: NewDocument): SQL[] {
  const year = Number(doc.issueDate.slice(0, 4));
  const series = DOCUMENT_SERIES[doc.kind];
  // The taxes as the document computed them; the net column is the rest (with any rounding).
  const total = sum(doc.lines, (l) => l.amountBaisa);
  const net = total - doc.taxTotals.reduce((a, t) => a + t.amountBaisa, 0);
  return [
    sql`insert into document_counters (series, year, last_number) values (${series}, ${year}, 1)
      on conflict (series, year) do update set last_number = last_number + 1`,
    sql`insert into invoices (kind, number, year, sequence, booking_id,
        credits_invoice_id, reason, issue_date, supplier, customer, lines, tax_totals, net_baisa, tax_baisa,
        total_baisa, issued_by)
      select ${doc.kind}, ${series} || '-' || year || '-' || printf('%06d', last_number), year, last_number,
        ${doc.bookingId}, ${doc.creditsInvoiceId}, ${doc.reason}, ${doc.issueDate}, ${JSON.stringify(doc.supplier)},
        ${JSON.stringify(doc.customer)}, ${JSON.stringify(doc.lines)}, ${JSON.stringify(doc.taxTotals)}, ${net},
        ${total - net}, ${total}, ${doc.actor?.id ?? null}
      from document_counters where series = ${series} and year = ${year}
      returning id, number`,
  ];
}

/** The audit line of a document, written after it in its batch (its id and number read back). */
function auditStatement(doc: NewDocument, action: string, after: Record<string, unknown>) {
  const year = Number(doc.issueDate.slice(0, 4));
  return sql`insert into audit_log (actor_user_id, actor_email, action, entity_type, entity_id, before, after)
    select ${doc.actor?.id ?? null}, ${doc.actor?.email ?? null}, ${action}, 'invoice', cast(id as text), null,
      json_set(${JSON.stringify(after)}, '$.invoiceNumber', number)
    from invoices where id = ${newDocumentId(doc.kind, year)}`;
}

/** D1's refusal of a document's batch, as the API says it; anything else as it is. */
function documentError(err: unknown): unknown {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  if (text.includes('invoices.credits_invoice_id')) return new ApiError(409, 'already_credited');
  if (text.includes('folio_lines.corrects_line_id')) return new ApiError(409, 'already_corrected');
  if (text.includes('invoice_lines.folio_line_id')) return 'retry';
  return err;
}

/**
 * Issues a tax invoice for the folio's charge and correction lines not yet on a document (409
 * `nothing_to_invoice` when there are none, or they add up to nothing). The customer: the one
 * given, else the company account the folio was last moved to, else the booking's guest.
 */
export async function issueInvoice(
  db: Db,
  actor: SessionUser | null,
  bookingId: number,
  input: IssueInvoiceInput = {},
  now = new Date(),
): Promise<InvoiceDocument> {
  for (let attempt = 1; ; attempt++) {
    const doc = await invoiceToIssue(db, actor, bookingId, input, now);
    try {
      const [, inserted] = await batch(db, [
        ...documentStatements(doc),
        sql`insert into invoice_lines (folio_line_id, invoice_id)
          select f.id, ${newDocumentId('invoice', Number(doc.issueDate.slice(0, 4)))} from folio_lines f
          where f.booking_id = ${bookingId}
            and f.id in (select value from json_each(${JSON.stringify(doc.lines.map((l) => l.folioLineId))}))`,
        auditStatement(doc, 'invoice.issued', {
          invoicedBookingId: bookingId,
          documentTotalBaisa: sum(doc.lines, (l) => l.amountBaisa),
          documentLines: doc.lines.length,
        }),
      ]);
      return (await readInvoice(db, inserted![0]!.id as number))!;
    } catch (err) {
      const mapped = documentError(err);
      if (mapped === 'retry' && attempt < ISSUE_TRIES) continue;
      throw mapped === 'retry' ? new ApiError(409, 'nothing_to_invoice') : mapped;
    }
  }
}

/** The invoice the folio's lines not yet on a document make now (one round trip, and the settings'). */
async function invoiceToIssue(
  db: Db,
  actor: SessionUser | null,
  bookingId: number,
  input: IssueInvoiceInput,
  now: Date,
): Promise<NewDocument> {
  const [bookings, folio, companies, sites] = await batch(db, [
    sql`select full_name as fullName from booking_submissions where id = ${bookingId}`,
    sql`select ${FOLIO_ROW} from folio_lines f
      where f.booking_id = ${bookingId} and f.kind in ('charge', 'correction')
        and not exists (select 1 from invoice_lines il where il.folio_line_id = f.id)
      order by f.id`,
    sql`select a.name, a.vat_number as vatNumber, a.address
      from folio_lines f join city_ledger_accounts a on a.id = f.city_ledger_account_id
      where f.booking_id = ${bookingId} and f.kind = 'transfer' order by f.id desc limit 1`,
    // The hotel's public name and address: the supplier's until its legal details are set.
    sql`select site_name as nameEn, site_name_ar as nameAr, address as addressEn, address_ar as addressAr
      from site_settings where id = 1`,
  ]);
  const booking = bookings![0] as { fullName: string } | undefined;
  const site = sites![0] as Pick<InvoiceParty, 'nameAr' | 'nameEn' | 'addressAr' | 'addressEn'> | undefined;
  const rows = folio as FolioRow[];
  const company = companies![0] as { name: string; vatNumber: string; address: string } | undefined;
  if (!booking) throw new ApiError(404, 'booking_not_found');
  // A charge corrected before it was invoiced was never sold: neither it nor its correction is invoiced.
  const correctedHere = new Set(rows.filter((r) => r.kind === 'correction').map((r) => r.correctsLineId));
  const chargesHere = new Set(rows.filter((r) => r.kind === 'charge').map((r) => r.id));
  const lines = rows
    .filter(
      (r) => !correctedHere.has(r.id) && !(r.kind === 'correction' && chargesHere.has(r.correctsLineId!)),
    )
    .map((r) => lineOf(r));
  if (lines.length === 0 || sum(lines, (l) => l.amountBaisa) <= 0)
    throw new ApiError(409, 'nothing_to_invoice');
  const settings = await readTaxSettings(db);
  const customer = input.customer
    ? party(input.customer.name, input.customer.vatNumber, input.customer.address)
    : company
      ? party(company.name, company.vatNumber, company.address)
      : party(booking.fullName, '', '');
  return {
    kind: 'invoice',
    bookingId,
    creditsInvoiceId: null,
    reason: null,
    issueDate: hotelToday(now),
    supplier: supplierOf(settings.supplier, site),
    customer,
    ...documentOf(lines, settings.taxes),
    actor,
  };
}

/**
 * The supplier as printed: the tax settings' legal details; until the hotel sets its legal name
 * and address, its public ones from the site settings (the VAT number and registration stay as set).
 */
function supplierOf(
  supplier: InvoiceParty,
  site: Pick<InvoiceParty, 'nameAr' | 'nameEn' | 'addressAr' | 'addressEn'> | undefined,
): InvoiceParty {
  if (!site) return supplier;
  const named = supplier.nameAr !== '' || supplier.nameEn !== '';
  const addressed = supplier.addressAr !== '' || supplier.addressEn !== '';
  return {
    ...supplier,
    ...(named ? {} : { nameAr: site.nameAr, nameEn: site.nameEn }),
    ...(addressed ? {} : { addressAr: site.addressAr, addressEn: site.addressEn }),
  };
}

/** The open business date as SQL: today, or the day after the last closed day when that is today or later. */
const openBusinessDateSql = (today: string) =>
  sql`coalesce((select case when max(date) >= ${today} then date(max(date), '+1 day') end from day_closes), ${today})`;

/**
 * A credit note for invoice `invoiceId` (managers), crediting it in full: each charge on it is
 * corrected (the correction dated the open business date, with the reason) and the corrections
 * are tied to the credit note, in the credit note's batch. One credit note per invoice.
 */
export async function issueCreditNote(
  db: Db,
  actor: SessionUser,
  invoiceId: number,
  reason: string,
  now = new Date(),
): Promise<InvoiceDocument> {
  const invoice = await readInvoice(db, invoiceId);
  if (!invoice || invoice.kind !== 'invoice') throw new ApiError(404, 'invoice_not_found');
  if (invoice.creditNote) throw new ApiError(409, 'already_credited');
  const [chargeRows, corrected] = await batch(db, [
    sql`select ${FOLIO_ROW} from invoice_lines il join folio_lines f on f.id = il.folio_line_id
      where il.invoice_id = ${invoiceId} and f.kind = 'charge' order by f.id`,
    sql`select c.id from invoice_lines il join folio_lines c on c.corrects_line_id = il.folio_line_id
      where il.invoice_id = ${invoiceId}`,
  ]);
  const charges = chargeRows as FolioRow[];
  if (corrected!.length > 0) throw new ApiError(409, 'already_corrected');
  if (charges.length === 0) throw new ApiError(409, 'nothing_to_invoice');
  const settings = await readTaxSettings(db);
  // A credit note's amounts are what it credits (positive); the folio's corrections carry the minus.
  const lines = charges.map((r) => lineOf(r));
  const today = hotelToday(now);
  const doc: NewDocument = {
    kind: 'credit_note',
    bookingId: invoice.bookingId,
    creditsInvoiceId: invoiceId,
    reason,
    issueDate: today,
    // The parties as on the invoice it credits.
    supplier: invoice.supplier,
    customer: invoice.customer,
    ...documentOf(lines, settings.taxes),
    actor,
  };
  const ids = JSON.stringify(charges.map((r) => r.id));
  const year = Number(today.slice(0, 4));
  try {
    const [, inserted] = await batch(db, [
      ...documentStatements(doc),
      sql`insert into folio_lines (booking_id, kind, department, description, quantity, amount_baisa,
          net_baisa, taxes, business_date, corrects_line_id, reason, created_by)
        select f.booking_id, 'correction', f.department, f.description, f.quantity, -f.amount_baisa, -f.net_baisa,
          (select coalesce(json_group_array(json_object('code', json_extract(t.value, '$.code'),
            'amountBaisa', -json_extract(t.value, '$.amountBaisa'))), '[]') from json_each(f.taxes) t),
          ${openBusinessDateSql(today)}, f.id, ${reason}, ${actor.id}
        from folio_lines f where f.booking_id = ${invoice.bookingId} and f.id in (select value from json_each(${ids}))
        order by f.id`,
      sql`insert into invoice_lines (folio_line_id, invoice_id)
        select c.id, ${newDocumentId('credit_note', year)} from folio_lines c
        where c.booking_id = ${invoice.bookingId} and c.corrects_line_id in (select value from json_each(${ids}))`,
      auditStatement(doc, 'invoice.credited', {
        creditedInvoice: invoice.number,
        reason,
        documentTotalBaisa: sum(lines, (l) => l.amountBaisa),
      }),
    ]);
    return (await readInvoice(db, inserted![0]!.id as number))!;
  } catch (err) {
    const mapped = documentError(err);
    throw mapped === 'retry' ? new ApiError(409, 'already_corrected') : mapped;
  }
}

type InvoiceRow = {
  id: number;
  kind: DocumentKind;
  number: string;
  issueDate: string;
  issuedAt: number;
  bookingId: number;
  bookingReference: string;
  creditsId: number | null;
  creditsNumber: string | null;
  creditNoteId: number | null;
  creditNoteNumber: string | null;
  reason: string | null;
  supplier: string;
  customer: string;
  lines: string;
  taxTotals: string;
  netBaisa: number;
  taxBaisa: number;
  totalBaisa: number;
};

/** A document as issued, with the invoice it credits or its credit note (one query), or null. */
export async function readInvoice(db: Db, id: number): Promise<InvoiceDocument | null> {
  const row = await db.get<
    InvoiceRow | undefined
  >(sql`select i.id, i.kind, i.number, i.issue_date as issueDate,
      i.issued_at as issuedAt, i.booking_id as bookingId, b.reference as bookingReference,
      o.id as creditsId, o.number as creditsNumber, n.id as creditNoteId, n.number as creditNoteNumber,
      i.reason, i.supplier, i.customer, i.lines, i.tax_totals as taxTotals, i.net_baisa as netBaisa,
      i.tax_baisa as taxBaisa, i.total_baisa as totalBaisa
    from invoices i join booking_submissions b on b.id = i.booking_id
      left join invoices o on o.id = i.credits_invoice_id
      left join invoices n on n.credits_invoice_id = i.id
    where i.id = ${id}`);
  if (!row) return null;
  const lines = JSON.parse(row.lines) as InvoiceLine[];
  const linesNet = sum(lines, (l) => l.netBaisa);
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issueDate: row.issueDate,
    issuedAt: new Date(row.issuedAt).toISOString(),
    bookingId: row.bookingId,
    bookingReference: row.bookingReference,
    creditsInvoice: row.creditsId === null ? null : { id: row.creditsId, number: row.creditsNumber! },
    creditNote: row.creditNoteId === null ? null : { id: row.creditNoteId, number: row.creditNoteNumber! },
    reason: row.reason,
    supplier: JSON.parse(row.supplier) as InvoiceParty,
    customer: JSON.parse(row.customer) as InvoiceParty,
    lines,
    taxTotals: JSON.parse(row.taxTotals) as InvoiceTaxTotal[],
    // The lines' nets; a document before issue 55 has no rounding (its net is its lines').
    netBaisa: linesNet,
    taxBaisa: row.taxBaisa,
    roundingBaisa: row.netBaisa - linesNet,
    totalBaisa: row.totalBaisa,
  };
}

/** The booking a document belongs to (for the guest's access), or null. */
export async function invoiceBookingId(db: Db, id: number): Promise<number | null> {
  const row = await db.get<{ bookingId: number } | undefined>(
    sql`select booking_id as bookingId from invoices where id = ${id}`,
  );
  return row?.bookingId ?? null;
}
