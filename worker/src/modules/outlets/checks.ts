import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { hotelToday } from '@shared/dates';
import { toArabicIndicDigits } from '@shared/digits';
import type { InvoiceLine, TaxAmount } from '@shared/folio';
import {
  OUTLET_RULES,
  hotelClock,
  isOpenAt,
  surnameMatches,
  type CheckLine,
  type OutletCheckInput,
  type OutletPaymentMethod,
  type PosChargeInput,
} from '@shared/outlets';
import type { FolioDepartment } from '@shared/taxes';
import { ApiError } from '../../platform/api-error';
import { insertWhere, newChangeToken } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import {
  claimKey,
  createOnce,
  storedAnswerQuery,
  type Created,
  type Idempotency,
} from '../../platform/idempotency';
import { text } from '../../platform/messages';
import { auditLog, idempotencyKeys } from '../../platform/tables';
import { inHouseRooms } from '../bookings';
import {
  businessDateOf,
  chargeLineValues,
  folioRefusal,
  lastClosedDateQuery,
  outletFolio,
  readTaxSettings,
  type TaxSettings,
} from '../folio';
import { checkView, type CheckView } from './check-views';
import { outletChecks, outletItems, outletOrders, outlets, type Outlet } from './tables';

/**
 * An outlet's checks (docs/decisions/090-outlets.md): rung up on its tablet (items of its menu) or
 * posted by an outside point-of-sale system (its lines as priced by the till), settled to an
 * in-house guest's room or paid at the outlet. A check is ONE batch: its number taken, the check
 * with its lines and totals, (to a room) its lines on the stay's folio, (paid) its tax invoice's
 * number, the audit line and the stored answer of its Idempotency-Key. A room check goes in only
 * while the stay is in house, its guest not flagged and its balance with the check within the
 * outlets' credit when the batch runs, so a race cannot pass what the first read refused.
 */

/** A stay in house as the outlets see it. */
export type InHouseRoom = Awaited<ReturnType<typeof inHouseRooms.query>>[number];

/** How a check is settled, once the room is found. */
type Settlement =
  | { kind: 'room'; stay: InHouseRoom }
  | { kind: 'paid'; method: OutletPaymentMethod; approvalCode: string | null };

/** What a check answers: the sentence for the waiter, and the check. */
export type CheckPosted = { message: string; check: CheckView };

/** The check's lines as the folio and the invoice keep them: each priced and split by the taxes in force. */
export function pricedLines(
  settings: TaxSettings,
  businessDate: string,
  lines: {
    itemId: number | null;
    nameAr: string;
    nameEn: string;
    quantity: number;
    department: FolioDepartment;
    amountBaisa: number;
  }[],
): CheckLine[] {
  return lines.map((line) => ({
    ...line,
    ...chargeLineValues(settings, line.department, businessDate, line.amountBaisa),
  }));
}

const taxSums = (lines: readonly { taxes: TaxAmount[] }[]): TaxAmount[] => {
  const sums = new Map<string, number>();
  for (const line of lines)
    for (const t of line.taxes) sums.set(t.code, (sums.get(t.code) ?? 0) + t.amountBaisa);
  return [...sums].map(([code, amountBaisa]) => ({ code, amountBaisa }));
};

/** Where the check's number goes in a line's description (private-use marks no name holds). */
const NUMBER_MARK = '\uE000';
const ARABIC_NUMBER_MARK = '\uE001';

/** An SQL text with its Latin digits as Arabic-Indic ones. */
function arabicDigitsSql(value: SQL): SQL {
  let expression = value;
  for (let digit = 0; digit < 10; digit++) {
    expression = sql`replace(${expression}, ${String(digit)}, ${String.fromCharCode(0x0660 + digit)})`;
  }
  return expression;
}

/** A check's number in the Arabic half: the tablet's in Arabic-Indic digits, a till's as on its slip. */
function arabicNumberSql(tillNumber: string | null, numberSql: SQL): SQL {
  return tillNumber === null ? arabicDigitsSql(numberSql) : sql`${`\u2066${tillNumber}\u2069`}`;
}

/** A check's line on the folio: the outlet, the check's number and the item, in both languages. */
function lineDescription(outlet: Outlet, number: string, arabicNumber: string, line: CheckLine): string {
  const en = text('en', 'outlet.line', { outlet: outlet.nameEn, number, item: line.nameEn });
  const ar = text('ar', 'outlet.line', { outlet: outlet.nameAr, number: arabicNumber, item: line.nameAr });
  return `${en} · ${ar}`.slice(0, 190);
}

/** Why a stay's room takes no check of `totalBaisa` (null: it does). */
export function roomRefusal(stay: InHouseRoom, totalBaisa: number): ApiError | null {
  if (stay.flagged) return new ApiError(409, 'room_guest_flagged');
  const left = OUTLET_RULES.roomCreditBaisa - stay.balanceBaisa;
  if (totalBaisa > left) {
    return new ApiError(409, 'room_credit_exceeded', undefined, { leftBaisa: Math.max(0, left) });
  }
  return null;
}

/** The stay a room check goes to: in house, its surname the guest's; never one of two (0099). */
async function stayOf(
  db: Db,
  where: { roomNumber?: string; bookingId?: number },
  surname: string,
): Promise<InHouseRoom> {
  const stays = await inHouseRooms.query(db, hotelToday(), where);
  if (stays.length > 1) throw new ApiError(409, 'room_stays_ambiguous');
  const [stay] = stays;
  if (!stay) throw new ApiError(409, 'room_not_in_house');
  if (!surnameMatches(stay.fullName, surname)) throw new ApiError(409, 'guest_surname_mismatch');
  return stay;
}

export type NewCheck = {
  outlet: Outlet;
  source: 'tablet' | 'pos';
  /** An outside system's own number; the tablet's is taken in the batch. */
  checkNumber: string | null;
  lines: CheckLine[];
  settlement: Settlement;
  businessDate: string;
  actor: SessionUser | null;
  keyId: number | null;
  idem: Idempotency | null;
  language: 'ar' | 'en';
  /** The housekeeping task a minibar check was reported from, for its audit line. */
  task?: { id: number; roomId: number } | null;
  /**
   * The guest's app order this check accepts (decision 102): the check goes in only while the order
   * is still `sent`, and the order becomes `accepted` with the check's id in the same batch.
   */
  order?: { id: number } | null;
};

/** A paid check's tax invoice as issued (its number taken in the check's batch); a room check has none. */
async function paidInvoice(db: Db, c: NewCheck) {
  if (c.settlement.kind !== 'paid') return null;
  const doc = await outletFolio.saleDocument(db, invoiceLinesOf(c.lines, c.businessDate), c.businessDate);
  return { supplier: doc.supplier, lines: doc.lines, taxTotals: doc.taxTotals, issueDate: hotelToday() };
}

/**
 * Posts a check in ONE batch (above). Answers the check as it went in; a room check the database
 * no longer allowed (the stay checked out, flagged or past its credit meanwhile) is refused with
 * the reason read again, and takes no number and no key.
 */
export async function insertCheck(db: Db, c: NewCheck): Promise<CheckPosted> {
  const token = newChangeToken();
  const totalBaisa = c.lines.reduce((a, l) => a + l.amountBaisa, 0);
  const invoice = await paidInvoice(db, c);
  // A paid check's taxes are its tax invoice's, each computed once on the document's base (decision
  // 068), not the sum of its lines' own roundings: the check, its invoice, the day report and the
  // tax report say the same baisa. A room check's are its folio lines'.
  const taxes = invoice
    ? invoice.taxTotals.map((t) => ({ code: t.code, amountBaisa: t.amountBaisa }))
    : taxSums(c.lines);
  const taxBaisa = taxes.reduce((a, t) => a + t.amountBaisa, 0);
  const room = c.settlement.kind === 'room' ? c.settlement.stay : null;
  const guard = checkGuard(c, room, totalBaisa);
  const mine = sql`exists (select 1 from outlet_checks where token = ${token})`;
  const checkId = sql`(select id from outlet_checks where token = ${token})`;
  const number: SQL | string =
    c.checkNumber ?? sql`(select cast(last_check_number as text) from outlets where id = ${c.outlet.id})`;
  const year = Number(c.businessDate.slice(0, 4));
  const statements: BatchItem<'sqlite'>[] = [];
  if (c.checkNumber === null) {
    statements.push(
      db
        .update(outlets)
        .set({ lastCheckNumber: sql`${outlets.lastCheckNumber} + 1` })
        .where(and(eq(outlets.id, c.outlet.id), guard)),
    );
  }
  if (invoice) statements.push(outletFolio.nextDocumentNumberStatement(db, OUTLET_RULES.invoiceSeries, year));
  statements.push(
    insertWhere(
      db,
      outletChecks,
      {
        outletId: c.outlet.id,
        source: c.source,
        checkNumber: number as string,
        businessDate: c.businessDate,
        settlement: c.settlement.kind,
        bookingId: room?.bookingId ?? null,
        method: c.settlement.kind === 'paid' ? c.settlement.method : null,
        approvalCode: c.settlement.kind === 'paid' ? c.settlement.approvalCode : null,
        lines: c.lines,
        taxes,
        netBaisa: totalBaisa - taxBaisa,
        taxBaisa,
        totalBaisa,
        invoice,
        invoiceYear: invoice ? year : null,
        invoiceSequence: invoice ? outletFolio.documentSequenceSql(OUTLET_RULES.invoiceSeries, year) : null,
        keyId: c.keyId,
        token,
        createdBy: c.actor?.id ?? null,
      },
      guard,
    ),
  );
  if (room) statements.push(...roomChargeStatements(db, c, room, number, checkId, mine));
  statements.push(
    insertWhere(
      db,
      auditLog,
      auditEntry(c.actor, 'outlet.check', 'outlet', c.outlet.id, null, {
        token,
        source: c.source,
        settlement: c.settlement.kind,
        bookingId: room?.bookingId ?? null,
        totalBaisa,
        keyId: c.keyId,
        ...(c.task ? { task: c.task.id, room: c.task.roomId } : {}),
        ...(c.order ? { order: c.order.id } : {}),
      }),
      mine,
    ),
  );
  if (c.order) statements.push(orderAcceptedStatement(db, c.order.id, c.actor, checkId, mine));
  const read = db.select().from(outletChecks).where(eq(outletChecks.token, token));
  if (c.idem) {
    statements.unshift(claimKey(db, c.idem));
    statements.push(...answerStatements(db, c.idem, token, mine));
  }
  statements.push(read);
  const results = await db
    .batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
    .catch((err: unknown) => {
      throw checkRefusal(err) ?? err;
    });
  const row = (results[results.length - 1] as (typeof outletChecks.$inferSelect)[])[0];
  if (!row) throw await whyNotPosted(db, c, room, totalBaisa);
  return answerOf(c.outlet, row, room, c.language);
}

/**
 * What the check's statements hold: a room check, the stay still in house, not flagged and within
 * its credit; an app order's check, the order still `sent` (decision 102).
 */
function checkGuard(c: NewCheck, room: InHouseRoom | null, totalBaisa: number): SQL {
  const roomGuard = room
    ? sql`${inHouseRooms.unflaggedSql(room.bookingId)} and ${inHouseRooms.folioBalanceSql(room.bookingId)} + ${totalBaisa} <= ${OUTLET_RULES.roomCreditBaisa}`
    : sql`1`;
  return c.order
    ? sql`${roomGuard} and exists (select 1 from outlet_orders where id = ${c.order.id} and status = 'sent')`
    : roomGuard;
}

/** A room check's folio lines, each description holding the number the batch gives the check. */
function roomChargeStatements(
  db: Db,
  c: NewCheck,
  room: InHouseRoom,
  number: SQL | string,
  checkId: SQL,
  mine: SQL,
): BatchItem<'sqlite'>[] {
  // The number is the batch's (the tablet's just taken): put in each description there.
  const numberSql = typeof number === 'string' ? sql`${number}` : number;
  return outletFolio.chargeStatements(
    db,
    {
      bookingId: room.bookingId,
      checkId,
      lines: c.lines.map((l) => ({
        department: l.department,
        description: sql`replace(replace(${lineDescription(c.outlet, NUMBER_MARK, ARABIC_NUMBER_MARK, l)},
          ${NUMBER_MARK}, ${numberSql}), ${ARABIC_NUMBER_MARK}, ${arabicNumberSql(c.checkNumber, numberSql)})`,
        quantity: l.quantity,
        amountBaisa: l.amountBaisa,
        netBaisa: l.netBaisa,
        taxes: l.taxes,
      })),
      businessDate: c.businessDate,
      createdBy: c.actor?.id ?? null,
    },
    mine,
  );
}

/** The app order the check accepts turned `accepted`, with the check's id, when the check went in. */
function orderAcceptedStatement(db: Db, orderId: number, actor: NewCheck['actor'], checkId: SQL, mine: SQL) {
  const decidedAt = new Date();
  return db
    .update(outletOrders)
    .set({ status: 'accepted', checkId, decidedBy: actor?.id ?? null, decidedAt, updatedAt: decidedAt })
    .where(and(eq(outletOrders.id, orderId), eq(outletOrders.status, 'sent'), mine));
}

/** Why the batch posted nothing: the order answered meanwhile, or the stay changed since the read. */
async function whyNotPosted(
  db: Db,
  c: NewCheck,
  room: InHouseRoom | null,
  totalBaisa: number,
): Promise<ApiError> {
  // The order was answered meanwhile (another tap, another tablet, the guest cancelled it).
  if (c.order) {
    const [order] = await db
      .select({ status: outletOrders.status })
      .from(outletOrders)
      .where(eq(outletOrders.id, c.order.id));
    if (order?.status !== 'sent') return new ApiError(409, 'order_not_open');
  }
  // The stay changed between the read and the batch: say why, as the first read would have.
  const [again] = room ? await inHouseRooms.query(db, hotelToday(), { bookingId: room.bookingId }) : [];
  return (again && roomRefusal(again, totalBaisa)) ?? new ApiError(409, 'room_not_in_house');
}

/**
 * The key's answer stored with the check (its token: a replay reads the check again), or the key
 * let go when the check did not go in, so a retry is judged again.
 */
function answerStatements(db: Db, idem: Idempotency, token: string, mine: SQL): BatchItem<'sqlite'>[] {
  const keyRow = and(eq(idempotencyKeys.scope, idem.scope), eq(idempotencyKeys.key, idem.key));
  return [
    db
      .update(idempotencyKeys)
      .set({ statusCode: 201, responseBody: sql`json_object('checkToken', ${token})`, updatedAt: new Date() })
      .where(and(keyRow, mine)),
    db.delete(idempotencyKeys).where(and(keyRow, sql`not ${mine}`)),
  ];
}

/** The sentence and the check a posting answers (also a replay's, read again by its token). */
export function answerOf(
  outlet: Outlet,
  row: typeof outletChecks.$inferSelect,
  room: { roomNumber: string } | null,
  language: 'ar' | 'en',
): CheckPosted {
  const view = checkView(row, outlet, room?.roomNumber ?? null, null);
  const number = language === 'ar' ? toArabicIndicDigits(view.checkNumber) : view.checkNumber;
  const message = room
    ? text(language, 'check_charged_to_room', {
        number,
        room: language === 'ar' ? toArabicIndicDigits(room.roomNumber) : room.roomNumber,
      })
    : text(language, 'check_paid', { number, invoice: view.invoiceNumber ?? '' });
  return { message, check: view };
}

/** A paid check's lines as its tax invoice's (each of its own; no folio line: id 0). */
function invoiceLinesOf(lines: readonly CheckLine[], businessDate: string): InvoiceLine[] {
  return lines.map((l) => ({
    folioLineId: 0,
    department: l.department,
    description: `${l.nameEn} · ${l.nameAr}`,
    quantity: l.quantity,
    businessDate,
    netBaisa: l.netBaisa,
    taxes: l.taxes,
    amountBaisa: l.amountBaisa,
  }));
}

/** The database's refusals of a check's batch as the API's errors. */
export function checkRefusal(err: unknown): ApiError | null {
  let message = '';
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    message += ` ${e instanceof Error ? e.message : String(e)}`;
  }
  if (message.includes('outlet_checks.outlet_id, outlet_checks.source, outlet_checks.check_number'))
    return new ApiError(409, 'check_number_taken');
  if (message.includes('UNIQUE constraint failed: outlet_check_voids'))
    return new ApiError(409, 'already_voided');
  // An order accepted twice at once: its check is unique (decision 102).
  if (message.includes('order_not_open') || message.includes('outlet_orders.check_id'))
    return new ApiError(409, 'order_not_open');
  return folioRefusal(err);
}

/** The outlet, its items asked for, the open business date and the key's stored answer (one round trip). */
export async function checkContext(db: Db, outletId: number, itemIds: number[], idem: Idempotency | null) {
  const outlet = db.select().from(outlets).where(eq(outlets.id, outletId));
  const items = db
    .select()
    .from(outletItems)
    .where(and(eq(outletItems.outletId, outletId), inArray(outletItems.id, itemIds.length ? itemIds : [0])));
  const reads = idem
    ? db.batch([outlet, items, lastClosedDateQuery(db), storedAnswerQuery(db, idem)])
    : db.batch([outlet, items, lastClosedDateQuery(db)]).then((r) => [...r, []] as const);
  const [[rows, itemRows, closed, answers], settings] = await Promise.all([reads, readTaxSettings(db)]);
  const found = rows[0];
  if (!found) throw new ApiError(404, 'outlet_not_found');
  if (!found.active) throw new ApiError(409, 'outlet_inactive');
  const storedRow = answers[0];
  return { outlet: found, items: itemRows, businessDate: businessDateOf(closed), settings, storedRow };
}

/** A replay's answer: the check its first request made, read again by the token it stored. */
async function replayed(db: Db, outlet: Outlet, token: string, language: 'ar' | 'en') {
  const [row] = await db.select().from(outletChecks).where(eq(outletChecks.token, token));
  if (!row) throw new ApiError(409, 'request_in_progress');
  const [stay] = row.bookingId
    ? await inHouseRooms.query(db, hotelToday(), { bookingId: row.bookingId })
    : [];
  return answerOf(outlet, row, stay ?? (row.bookingId ? { roomNumber: '' } : null), language);
}

/** Runs a check once per key: a stored answer is the first check, read again. */
export async function once(
  db: Db,
  outlet: Outlet,
  idem: Idempotency | null,
  storedRow: Parameters<typeof createOnce>[2],
  language: 'ar' | 'en',
  post: () => Promise<CheckPosted>,
): Promise<CheckPosted & { replayed: boolean }> {
  const outcome: Created<CheckPosted> = await createOnce(db, idem, storedRow, post);
  if (!outcome.replayed) return { ...outcome.body, replayed: false };
  const token = (outcome.stored.body as { checkToken?: string }).checkToken ?? '';
  return { ...(await replayed(db, outlet, token, language)), replayed: true };
}

/**
 * A check rung up on an outlet's tablet: items of its menu (active), while it is open, by a member
 * of its staff (or a manager); to a room (the surname compared, the stay's credit and flag) or paid
 * here (its tax invoice).
 *
 * @example
 * await postTabletCheck(db, user, 3, { items: [{ itemId: 9, quantity: 2 }],
 *   settle: { kind: 'room', roomNumber: '304', guestSurname: 'Busaidi' } }, { idem, language: 'ar' });
 */
export async function postTabletCheck(
  db: Db,
  user: SessionUser,
  outletId: number,
  input: OutletCheckInput,
  { idem, language, now = new Date() }: { idem: Idempotency | null; language: 'ar' | 'en'; now?: Date },
) {
  const ids = [...new Set(input.items.map((i) => i.itemId))];
  const { outlet, items, businessDate, settings, storedRow } = await checkContext(db, outletId, ids, idem);
  return once(db, outlet, idem, storedRow, language, async () => {
    if (!isOpenAt(outlet.opensAt, outlet.closesAt, hotelClock(now))) throw new ApiError(409, 'outlet_closed');
    const byId = new Map(items.filter((i) => i.active).map((i) => [i.id, i]));
    if (ids.some((id) => !byId.has(id))) throw new ApiError(409, 'outlet_item_unknown');
    const lines = pricedLines(
      settings,
      businessDate,
      input.items.map(({ itemId, quantity }) => {
        const item = byId.get(itemId)!;
        return {
          itemId,
          nameAr: item.nameAr,
          nameEn: item.nameEn,
          quantity,
          department: item.department,
          amountBaisa: item.priceBaisa * quantity,
        };
      }),
    );
    const settlement = await settle(db, input.settle, lines);
    return insertCheck(db, {
      outlet,
      source: 'tablet',
      checkNumber: null,
      lines,
      settlement,
      businessDate,
      actor: user,
      keyId: null,
      idem,
      language,
    });
  });
}

async function settle(db: Db, settle: OutletCheckInput['settle'], lines: CheckLine[]): Promise<Settlement> {
  if (settle.kind === 'paid') {
    return { kind: 'paid', method: settle.method, approvalCode: settle.approvalCode ?? null };
  }
  const stay = await stayOf(db, { roomNumber: settle.roomNumber }, settle.guestSurname);
  const refused = roomRefusal(
    stay,
    lines.reduce((a, l) => a + l.amountBaisa, 0),
  );
  if (refused) throw refused;
  return { kind: 'room', stay };
}

/**
 * A charge an outside point-of-sale system posts with an outlet's key (POST /api/pos/charges): to
 * the in-house stay of the room (or booking) whose guest has the surname given; its lines as the
 * till priced them, split by the taxes of their departments; once per Idempotency-Key and once per
 * the till's check number.
 *
 * @example
 * await postPosCharge(db, { outletId: 3, keyId: 1 }, body, { idem, language: 'en' });
 */
export async function postPosCharge(
  db: Db,
  key: { outletId: number; keyId: number },
  input: PosChargeInput,
  { idem, language }: { idem: Idempotency; language: 'ar' | 'en' },
) {
  const { outlet, businessDate, settings, storedRow } = await checkContext(db, key.outletId, [], idem);
  return once(db, outlet, idem, storedRow, language, async () => {
    const lines = pricedLines(
      settings,
      businessDate,
      input.items.map((i) => ({
        itemId: null,
        nameAr: i.name,
        nameEn: i.name,
        quantity: i.quantity,
        department: i.department,
        amountBaisa: i.amountBaisa,
      })),
    );
    const where =
      input.bookingId !== undefined ? { bookingId: input.bookingId } : { roomNumber: input.roomNumber! };
    const stay = await stayOf(db, where, input.guestSurname);
    const refused = roomRefusal(
      stay,
      lines.reduce((a, l) => a + l.amountBaisa, 0),
    );
    if (refused) throw refused;
    return insertCheck(db, {
      outlet,
      source: 'pos',
      checkNumber: input.checkNumber,
      lines,
      settlement: { kind: 'room', stay },
      businessDate,
      actor: null,
      keyId: key.keyId,
      idem,
      language,
    });
  });
}
