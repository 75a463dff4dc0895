import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { hotelToday } from '@shared/dates';
import {
  DOCUMENT_SERIES,
  FOLIO_BALANCE_SIGN,
  openBusinessDate,
  type DocumentKind,
  type InvoiceLine,
  type InvoiceParty,
  type InvoiceTaxTotal,
  type TaxAmount,
} from '@shared/folio';
import type {
  InvoiceDocument,
  InvoiceSettlement,
  InvoiceSettlementLine,
  IssueInvoiceInput,
} from '@shared/invoice-schemas';
import type { FolioDepartment } from '@shared/taxes';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { documentOf, folioRoundingsOf } from './document-lines';
import { readTaxSettings } from './tax-settings';
import { roomTypeFieldSql } from '../catalog';

/**
 * Tax invoices and credit notes (docs/decisions/068-invoices.md). An invoice takes the folio's
 * charge and correction lines not yet on a document; its number comes from `document_counters` in
 * the same batch as the invoice, its `invoice_lines` and its audit line, so a refused batch takes
 * no number and two concurrent issues never share one or put a line on two documents (the line is
 * `invoice_lines`' primary key: the second batch fails whole and is read again). The supplier,
 * the customer, the lines and each tax's total are copied in: a later change of settings or rates
 * never changes an issued document. Credit notes are issued in credit-notes.ts, with the
 * building blocks here; the documents are read here.
 */

export type FolioRow = {
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
  night: string | null;
};

export const FOLIO_ROW = sql`f.id, f.kind, f.department, f.description, f.quantity, f.amount_baisa as amountBaisa,
  f.net_baisa as netBaisa, f.taxes, f.business_date as businessDate, f.corrects_line_id as correctsLineId, f.night`;

/**
 * Runs raw statements as one D1 batch (one transaction) and answers each one's rows as objects.
 * Through the binding itself: drizzle's batch cannot bind a raw query's parameters.
 */
export async function batch(db: Db, queries: SQL[]): Promise<Record<string, unknown>[][]> {
  const client = (db as Db & { $client: D1Database }).$client;
  const statements = queries.map((query) => {
    const { sql: text, params } = db.all(query).getQuery();
    return client.prepare(text).bind(...params);
  });
  const results = await client.batch<Record<string, unknown>>(statements);
  return results.map((r) => r.results ?? []);
}

/** Tries of an issue whose lines another issue took meanwhile (each re-reads the folio). */
export const ISSUE_TRIES = 3;

export const lineOf = (row: FolioRow, sign: 1 | -1 = 1): InvoiceLine => ({
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
  ...(row.night ? { night: row.night } : {}),
});

export const sum = (lines: readonly InvoiceLine[], pick: (l: InvoiceLine) => number) =>
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
export const newDocumentId = (kind: DocumentKind, year: number) =>
  sql`(select id from invoices where kind = ${kind} and year = ${year} and sequence =
    (select last_number from document_counters where series = ${DOCUMENT_SERIES[kind]} and year = ${year}))`;

export type NewDocument = {
  kind: DocumentKind;
  bookingId: number;
  /** A document of a group's folio (decision 076): the group; `bookingId` is the folio's holder. */
  groupId?: number | null;
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
export function documentStatements(doc: NewDocument): SQL[] {
  const year = Number(doc.issueDate.slice(0, 4));
  const series = DOCUMENT_SERIES[doc.kind];
  // The taxes as the document computed them; the net column is the rest (with any rounding).
  const total = sum(doc.lines, (l) => l.amountBaisa);
  const net = total - doc.taxTotals.reduce((a, t) => a + t.amountBaisa, 0);
  const roundings = folioRoundingsOf(doc);
  const date = doc.lines.find((l) => l.rounding)?.businessDate;
  return [
    sql`insert into document_counters (series, year, last_number) values (${series}, ${year}, 1)
      on conflict (series, year) do update set last_number = last_number + 1`,
    sql`insert into invoices (kind, number, year, sequence, booking_id, group_id,
        credits_invoice_id, reason, issue_date, supplier, customer, lines, tax_totals, net_baisa, tax_baisa,
        total_baisa, issued_by)
      select ${doc.kind}, ${series} || '-' || year || '-' || printf('%06d', last_number), year, last_number,
        ${doc.bookingId}, ${doc.groupId ?? null}, ${doc.creditsInvoiceId}, ${doc.reason}, ${doc.issueDate}, ${JSON.stringify(doc.supplier)},
        ${JSON.stringify(doc.customer)}, ${JSON.stringify(doc.lines)}, ${JSON.stringify(doc.taxTotals)}, ${net},
        ${total - net}, ${total}, ${doc.actor?.id ?? null}
      from document_counters where series = ${series} and year = ${year}
      returning id, number`,
    // Its rounding, booked on its folio (the stay's or the group's) on the open business date.
    ...(roundings.length === 0
      ? []
      : [
          sql`insert into folio_roundings (invoice_id, booking_id, group_id, department, net_baisa, taxes,
              rounding_baisa, business_date)
            select i.id, i.booking_id, i.group_id, json_extract(r.value, '$.department'),
              json_extract(r.value, '$.netBaisa'), json_extract(r.value, '$.taxes'),
              json_extract(r.value, '$.roundingBaisa'), ${date}
            from json_each(${JSON.stringify(roundings)}) r, invoices i where i.id = ${newDocumentId(doc.kind, year)}
            order by r.key`,
        ]),
  ];
}

/** The audit line of a document, written after it in its batch (its id and number read back). */
export function auditStatement(doc: NewDocument, action: string, after: Record<string, unknown>) {
  const year = Number(doc.issueDate.slice(0, 4));
  return sql`insert into audit_log (actor_user_id, actor_email, action, entity_type, entity_id, before, after)
    select ${doc.actor?.id ?? null}, ${doc.actor?.email ?? null}, ${action}, 'invoice', cast(id as text), null,
      json_set(${JSON.stringify(after)}, '$.invoiceNumber', number)
    from invoices where id = ${newDocumentId(doc.kind, year)}`;
}

/** The last closed business date, as a raw statement of a document's read (`openBusinessDateOf` its rows). */
export const lastClosedSql = sql`select max(date) as date from day_closes`;

/** The open business date from `lastClosedSql`'s rows: today (hotel time), or the day after the last closed one. */
export const openBusinessDateOf = (rows: Record<string, unknown>[], now: Date) =>
  openBusinessDate(hotelToday(now), (rows[0]?.date as string | null | undefined) ?? null);

/** D1's refusal of a document's batch, as the API says it; anything else as it is. */
export function documentError(err: unknown): unknown {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  if (text.includes('invoices.credits_invoice_id')) return new ApiError(409, 'already_credited');
  if (text.includes('folio_lines.corrects_line_id')) return new ApiError(409, 'already_corrected');
  // A concurrent credit note or correction took part of what this one was computed from: again.
  if (text.includes('correction_exceeds_charge') || text.includes('refund_exceeds_payment')) return 'retry';
  if (text.includes('invoice_lines.folio_line_id')) return 'retry';
  // The day its rounding was to be booked on closed meanwhile: again, on the next open day.
  if (text.includes('day_closed')) return 'retry';
  // A group's folio takes no line once its block no longer bills its members' rooms (decision 076).
  if (text.includes('group_folio_member')) return new ApiError(409, 'group_not_master_billed');
  return err;
}

/**
 * The lines of a folio, as a condition on folio line `f`: a stay's own (its lines on no group's
 * folio), or, with `groupId`, the group's folio (decision 076).
 *
 * @example
 * sql`select f.id from folio_lines f where ${folioScopeSql(7, null)}`
 */
export const folioScopeSql = (bookingId: number, groupId: number | null): SQL =>
  groupId === null ? sql`f.booking_id = ${bookingId} and f.group_id is null` : sql`f.group_id = ${groupId}`;

/**
 * Issues a tax invoice for the folio's charge and correction lines not yet on a document (409
 * `nothing_to_invoice` when there are none, or they add up to nothing). The customer: the one
 * given, else the company account the folio was last moved to, else the booking's guest. With
 * `groupId`, the group's folio (decision 076), `bookingId` its holder.
 *
 * @example
 * const invoice = await issueInvoice(db, user, 7); // its page: /invoices/:id
 */
export async function issueInvoice(
  db: Db,
  actor: SessionUser | null,
  bookingId: number,
  input: IssueInvoiceInput = {},
  now = new Date(),
  groupId: number | null = null,
): Promise<InvoiceDocument> {
  for (let attempt = 1; ; attempt++) {
    const doc = await invoiceToIssue(db, actor, bookingId, input, now, groupId);
    try {
      const [, inserted] = await batch(db, [
        ...documentStatements(doc),
        sql`insert into invoice_lines (folio_line_id, invoice_id)
          select f.id, ${newDocumentId('invoice', Number(doc.issueDate.slice(0, 4)))} from folio_lines f
          where ${folioScopeSql(bookingId, groupId)}
            and f.id in (select value from json_each(${JSON.stringify(doc.lines.map((l) => l.folioLineId))}))`,
        auditStatement(doc, 'invoice.issued', {
          invoicedBookingId: bookingId,
          ...(groupId === null ? {} : { invoicedGroupId: groupId }),
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
  groupId: number | null,
): Promise<NewDocument> {
  // A line's own stay's room type, the catalogue's names read by it.
  const lineRoomType = sql`(select rb.room_type from booking_submissions rb where rb.id = f.booking_id)`;
  const [bookings, folio, companies, sites, closed] = await batch(db, [
    sql`select b.full_name as fullName,
        ${roomTypeFieldSql('name', sql`b.room_type`)} as roomNameEn,
        ${roomTypeFieldSql('nameAr', sql`b.room_type`)} as roomNameAr
      from booking_submissions b where b.id = ${bookingId}`,
    // Each line's own stay's room type (a group's nights are of its members' several rooms).
    sql`select ${FOLIO_ROW},
        ${roomTypeFieldSql('name', lineRoomType)} as roomNameEn,
        ${roomTypeFieldSql('nameAr', lineRoomType)} as roomNameAr
      from folio_lines f
      where ${folioScopeSql(bookingId, groupId)} and f.kind in ('charge', 'correction')
        and not exists (select 1 from invoice_lines il where il.folio_line_id = f.id)
      order by f.id`,
    sql`select a.name, a.vat_number as vatNumber, a.address
      from folio_lines f join city_ledger_accounts a on a.id = f.city_ledger_account_id
      where ${folioScopeSql(bookingId, groupId)} and f.kind = 'transfer' order by f.id desc limit 1`,
    // The hotel's public name and address: the supplier's until its legal details are set.
    sql`select site_name as nameEn, site_name_ar as nameAr, address as addressEn, address_ar as addressAr
      from site_settings where id = 1`,
    // The open business date its rounding is booked on.
    lastClosedSql,
  ]);
  const booking = bookings![0] as
    { fullName: string; roomNameEn: string | null; roomNameAr: string | null } | undefined;
  const site = sites![0] as Pick<InvoiceParty, 'nameAr' | 'nameEn' | 'addressAr' | 'addressEn'> | undefined;
  const rows = folio as (FolioRow & { roomNameEn: string | null; roomNameAr: string | null })[];
  const company = companies![0] as { name: string; vatNumber: string; address: string } | undefined;
  if (!booking) throw new ApiError(404, 'booking_not_found');
  // A charge corrected before it was invoiced was never sold: neither it nor its correction is invoiced.
  const correctedHere = new Set(rows.filter((r) => r.kind === 'correction').map((r) => r.correctsLineId));
  const chargesHere = new Set(rows.filter((r) => r.kind === 'charge').map((r) => r.id));
  const lines = rows
    .filter(
      (r) => !correctedHere.has(r.id) && !(r.kind === 'correction' && chargesHere.has(r.correctsLineId!)),
    )
    .map((r) => ({
      ...lineOf(r),
      // On a group's document each room night names its own stay's room type.
      ...(groupId !== null && r.department === 'room' && r.roomNameEn
        ? { roomNameEn: r.roomNameEn, roomNameAr: r.roomNameAr ?? r.roomNameEn }
        : {}),
    }));
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
    groupId,
    creditsInvoiceId: null,
    reason: null,
    issueDate: hotelToday(now),
    supplier: supplierOf(settings.supplier, site),
    customer,
    ...documentOf(
      lines,
      settings.taxes,
      // A group's room nights are of its members' several rooms: none named for all.
      booking.roomNameEn && groupId === null
        ? { roomNameEn: booking.roomNameEn, roomNameAr: booking.roomNameAr ?? booking.roomNameEn }
        : undefined,
      openBusinessDateOf(closed!, now),
    ),
    actor,
  };
}

/**
 * The supplier as printed: the tax settings' legal details; until the hotel sets its legal name
 * and address, its public ones from the site settings (the VAT number and registration stay as set).
 */
export function supplierOf(
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

type InvoiceRow = {
  id: number;
  kind: DocumentKind;
  number: string;
  issueDate: string;
  issuedAt: number;
  bookingId: number;
  groupId: number | null;
  groupName: string | null;
  bookingReference: string;
  creditsId: number | null;
  creditsNumber: string | null;
  /** JSON: the credit notes of an invoice, oldest first. */
  creditNotes: string;
  /** JSON: an invoice's charges, each with what is left of it uncredited. */
  uncredited: string;
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
      i.issued_at as issuedAt, i.booking_id as bookingId, i.group_id as groupId, g.name as groupName,
      b.reference as bookingReference,
      o.id as creditsId, o.number as creditsNumber,
      (select json_group_array(json_object('id', n.id, 'number', n.number, 'totalBaisa', n.total_baisa))
        from (select id, number, total_baisa from invoices where credits_invoice_id = i.id order by id) n)
        as creditNotes,
      (select json_group_object(f.id, f.amount_baisa + coalesce((select sum(c.amount_baisa) from folio_lines c
          where c.corrects_line_id = f.id), 0))
        from invoice_lines il join folio_lines f on f.id = il.folio_line_id
        where il.invoice_id = i.id and i.kind = 'invoice' and f.kind = 'charge') as uncredited,
      i.reason, i.supplier, i.customer, i.lines, i.tax_totals as taxTotals, i.net_baisa as netBaisa,
      i.tax_baisa as taxBaisa, i.total_baisa as totalBaisa
    from invoices i join booking_submissions b on b.id = i.booking_id
      left join invoices o on o.id = i.credits_invoice_id left join group_blocks g on g.id = i.group_id
    where i.id = ${id}`);
  if (!row) return null;
  const creditNotes = JSON.parse(row.creditNotes) as InvoiceDocument['creditNotes'];
  const latest = creditNotes.at(-1);
  const lines = JSON.parse(row.lines) as InvoiceLine[];
  const linesNet = sum(lines, (l) => l.netBaisa);
  return {
    id: row.id,
    kind: row.kind,
    number: row.number,
    issueDate: row.issueDate,
    issuedAt: new Date(row.issuedAt).toISOString(),
    bookingId: row.bookingId,
    groupId: row.groupId,
    groupName: row.groupName,
    bookingReference: row.bookingReference,
    creditsInvoice: row.creditsId === null ? null : { id: row.creditsId, number: row.creditsNumber! },
    creditNote: latest ? { id: latest.id, number: latest.number } : null,
    creditNotes,
    creditedBaisa: creditNotes.reduce((a, n) => a + n.totalBaisa, 0),
    uncreditedBaisa: JSON.parse(row.uncredited) as Record<string, number>,
    reason: row.reason,
    supplier: JSON.parse(row.supplier) as InvoiceParty,
    customer: JSON.parse(row.customer) as InvoiceParty,
    lines,
    taxTotals: JSON.parse(row.taxTotals) as InvoiceTaxTotal[],
    // The lines' nets; a document issued before document-level taxes has no rounding (its net is its lines').
    netBaisa: linesNet,
    taxBaisa: row.taxBaisa,
    roundingBaisa: row.netBaisa - linesNet,
    totalBaisa: row.totalBaisa,
    settlement:
      row.kind === 'invoice' ? await settlementOf(db, row.bookingId, row.groupId, row.issuedAt) : null,
  };
}

/**
 * An invoice's payments and balance: the folio's payments, refunds and moves to a company account
 * posted up to the moment it was issued (folio lines never change, so neither does this), and the
 * folio's balance then. One read along the booking's lines.
 */
async function settlementOf(
  db: Db,
  bookingId: number,
  groupId: number | null,
  issuedAt: number,
): Promise<InvoiceSettlement> {
  const signs = Object.entries(FOLIO_BALANCE_SIGN)
    .map(([kind, s]) => `when '${kind}' then ${s}`)
    .join(' ');
  const rows = await db.all<InvoiceSettlementLine & { signed: number }>(sql`
    select kind, method, business_date as businessDate, amount_baisa as amountBaisa,
      approval_code as approvalCode, (case kind ${sql.raw(signs)} end) * amount_baisa as signed
    from folio_lines f where ${folioScopeSql(bookingId, groupId)} and created_at <= ${issuedAt} order by id`);
  const lines = rows
    .filter((r) => r.kind === 'payment' || r.kind === 'refund' || r.kind === 'transfer')
    .map(({ kind, method, businessDate, amountBaisa, approvalCode }) => ({
      kind,
      method,
      businessDate,
      amountBaisa,
      approvalCode: approvalCode ?? null,
    }));
  return {
    lines,
    paidBaisa: lines.reduce((a, l) => a + (l.kind === 'refund' ? -l.amountBaisa : l.amountBaisa), 0),
    balanceBaisa: rows.reduce((a, r) => a + r.signed, 0),
  };
}

/**
 * The booking a document belongs to (for the guest's access), or null; a group folio's document
 * belongs to no guest's booking (its holder's guest may not read the group's bill): null.
 */
export async function invoiceBookingId(db: Db, id: number): Promise<number | null> {
  const row = await db.get<{ bookingId: number } | undefined>(
    sql`select booking_id as bookingId from invoices where id = ${id} and group_id is null`,
  );
  return row?.bookingId ?? null;
}
