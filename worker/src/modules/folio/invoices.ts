import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { hotelToday } from '@shared/dates';
import {
  DOCUMENT_SERIES,
  FOLIO_BALANCE_SIGN,
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
import { documentTaxes, taxesInForce, type FolioDepartment, type Tax } from '@shared/taxes';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { claimKey, storeAnswerWithId, type Idempotency } from '../../platform/idempotency';
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
  night: string | null;
};

const FOLIO_ROW = sql`f.id, f.kind, f.department, f.description, f.quantity, f.amount_baisa as amountBaisa,
  f.net_baisa as netBaisa, f.taxes, f.business_date as businessDate, f.corrects_line_id as correctsLineId, f.night`;

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
  ...(row.night ? { night: row.night } : {}),
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
  room?: RoomName,
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
        // A room night names the booking's room type (and its night, from the folio line).
        ...(l.department === 'room' && room ? room : {}),
        netBaisa: p.netBaisa,
        taxes: p.taxes,
        ...(p.roundingBaisa ? { roundingBaisa: p.roundingBaisa } : {}),
      };
    }),
    taxTotals: priced.totals.map((t) => {
      const name =
        named.find((n) => n.code === t.code && n.rateBp === t.rateBp) ?? named.find((n) => n.code === t.code);
      return {
        code: t.code,
        nameAr: name?.nameAr ?? t.code,
        nameEn: name?.nameEn ?? t.code,
        rateBp: t.rateBp,
        baseBaisa: t.baseBaisa,
        amountBaisa: t.amountBaisa,
      };
    }),
  };
}

/** The booking's room type as a room night's line names it. */
type RoomName = { roomNameEn: string; roomNameAr: string };
/** The room type a document's room nights name (a credit note's: its invoice's). */
const roomNameOf = (lines: readonly InvoiceLine[]): RoomName | undefined => {
  const named = lines.find((l) => l.roomNameEn !== undefined);
  return named
    ? { roomNameEn: named.roomNameEn!, roomNameAr: named.roomNameAr ?? named.roomNameEn! }
    : undefined;
};

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
  // A concurrent credit note or correction took part of what this one was computed from: again.
  if (text.includes('correction_exceeds_charge') || text.includes('refund_exceeds_payment')) return 'retry';
  if (text.includes('invoice_lines.folio_line_id')) return 'retry';
  return err;
}

/**
 * Issues a tax invoice for the folio's charge and correction lines not yet on a document (409
 * `nothing_to_invoice` when there are none, or they add up to nothing). The customer: the one
 * given, else the company account the folio was last moved to, else the booking's guest.
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
    sql`select b.full_name as fullName,
        (select r.name from rooms r where r.room_type = b.room_type order by r.id limit 1) as roomNameEn,
        (select r.name_ar from rooms r where r.room_type = b.room_type order by r.id limit 1) as roomNameAr
      from booking_submissions b where b.id = ${bookingId}`,
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
  const booking = bookings![0] as
    { fullName: string; roomNameEn: string | null; roomNameAr: string | null } | undefined;
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
    ...documentOf(
      lines,
      settings.taxes,
      booking.roomNameEn
        ? { roomNameEn: booking.roomNameEn, roomNameAr: booking.roomNameAr ?? booking.roomNameEn }
        : undefined,
    ),
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

/** What a credit note is asked to credit: the reason, and optionally which lines and how much. */
export type CreditNoteRequest = { reason: string; lineIds?: number[]; amountBaisa?: number };

/** What is left of one charge after its corrections, and its corrections not yet on a document. */
type ChargeLeft = {
  row: FolioRow;
  amount: number;
  net: number;
  taxes: Map<string, number>;
  /** Corrections of it on no document (made before issue 55): they go on the next credit note. */
  loose: { id: number; amount: number; net: number; taxes: TaxAmount[] }[];
};

type CorrectionRow = {
  id: number;
  chargeId: number;
  amountBaisa: number;
  netBaisa: number;
  taxes: string;
  onDocument: number;
};

type TransferRow = { id: number; accountId: number; left: number };

/**
 * `amount` baisa of `left` (1 ≤ amount ≤ left.amount) as a correction's positive part: all that is
 * left when it is all; else each tax in proportion, rounded half up, and the net the rest (never
 * more than the net or a tax left, so later parts still fit).
 */
function partOf(left: ChargeLeft, amount: number): { net: number; taxes: TaxAmount[] } {
  const codes = [...left.taxes.keys()];
  if (amount === left.amount) {
    return { net: left.net, taxes: codes.map((code) => ({ code, amountBaisa: left.taxes.get(code)! })) };
  }
  const taxes = codes.map((code) => {
    const whole = left.taxes.get(code)!;
    return { code, amountBaisa: Math.min(whole, Math.round((whole * amount) / left.amount)) };
  });
  let net = amount - taxes.reduce((a, t) => a + t.amountBaisa, 0);
  // Taxes rounded up on a few baisa may pass the amount: they give back what the net lacks.
  for (const t of [...taxes].sort((a, b) => b.amountBaisa - a.amountBaisa)) {
    if (net >= 0) break;
    const back = Math.min(-net, t.amountBaisa);
    t.amountBaisa -= back;
    net += back;
  }
  // The net left may not go below zero: what it cannot take goes on the taxes that still can.
  for (const t of taxes) {
    if (net <= left.net) break;
    const room = Math.min(net - left.net, left.taxes.get(t.code)! - t.amountBaisa);
    t.amountBaisa += room;
    net -= room;
  }
  return { net, taxes };
}

/**
 * `amount` spread over `weights` (each > 0, their sum ≥ amount) in proportion, in whole baisa:
 * each its floor, and the baisa left one each to the largest remainders (so none exceeds its weight).
 */
function spread(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((a, w) => a + w, 0);
  const parts = weights.map((w) => Math.floor((amount * w) / whole));
  let rest = amount - parts.reduce((a, p) => a + p, 0);
  const order = weights
    .map((w, i) => ({ i, frac: (amount * w) % whole }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (rest === 0) break;
    if (parts[i]! < weights[i]!) {
      parts[i]! += 1;
      rest -= 1;
    }
  }
  return parts;
}

/**
 * A credit note of invoice `invoiceId`: all that is left uncredited of it, or of the lines named,
 * or an amount spread over them by what is left of each (422 `credit_exceeds_uncredited` above
 * that; 409 `already_credited` when nothing is left). In its batch: a correction of each charge
 * for its part (dated the open business date, with the reason), each tied to the credit note
 * through `invoice_lines`, with any correction of the invoice's charges still on no document; and,
 * when the folio was moved to a company's account, the credit moved back to that account (a
 * refund of the transfer, `city_ledger`) as far as it leaves the folio in credit. The database
 * refuses corrections above a charge; a batch refused by a concurrent one is computed again.
 *
 * @example
 * await issueCreditNote(db, user, invoiceId, { reason: 'Reinstated', lineIds: [41] });
 */
export async function issueCreditNote(
  db: Db,
  actor: SessionUser,
  invoiceId: number,
  request: CreditNoteRequest | string,
  now = new Date(),
  idem: Idempotency | null = null,
): Promise<InvoiceDocument> {
  const asked: CreditNoteRequest = typeof request === 'string' ? { reason: request } : request;
  for (let attempt = 1; ; attempt++) {
    try {
      return await creditOnce(db, actor, invoiceId, asked, now, idem);
    } catch (err) {
      const mapped = documentError(err);
      if (mapped === 'retry' && attempt < ISSUE_TRIES) continue;
      throw mapped === 'retry' ? new ApiError(409, 'already_credited') : mapped;
    }
  }
}

async function creditOnce(
  db: Db,
  actor: SessionUser,
  invoiceId: number,
  asked: CreditNoteRequest,
  now: Date,
  idem: Idempotency | null,
): Promise<InvoiceDocument> {
  const invoice = await readInvoice(db, invoiceId);
  if (!invoice || invoice.kind !== 'invoice') throw new ApiError(404, 'invoice_not_found');
  const [chargeRows, correctionRows, transferRows, balances] = await batch(db, [
    sql`select ${FOLIO_ROW} from invoice_lines il join folio_lines f on f.id = il.folio_line_id
      where il.invoice_id = ${invoiceId} and f.kind = 'charge' order by f.id`,
    sql`select c.id, c.corrects_line_id as chargeId, c.amount_baisa as amountBaisa, c.net_baisa as netBaisa,
        c.taxes, exists (select 1 from invoice_lines d where d.folio_line_id = c.id) as onDocument
      from invoice_lines il join folio_lines c on c.corrects_line_id = il.folio_line_id
      where il.invoice_id = ${invoiceId} order by c.id`,
    sql`select t.id, t.city_ledger_account_id as accountId, t.amount_baisa - coalesce((select sum(r.amount_baisa)
        from folio_lines r where r.refunds_line_id = t.id), 0) as left
      from folio_lines t where t.booking_id = ${invoice.bookingId} and t.kind = 'transfer' order by t.id desc`,
    sql`select folio_balance_baisa as balance from booking_submissions where id = ${invoice.bookingId}`,
  ]);
  const charges = new Map<number, ChargeLeft>();
  for (const row of chargeRows as FolioRow[]) {
    const taxes = new Map((JSON.parse(row.taxes) as TaxAmount[]).map((t) => [t.code, t.amountBaisa]));
    charges.set(row.id, { row, amount: row.amountBaisa, net: row.netBaisa, taxes, loose: [] });
  }
  for (const c of correctionRows as CorrectionRow[]) {
    const left = charges.get(c.chargeId);
    if (!left) continue;
    const taxes = JSON.parse(c.taxes) as TaxAmount[];
    left.amount += c.amountBaisa;
    left.net += c.netBaisa;
    for (const t of taxes) left.taxes.set(t.code, (left.taxes.get(t.code) ?? 0) + t.amountBaisa);
    if (!c.onDocument) left.loose.push({ id: c.id, amount: c.amountBaisa, net: c.netBaisa, taxes });
  }
  if (charges.size === 0) throw new ApiError(409, 'nothing_to_invoice');
  const named = asked.lineIds ?? [...charges.keys()];
  if (named.some((id) => !charges.has(id))) throw new ApiError(422, 'credit_line_not_on_invoice');
  const open = named.map((id) => charges.get(id)!).filter((l) => l.amount > 0);
  const leftBaisa = open.reduce((a, l) => a + l.amount, 0);
  const amount = asked.amountBaisa ?? leftBaisa;
  if (amount > leftBaisa) {
    throw new ApiError(422, 'credit_exceeds_uncredited', undefined, { leftBaisa });
  }
  const parts =
    leftBaisa === 0
      ? []
      : spread(
          amount,
          open.map((l) => l.amount),
        );
  const fresh = open
    .map((left, i) => ({ left, amount: parts[i]! }))
    .filter((p) => p.amount > 0)
    .map((p) => ({ ...p, ...partOf(p.left, p.amount) }));
  const loose = [...charges.values()].filter((l) => l.loose.length > 0);
  if (fresh.length === 0 && loose.length === 0) throw new ApiError(409, 'already_credited');

  // The document's lines: one per correction it is on (positive amounts: what it credits), in
  // the order of the charges; each names its charge, as the tax report matches them.
  const lines: InvoiceLine[] = [];
  for (const left of charges.values()) {
    for (const c of left.loose) {
      lines.push({
        ...lineOf(left.row),
        netBaisa: -c.net,
        taxes: c.taxes.map((t) => ({ code: t.code, amountBaisa: -t.amountBaisa })),
        amountBaisa: -c.amount,
      });
    }
    const part = fresh.find((p) => p.left === left);
    if (part)
      lines.push({ ...lineOf(left.row), netBaisa: part.net, taxes: part.taxes, amountBaisa: part.amount });
  }
  const settings = await readTaxSettings(db);
  const today = hotelToday(now);
  const year = Number(today.slice(0, 4));
  const doc: NewDocument = {
    kind: 'credit_note',
    bookingId: invoice.bookingId,
    creditsInvoiceId: invoiceId,
    reason: asked.reason,
    issueDate: today,
    // The parties as on the invoice it credits.
    supplier: invoice.supplier,
    customer: invoice.customer,
    ...documentOf(lines, settings.taxes, roomNameOf(invoice.lines)),
    actor,
  };
  const creditNoteId = newDocumentId('credit_note', year);
  const businessDate = openBusinessDateSql(today);
  const documentTotal = sum(lines, (l) => l.amountBaisa);
  const corrections = fresh.map(
    ({ left, amount: part, net, taxes }) =>
      sql`insert into folio_lines (booking_id, kind, department, description, quantity, amount_baisa,
          net_baisa, taxes, business_date, corrects_line_id, reason, created_by)
        values (${invoice.bookingId}, 'correction', ${left.row.department}, ${left.row.description},
          ${left.row.quantity}, ${-part}, ${-net},
          ${JSON.stringify(taxes.map((t) => ({ code: t.code, amountBaisa: -t.amountBaisa })))},
          ${businessDate}, ${left.row.id}, ${asked.reason}, ${actor.id})`,
  );
  const looseIds = loose.flatMap((l) => l.loose.map((c) => c.id));
  const correctedIds = JSON.stringify([...charges.keys()]);
  // The credit moved back to the company account(s) the folio went to, newest first, as far as it
  // leaves the folio in credit (the folio's balance read now; held again when the batch runs).
  const balance = Number((balances![0] as { balance: number } | undefined)?.balance ?? 0);
  const freshTotal = fresh.reduce((a, p) => a + p.amount, 0);
  let toMove = Math.min(documentTotal, Math.max(0, -(balance - freshTotal)));
  const moves: SQL[] = [];
  for (const t of transferRows as TransferRow[]) {
    const part = Math.min(toMove, t.left);
    if (part <= 0) continue;
    toMove -= part;
    moves.push(
      sql`insert into folio_lines (booking_id, kind, method, amount_baisa, business_date, refunds_line_id, reason, created_by)
        select ${invoice.bookingId}, 'refund', 'city_ledger', ${part}, ${businessDate}, ${t.id}, ${asked.reason}, ${actor.id}
        where (select folio_balance_baisa from booking_submissions where id = ${invoice.bookingId}) + ${part} <= 0`,
    );
  }
  // With an Idempotency-Key (a double tap on "Issue"): the key claimed first, the credit note's id
  // stored as its answer last, in the same batch (a retry is answered that credit note).
  const claimed = idem ? [claimKey(db, idem).getSQL()] : [];
  const stored = idem
    ? [storeAnswerWithId(db, idem, { creditNoteId: 0 }, '$.creditNoteId', creditNoteId).getSQL()]
    : [];
  const [, inserted] = await batch(db, [
    ...claimed,
    ...documentStatements(doc),
    ...corrections,
    // Corrections on no document yet first (a concurrent document taking one refuses this batch) ...
    sql`insert into invoice_lines (folio_line_id, invoice_id)
      select value, ${creditNoteId} from json_each(${JSON.stringify(looseIds)})`,
    // ... then this batch's own corrections of the invoice's charges.
    sql`insert into invoice_lines (folio_line_id, invoice_id)
      select c.id, ${creditNoteId} from folio_lines c
      where c.booking_id = ${invoice.bookingId} and c.corrects_line_id in (select value from json_each(${correctedIds}))
        and not exists (select 1 from invoice_lines il where il.folio_line_id = c.id)`,
    ...moves,
    auditStatement(doc, 'invoice.credited', {
      creditedInvoice: invoice.number,
      reason: asked.reason,
      documentTotalBaisa: documentTotal,
      ...(asked.amountBaisa === undefined ? {} : { askedBaisa: asked.amountBaisa }),
      ...(asked.lineIds === undefined ? {} : { lineIds: asked.lineIds }),
    }),
    ...stored,
  ]).then((results) => results.slice(claimed.length));
  return (await readInvoice(db, inserted![0]!.id as number))!;
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
      i.issued_at as issuedAt, i.booking_id as bookingId, b.reference as bookingReference,
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
      left join invoices o on o.id = i.credits_invoice_id
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
    // The lines' nets; a document before issue 55 has no rounding (its net is its lines').
    netBaisa: linesNet,
    taxBaisa: row.taxBaisa,
    roundingBaisa: row.netBaisa - linesNet,
    totalBaisa: row.totalBaisa,
    settlement: row.kind === 'invoice' ? await settlementOf(db, row.bookingId, row.issuedAt) : null,
  };
}

/**
 * An invoice's payments and balance: the folio's payments, refunds and moves to a company account
 * posted up to the moment it was issued (folio lines never change, so neither does this), and the
 * folio's balance then. One read along the booking's lines.
 */
async function settlementOf(db: Db, bookingId: number, issuedAt: number): Promise<InvoiceSettlement> {
  const signs = Object.entries(FOLIO_BALANCE_SIGN)
    .map(([kind, s]) => `when '${kind}' then ${s}`)
    .join(' ');
  const rows = await db.all<InvoiceSettlementLine & { signed: number }>(sql`
    select kind, method, business_date as businessDate, amount_baisa as amountBaisa,
      approval_code as approvalCode, (case kind ${sql.raw(signs)} end) * amount_baisa as signed
    from folio_lines where booking_id = ${bookingId} and created_at <= ${issuedAt} order by id`);
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

/** The booking a document belongs to (for the guest's access), or null. */
export async function invoiceBookingId(db: Db, id: number): Promise<number | null> {
  const row = await db.get<{ bookingId: number } | undefined>(
    sql`select booking_id as bookingId from invoices where id = ${id}`,
  );
  return row?.bookingId ?? null;
}
