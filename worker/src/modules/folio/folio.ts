import { and, asc, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import type { BookingStatus } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { FOLIO_OPEN_STATUSES } from '@shared/folio';
import type {
  FolioChargeInput,
  FolioCorrectionInput,
  FolioPaymentInput,
  FolioRefundInput,
} from '@shared/folio-schemas';
import { ApiError } from '../../platform/api-error';
import type { MessageCode } from '../../platform/messages';
import { hasRole } from '../../platform/roles';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { createOnce, storedAnswerQuery, type Created, type Idempotency } from '../../platform/idempotency';
import { bookingById, type BookingSubmission, folioStays } from '../bookings';
import { issueCreditNote } from './credit-notes';
import { postLine } from './line-posting';
import { businessDateOf, chargeLineValues, lastClosedDateQuery, masterGroupQuery } from './posting';
import {
  FOLIO_MAX_LINES,
  folioLineView,
  roundingLineView,
  stayRoundingsQuery,
  withRoundings,
  type FolioLineView,
} from './line-views';
import { folioLines, invoiceLines, invoices } from './tables';
import { readTaxSettings } from './tax-settings';
import { expectedBalance, nightsToCome, type NightToCome } from './nights-to-come';

export { FOLIO_MAX_LINES, folioLineView, type FolioLineView } from './line-views';
export { folioRefusal } from './line-posting';

/**
 * A booking's folio (decision 067): its lines as staff and its guest read them, and the four
 * postings staff make from the desk: a charge, a payment, a correction (the exact negation of a
 * charge, with a reason) and a refund (of a payment, never above what it left). Each line and its
 * audit line are ONE batch; the balance moves with the line (the database's trigger). Rules a
 * race could break (a second correction, refunds above a payment, a closed day) are held by the
 * database; the reads here only give the clear refusal first.
 */

/** Cancelled bookings take refunds, corrections and a cancellation charge; nothing else. */
const CANCELLED: readonly BookingStatus[] = ['cancelled'];
const OPEN: readonly BookingStatus[] = FOLIO_OPEN_STATUSES;
const OPEN_OR_CANCELLED: readonly BookingStatus[] = [...OPEN, ...CANCELLED];
/** A completed stay takes a refund (or a move back to the company account) only to settle its credit. */
const ANY_STATUS: readonly BookingStatus[] = [...OPEN_OR_CANCELLED, 'completed'];
/** The line goes in only while the folio's balance, with `amount` added, stays at zero or below. */
const settlesCredit = (bookingId: number, amount: number) =>
  sql`${folioStays.folioBalanceSql(bookingId)} + ${amount} <= 0`;

export type Folio = {
  bookingId: number;
  balanceBaisa: number;
  lines: FolioLineView[];
  /** An open stay's room nights not posted yet, at their amounts (modules/folio/nights-to-come.ts). */
  nightsToCome: NightToCome[];
  /** The balance with those nights charged: what the stay is expected to end on. */
  expectedBalanceBaisa: number;
  /** Its OTA collects the stay's money (payment_collect 'ota'): the balance is the OTA's to pay, not the guest's. */
  paidByOta: boolean;
};

/**
 * The folio of `bookingId`: its balance and its lines in order, with the invoice each is on, and
 * the nights still to come (one round trip, and the tax settings' beside it).
 *
 * @example
 * const folio = await readFolio(db, 7);
 * folio.balanceBaisa; // what the guest owes now (negative: in credit)
 */
export async function readFolio(db: Db, bookingId: number): Promise<Folio> {
  const [[stays, master, lines, roundings], settings] = await Promise.all([
    db.batch([
      folioStays.folioStayQuery(db, bookingId),
      masterGroupQuery(db, bookingId),
      db
        .select({ line: folioLines, invoiceId: invoiceLines.invoiceId })
        .from(folioLines)
        .leftJoin(invoiceLines, eq(invoiceLines.folioLineId, folioLines.id))
        .where(eq(folioLines.bookingId, bookingId))
        .orderBy(asc(folioLines.id))
        .limit(FOLIO_MAX_LINES),
      stayRoundingsQuery(db, bookingId),
    ]),
    readTaxSettings(db),
  ]);
  const stay = stays[0];
  const balanceBaisa = stay?.balance ?? 0;
  // Its nights posted anywhere (its own folio or its group's); a member of a master-billed group
  // has no room nights to come on its own folio: they go on the group's (decision 076).
  const posted = new Set(lines.flatMap((r) => (r.line.night === null ? [] : [r.line.night])));
  const toCome = stay ? nightsToCome(stay, posted, settings, hotelToday(), master.length > 0) : [];
  return {
    bookingId,
    balanceBaisa,
    lines: withRoundings(
      lines.filter((r) => r.line.groupId === null).map((r) => folioLineView(r.line, r.invoiceId ?? null)),
      roundings.map(roundingLineView),
    ),
    nightsToCome: toCome,
    expectedBalanceBaisa: expectedBalance(balanceBaisa, toCome),
    paidByOta: stay?.paymentCollect === 'ota',
  };
}

/**
 * What a posting answers: the line, the balance after it, and the sentence for staff; a correction
 * of an invoiced charge also the credit note it is on.
 */
export type FolioPosted = {
  message: string;
  line: FolioLineView;
  balanceBaisa: number;
  creditNote?: { id: number; number: string };
};

type NewLine = Omit<typeof folioLines.$inferInsert, 'bookingId' | 'businessDate' | 'createdAt' | 'createdBy'>;

/** The booking, the open business date and the key's stored answer (one round trip). */
async function postingContext(db: Db, bookingId: number, idem: Idempotency | null) {
  const booking = bookingById(db, bookingId);
  const [rows, closed, stored] = idem
    ? await db.batch([booking, lastClosedDateQuery(db), storedAnswerQuery(db, idem)])
    : [...(await db.batch([booking, lastClosedDateQuery(db)])), []];
  const found = rows[0];
  if (!found) throw new ApiError(404, 'booking_not_found');
  return { booking: found, businessDate: businessDateOf(closed), stored: stored[0] };
}

/**
 * Posts one line on `booking`'s folio in ONE batch: the key claimed (with an Idempotency-Key),
 * the line (only while the booking's status is one of `statuses` when the batch runs), its
 * audit line and the stored answer (only if the line went in). A refused batch leaves nothing;
 * a line the status no longer allows is 409 `booking_not_open`.
 */
async function insertLine(
  db: Db,
  user: SessionUser,
  booking: BookingSubmission,
  line: NewLine,
  {
    businessDate,
    statuses,
    action,
    audit,
    message,
    idem,
    also,
    refused = 'booking_not_open',
  }: {
    businessDate: string;
    statuses: readonly BookingStatus[];
    action: string;
    audit: Record<string, unknown>;
    message: string;
    idem: Idempotency | null;
    /** A further condition on the booking's row (or anything) the line goes in only under. */
    also?: SQL;
    /** The refusal when the line did not go in (the status, or `also`, no longer allowed it). */
    refused?: MessageCode;
  },
): Promise<FolioPosted> {
  const values = { ...line, bookingId: booking.id, businessDate, createdAt: new Date(), createdBy: user.id };
  const open = folioStays.bookingStatusIsSql(booking.id, statuses);
  return postLine(db, values, {
    owner: sql`${folioLines.bookingId} = ${booking.id}`,
    guard: also ? sql`${open} and (${also})` : open,
    audit: auditEntry(user, action, 'booking', booking.id, null, { ...audit, businessDate }),
    balance: folioStays.folioBalanceSql(booking.id),
    refused: new ApiError(409, refused),
    message,
    idem,
  });
}

type PostingOptions = { idem: Idempotency | null; message: string };

function assertStatus(booking: BookingSubmission, statuses: readonly BookingStatus[]) {
  if (!statuses.includes(booking.status)) throw new ApiError(409, 'booking_not_open');
}

/** A charge staff post (breakfast, laundry …): the line's amount split by the taxes in force. */
export async function postCharge(
  db: Db,
  user: SessionUser,
  bookingId: number,
  input: FolioChargeInput,
  { idem, message }: PostingOptions,
): Promise<Created<FolioPosted>> {
  const [{ booking, businessDate, stored }, settings] = await Promise.all([
    postingContext(db, bookingId, idem),
    readTaxSettings(db),
  ]);
  return createOnce(db, idem, stored, async () => {
    // A cancelled booking takes a cancellation charge (department "other").
    const statuses = input.department === 'other' ? OPEN_OR_CANCELLED : OPEN;
    assertStatus(booking, statuses);
    const values = chargeLineValues(settings, input.department, businessDate, input.amountBaisa);
    const quantity = input.quantity ?? 1;
    return insertLine(
      db,
      user,
      booking,
      { kind: 'charge', department: input.department, description: input.description, quantity, ...values },
      {
        businessDate,
        statuses,
        action: 'folio.charge',
        audit: { department: input.department, description: input.description, quantity, ...values },
        message,
        idem,
      },
    );
  });
}

/** A payment taken at the desk. */
export async function postPayment(
  db: Db,
  user: SessionUser,
  bookingId: number,
  input: FolioPaymentInput,
  { idem, message }: PostingOptions,
): Promise<Created<FolioPosted>> {
  const { booking, businessDate, stored } = await postingContext(db, bookingId, idem);
  return createOnce(db, idem, stored, async () => {
    assertStatus(booking, OPEN);
    return insertLine(
      db,
      user,
      booking,
      {
        kind: 'payment',
        method: input.method,
        amountBaisa: input.amountBaisa,
        approvalCode: input.approvalCode ?? null,
      },
      {
        businessDate,
        statuses: OPEN,
        action: 'folio.payment',
        audit: {
          method: input.method,
          amountBaisa: input.amountBaisa,
          ...(input.approvalCode && { approvalCode: input.approvalCode }),
        },
        message,
        idem,
      },
    );
  });
}

/** The line `lineId` of the booking's folio, and what corrects or refunds it so far (one round trip). */
async function targetLine(db: Db, bookingId: number, lineId: number) {
  const [target, after] = await db.batch([
    db
      .select()
      .from(folioLines)
      // A line of the stay's own folio (one on its group's is the group folio's to correct).
      .where(and(eq(folioLines.id, lineId), eq(folioLines.bookingId, bookingId), isNull(folioLines.groupId))),
    db
      .select({
        corrected: sql<number>`count(*) filter (where ${folioLines.correctsLineId} = ${lineId})`,
        refunded: sql<number>`coalesce(sum(${folioLines.amountBaisa}) filter (where ${folioLines.refundsLineId} = ${lineId}), 0)`,
      })
      .from(folioLines)
      .where(sql`${folioLines.correctsLineId} = ${lineId} or ${folioLines.refundsLineId} = ${lineId}`),
  ]);
  const line = target[0];
  if (!line) throw new ApiError(404, 'folio_line_not_found');
  return { line, corrected: Number(after[0]?.corrected ?? 0) > 0, refunded: Number(after[0]?.refunded ?? 0) };
}

/** The tax invoice charge `lineId` is on, or null (one indexed read). */
async function invoiceOfCharge(db: Db, lineId: number): Promise<number | null> {
  const row = await db
    .select({ id: invoices.id })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(eq(invoiceLines.folioLineId, lineId), eq(invoices.kind, 'invoice')))
    .get();
  return row?.id ?? null;
}

/**
 * The correction of an invoiced charge: a credit note of what is left of that line,
 * whose batch posts the correction and ties it to the credit note (so the invoice, less its
 * credit notes, is what the folio still charges). Answers the correction as a posting does.
 */
async function correctByCreditNote(
  db: Db,
  user: SessionUser,
  bookingId: number,
  invoiceId: number,
  input: FolioCorrectionInput,
  message: string,
): Promise<FolioPosted> {
  const note = await issueCreditNote(db, user, invoiceId, {
    reason: input.reason,
    lineIds: [input.lineId],
  }).catch((err: unknown) => {
    throw err instanceof ApiError && err.code === 'already_credited'
      ? new ApiError(409, 'already_corrected')
      : err;
  });
  const [lines, balance] = await db.batch([
    db
      .select()
      .from(folioLines)
      .innerJoin(invoiceLines, eq(invoiceLines.folioLineId, folioLines.id))
      .where(and(eq(invoiceLines.invoiceId, note.id), eq(folioLines.correctsLineId, input.lineId)))
      .orderBy(desc(folioLines.id))
      .limit(1),
    folioStays.folioStayQuery(db, bookingId),
  ]);
  return {
    message,
    line: folioLineView(lines[0]!.folio_lines, note.id),
    balanceBaisa: balance[0]?.balance ?? 0,
    creditNote: { id: note.id, number: note.number },
  };
}

/**
 * A correction: the exact negation of one charge (net and each tax too), with the reason. A
 * charge already on a tax invoice is corrected by a credit note of it instead (any status: the
 * invoice stands until a document corrects it), in the credit note's batch: a manager's, as every
 * credit note (403 `credit_note_manager_only` to staff).
 */
export async function postCorrection(
  db: Db,
  user: SessionUser,
  bookingId: number,
  input: FolioCorrectionInput,
  { idem, message }: PostingOptions,
): Promise<Created<FolioPosted>> {
  const { booking, businessDate, stored } = await postingContext(db, bookingId, idem);
  return createOnce(db, idem, stored, async () => {
    const { line, corrected } = await targetLine(db, bookingId, input.lineId);
    if (line.kind !== 'charge') throw new ApiError(409, 'correction_not_allowed');
    const invoiceId = await invoiceOfCharge(db, line.id);
    if (invoiceId !== null) {
      // A credit note is a manager's (decision 068), however it is asked for.
      if (!hasRole(user, 'manager')) throw new ApiError(403, 'credit_note_manager_only');
      return correctByCreditNote(db, user, bookingId, invoiceId, input, message);
    }
    assertStatus(booking, OPEN_OR_CANCELLED);
    if (corrected) throw new ApiError(409, 'already_corrected');
    const values = {
      amountBaisa: -line.amountBaisa,
      netBaisa: -(line.netBaisa ?? 0),
      taxes: line.taxes.map((t) => ({ code: t.code, amountBaisa: -t.amountBaisa })),
    };
    return insertLine(
      db,
      user,
      booking,
      {
        kind: 'correction',
        department: line.department,
        description: line.description,
        quantity: line.quantity,
        ...values,
        correctsLineId: line.id,
        reason: input.reason,
      },
      {
        businessDate,
        statuses: OPEN_OR_CANCELLED,
        action: 'folio.correction',
        audit: { lineId: line.id, amountBaisa: values.amountBaisa, reason: input.reason },
        message,
        idem,
        // Invoiced meanwhile: no correction without its credit note (answered below).
        also: sql`not exists (select 1 from invoice_lines il where il.folio_line_id = ${line.id})`,
      },
    ).catch(async (err: unknown) => {
      if (!(err instanceof ApiError && err.code === 'booking_not_open')) throw err;
      const now = await invoiceOfCharge(db, line.id);
      if (now === null) throw err;
      if (!hasRole(user, 'manager')) throw new ApiError(403, 'credit_note_manager_only');
      return correctByCreditNote(db, user, bookingId, now, input, message);
    });
  });
}

/**
 * A refund of (part of) a payment, by the payment's method, with the reason; or, naming a transfer
 * to a company's account, the folio's credit moved back to that account (method `city_ledger`).
 * A completed stay takes either only to settle its credit (after a credit note): never beyond a
 * balance of zero (409 `refund_exceeds_credit`), held again when the batch runs. A move back to a
 * company's account is only ever such a settlement, whatever the status.
 */
export async function postRefund(
  db: Db,
  user: SessionUser,
  bookingId: number,
  input: FolioRefundInput,
  { idem, message }: PostingOptions,
): Promise<Created<FolioPosted>> {
  const { booking, businessDate, stored } = await postingContext(db, bookingId, idem);
  return createOnce(db, idem, stored, async () => {
    const { line, refunded } = await targetLine(db, bookingId, input.paymentLineId);
    if (line.kind !== 'payment' && line.kind !== 'transfer') throw new ApiError(404, 'folio_line_not_found');
    // Money paid at the payment provider goes back only through it (decision 071): staff refund
    // it from the payments list, and its refund line is posted when the provider confirms.
    if (line.method === 'online') throw new ApiError(409, 'online_refund_via_provider');
    if (input.amountBaisa > line.amountBaisa - refunded) throw new ApiError(409, 'refund_exceeds_payment');
    const toCompany = line.kind === 'transfer';
    const settling = toCompany || booking.status === 'completed';
    const statuses = toCompany ? ANY_STATUS : settling ? ['completed' as const] : OPEN_OR_CANCELLED;
    assertStatus(booking, toCompany ? ANY_STATUS : [...OPEN_OR_CANCELLED, 'completed']);
    if (settling && booking.folioBalanceBaisa + input.amountBaisa > 0) {
      throw new ApiError(409, 'refund_exceeds_credit', undefined, {
        balanceBaisa: booking.folioBalanceBaisa,
      });
    }
    const method = toCompany ? ('city_ledger' as const) : line.method!;
    return insertLine(
      db,
      user,
      booking,
      {
        kind: 'refund',
        method,
        amountBaisa: input.amountBaisa,
        refundsLineId: line.id,
        reason: input.reason,
      },
      {
        businessDate,
        statuses,
        action: 'folio.refund',
        audit: {
          paymentLineId: line.id,
          method,
          amountBaisa: input.amountBaisa,
          reason: input.reason,
          ...(toCompany ? { cityLedgerAccountId: line.cityLedgerAccountId } : {}),
        },
        message,
        idem,
        ...(settling
          ? { also: settlesCredit(bookingId, input.amountBaisa), refused: 'refund_exceeds_credit' as const }
          : {}),
      },
    );
  });
}
