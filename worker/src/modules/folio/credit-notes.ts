import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { hotelToday } from '@shared/dates';
import type { InvoiceLine, TaxAmount } from '@shared/folio';
import type { InvoiceDocument } from '@shared/invoice-schemas';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { claimKey, storeAnswerWithId, type Idempotency } from '../../platform/idempotency';
import {
  auditStatement,
  batch,
  documentError,
  documentStatements,
  FOLIO_ROW,
  folioScopeSql,
  ISSUE_TRIES,
  lastClosedSql,
  lineOf,
  newDocumentId,
  openBusinessDateOf,
  readInvoice,
  sum,
  type FolioRow,
  type NewDocument,
} from './invoices';
import { documentOf, roomNameOf } from './document-lines';
import { readTaxSettings } from './tax-settings';

/**
 * Credit notes (docs/decisions/068-invoices.md): a credit note credits an invoice, in full, by
 * lines or by an amount; in its batch, a correction of each charge for its part on the open
 * business date, tied to the credit note, and the credit moved back to a company's account when
 * the folio went to one. Numbered, written and read as invoices are (./invoices.ts).
 */

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
  /** Corrections of it on no document (made before documents took their corrections): they go on the next credit note. */
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
  // An invoice of a group's folio (decision 076) credits that folio: its corrections and moves
  // back to the company's account are the group's lines, its balance the group folio's.
  const groupId = invoice.groupId ?? null;
  const folioBalance =
    groupId === null
      ? sql`(select folio_balance_baisa from booking_submissions where id = ${invoice.bookingId})`
      : sql`(select coalesce((select balance_baisa from group_folios where group_id = ${groupId}), 0))`;
  const [chargeRows, correctionRows, transferRows, balances, closed] = await batch(db, [
    sql`select ${FOLIO_ROW} from invoice_lines il join folio_lines f on f.id = il.folio_line_id
      where il.invoice_id = ${invoiceId} and f.kind = 'charge' order by f.id`,
    sql`select c.id, c.corrects_line_id as chargeId, c.amount_baisa as amountBaisa, c.net_baisa as netBaisa,
        c.taxes, exists (select 1 from invoice_lines d where d.folio_line_id = c.id) as onDocument
      from invoice_lines il join folio_lines c on c.corrects_line_id = il.folio_line_id
      where il.invoice_id = ${invoiceId} order by c.id`,
    sql`select f.id, f.city_ledger_account_id as accountId, f.amount_baisa - coalesce((select sum(r.amount_baisa)
        from folio_lines r where r.refunds_line_id = f.id), 0) as left
      from folio_lines f where ${folioScopeSql(invoice.bookingId, groupId)} and f.kind = 'transfer' order by f.id desc`,
    sql`select ${folioBalance} as balance`,
    // The open business date its rounding is booked on (its corrections take it in their batch).
    lastClosedSql,
  ]);
  const charges = chargesLeft(chargeRows as FolioRow[], correctionRows as CorrectionRow[]);
  const { fresh, loose } = creditParts(charges, asked);
  const lines = creditNoteLines(charges, fresh);
  const settings = await readTaxSettings(db);
  const today = hotelToday(now);
  const year = Number(today.slice(0, 4));
  const doc: NewDocument = {
    kind: 'credit_note',
    bookingId: invoice.bookingId,
    groupId,
    creditsInvoiceId: invoiceId,
    reason: asked.reason,
    issueDate: today,
    // The parties as on the invoice it credits.
    supplier: invoice.supplier,
    customer: invoice.customer,
    // A group's nights are of several room types: each credited line names none rather than one for all.
    ...documentOf(
      lines,
      settings.taxes,
      groupId === null ? roomNameOf(invoice.lines) : undefined,
      openBusinessDateOf(closed!, now),
    ),
    actor,
  };
  const creditNoteId = newDocumentId('credit_note', year);
  const businessDate = openBusinessDateSql(today);
  const documentTotal = sum(lines, (l) => l.amountBaisa);
  const corrections = fresh.map(
    ({ left, amount: part, net, taxes }) =>
      // On the charge's own folio: its booking, and its group when on a group's folio.
      sql`insert into folio_lines (booking_id, group_id, kind, department, description, quantity, amount_baisa,
          net_baisa, taxes, business_date, corrects_line_id, reason, created_by)
        select charge.booking_id, charge.group_id, 'correction', ${left.row.department}, ${left.row.description},
          ${left.row.quantity}, ${-part}, ${-net},
          ${JSON.stringify(taxes.map((t) => ({ code: t.code, amountBaisa: -t.amountBaisa })))},
          ${businessDate}, ${left.row.id}, ${asked.reason}, ${actor.id}
        from folio_lines charge where charge.id = ${left.row.id}`,
  );
  const looseIds = loose.flatMap((l) => l.loose.map((c) => c.id));
  const correctedIds = JSON.stringify([...charges.keys()]);
  // The credit moved back to the company account(s) the folio went to, newest first, as far as it
  // leaves the folio in credit (the folio's balance read now; held again when the batch runs).
  const balance = Number((balances![0] as { balance: number } | undefined)?.balance ?? 0);
  const freshTotal = fresh.reduce((a, p) => a + p.amount, 0);
  const moves = creditMoves(transferRows as TransferRow[], {
    toMove: Math.min(documentTotal, Math.max(0, -(balance - freshTotal))),
    folioBalance,
    businessDate,
    reason: asked.reason,
    actorId: actor.id,
  });
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
      where c.corrects_line_id in (select value from json_each(${correctedIds}))
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

/** Each charge of an invoice with what is left of it after its corrections (`correctionRows`). */
function chargesLeft(chargeRows: FolioRow[], correctionRows: CorrectionRow[]): Map<number, ChargeLeft> {
  const charges = new Map<number, ChargeLeft>();
  for (const row of chargeRows) {
    const taxes = new Map((JSON.parse(row.taxes) as TaxAmount[]).map((t) => [t.code, t.amountBaisa]));
    charges.set(row.id, { row, amount: row.amountBaisa, net: row.netBaisa, taxes, loose: [] });
  }
  for (const c of correctionRows) {
    const left = charges.get(c.chargeId);
    if (!left) continue;
    const taxes = JSON.parse(c.taxes) as TaxAmount[];
    left.amount += c.amountBaisa;
    left.net += c.netBaisa;
    for (const t of taxes) left.taxes.set(t.code, (left.taxes.get(t.code) ?? 0) + t.amountBaisa);
    if (!c.onDocument) left.loose.push({ id: c.id, amount: c.amountBaisa, net: c.netBaisa, taxes });
  }
  return charges;
}

/** A charge's part of a credit note: its amount, net and taxes (positive: what is credited). */
type CreditPart = { left: ChargeLeft; amount: number; net: number; taxes: TaxAmount[] };

/**
 * What the credit note credits: each named charge's part (`fresh`; the amount asked spread over
 * them by what is left of each), and the charges with corrections on no document yet (`loose`).
 * 409 `nothing_to_invoice` for an invoice of no charge, 422 `credit_line_not_on_invoice` for a
 * line not on it, 422 `credit_exceeds_uncredited` above what is left, 409 `already_credited` when
 * nothing is.
 */
function creditParts(
  charges: Map<number, ChargeLeft>,
  asked: CreditNoteRequest,
): { fresh: CreditPart[]; loose: ChargeLeft[] } {
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
  return { fresh, loose };
}

/**
 * The document's lines: one per correction it is on (positive amounts: what it credits), in the
 * order of the charges; each names its charge, as the tax report matches them.
 */
function creditNoteLines(charges: Map<number, ChargeLeft>, fresh: CreditPart[]): InvoiceLine[] {
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
  return lines;
}

/**
 * The refunds of the folio's transfers (`transfers`, newest first) that move `toMove` back to the
 * company accounts, each only if the folio is still in credit by its part when the batch runs.
 */
function creditMoves(
  transfers: TransferRow[],
  p: { toMove: number; folioBalance: SQL; businessDate: SQL; reason: string; actorId: number },
): SQL[] {
  let toMove = p.toMove;
  const moves: SQL[] = [];
  for (const t of transfers) {
    const part = Math.min(toMove, t.left);
    if (part <= 0) continue;
    toMove -= part;
    moves.push(
      sql`insert into folio_lines (booking_id, group_id, kind, method, amount_baisa, business_date, refunds_line_id, reason, created_by)
        select transfer.booking_id, transfer.group_id, 'refund', 'city_ledger', ${part}, ${p.businessDate}, ${t.id},
          ${p.reason}, ${p.actorId}
        from folio_lines transfer where transfer.id = ${t.id} and ${p.folioBalance} + ${part} <= 0`,
    );
  }
  return moves;
}
