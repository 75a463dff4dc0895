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
import { outletChecks, outletItems, outletOrders, outlets, type Outlet, type OutletOrder } from './tables';

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
function pricedLines(
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

type NewCheck = {
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
   * The guest's app order this check accepts (decision 098): the check goes in only while the order
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
async function insertCheck(db: Db, c: NewCheck): Promise<CheckPosted> {
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
  const roomGuard = room
    ? sql`${inHouseRooms.unflaggedSql(room.bookingId)} and ${inHouseRooms.folioBalanceSql(room.bookingId)} + ${totalBaisa} <= ${OUTLET_RULES.roomCreditBaisa}`
    : sql`1`;
  const guard = c.order
    ? sql`${roomGuard} and exists (select 1 from outlet_orders where id = ${c.order.id} and status = 'sent')`
    : roomGuard;
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
  if (room) {
    // The number is the batch's (the tablet's just taken): put in each description there.
    const numberSql = typeof number === 'string' ? sql`${number}` : number;
    statements.push(
      ...outletFolio.chargeStatements(
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
      ),
    );
  }
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
  if (c.order) {
    const decidedAt = new Date();
    statements.push(
      db
        .update(outletOrders)
        .set({ status: 'accepted', checkId, decidedBy: c.actor?.id ?? null, decidedAt, updatedAt: decidedAt })
        .where(and(eq(outletOrders.id, c.order.id), eq(outletOrders.status, 'sent'), mine)),
    );
  }
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
  if (!row) {
    // The order was answered meanwhile (another tap, another tablet, the guest cancelled it).
    if (c.order) {
      const [order] = await db
        .select({ status: outletOrders.status })
        .from(outletOrders)
        .where(eq(outletOrders.id, c.order.id));
      if (order?.status !== 'sent') throw new ApiError(409, 'order_not_open');
    }
    // The stay changed between the read and the batch: say why, as the first read would have.
    const [again] = room ? await inHouseRooms.query(db, hotelToday(), { bookingId: room.bookingId }) : [];
    throw (again && roomRefusal(again, totalBaisa)) ?? new ApiError(409, 'room_not_in_house');
  }
  return answerOf(c.outlet, row, room, c.language);
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
  // An order accepted twice at once: its check is unique (decision 098).
  if (message.includes('order_not_open') || message.includes('outlet_orders.check_id'))
    return new ApiError(409, 'order_not_open');
  return folioRefusal(err);
}

/** The outlet, its items asked for, the open business date and the key's stored answer (one round trip). */
async function checkContext(db: Db, outletId: number, itemIds: number[], idem: Idempotency | null) {
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
async function once(
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

/** The hotel's minibar: its first open outlet of kind `minibar` (an SQL subquery of its id). */
const minibarIdSql = sql`(select id from outlets where kind = 'minibar' and active = 1 order by id limit 1)`;

/**
 * The minibar's menu (its open items, in the menu's order as its tablet shows them) for the
 * housekeeper's report from a room: a query for the caller's batch, its rows as few as the
 * minibar's items.
 *
 * @example
 * const [tasks, minibar] = await db.batch([tasksQuery, minibarMenuQuery(db)]);
 */
export function minibarMenuQuery(db: Db) {
  return db
    .select({
      id: outletItems.id,
      nameAr: outletItems.nameAr,
      nameEn: outletItems.nameEn,
      priceBaisa: outletItems.priceBaisa,
    })
    .from(outletItems)
    .where(and(eq(outletItems.outletId, minibarIdSql), eq(outletItems.active, true)))
    .orderBy(outletItems.id);
}

/**
 * The minibar's use a housekeeper reports in a room (modules/housekeeping's minibar report): a
 * check of the hotel's minibar outlet (the first open one) to the stay in house in `bookingId`'s
 * room, its items of the minibar's menu, in ONE batch with its audit line (which names the
 * housekeeping task it came from, if any). No surname to compare (the housekeeper is in the room);
 * the stay's flag and credit hold as for any check; once per Idempotency-Key.
 *
 * @example
 * await chargeMinibar(db, housekeeper, { bookingId: 7, items: [{ itemId: 4, quantity: 1 }], task: { id: 9, roomId: 3 } },
 *   { idem: null, language: 'ar' });
 */
export async function chargeMinibar(
  db: Db,
  actor: SessionUser,
  input: {
    bookingId: number;
    items: { itemId: number; quantity: number }[];
    task?: { id: number; roomId: number };
  },
  { idem, language }: { idem: Idempotency | null; language: 'ar' | 'en' },
) {
  const [minibar] = await db.select({ id: outlets.id }).from(outlets).where(eq(outlets.id, minibarIdSql));
  if (!minibar) throw new ApiError(409, 'no_minibar_outlet');
  const ids = [...new Set(input.items.map((i) => i.itemId))];
  const { outlet, items, businessDate, settings, storedRow } = await checkContext(db, minibar.id, ids, idem);
  return once(db, outlet, idem, storedRow, language, async () => {
    const byId = new Map(items.filter((i) => i.active).map((i) => [i.id, i]));
    if (ids.length === 0 || ids.some((id) => !byId.has(id))) throw new ApiError(409, 'outlet_item_unknown');
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
    const [stay] = await inHouseRooms.query(db, hotelToday(), { bookingId: input.bookingId });
    if (!stay) throw new ApiError(409, 'room_not_in_house');
    const refused = roomRefusal(
      stay,
      lines.reduce((a, l) => a + l.amountBaisa, 0),
    );
    if (refused) throw refused;
    return insertCheck(db, {
      outlet,
      source: 'tablet',
      checkNumber: null,
      lines,
      settlement: { kind: 'room', stay },
      businessDate,
      actor,
      keyId: null,
      idem,
      language,
      task: input.task ?? null,
    });
  });
}

/**
 * The check an app order becomes when its outlet accepts it (decision 098): the order's lines at the
 * prices it was sent with, split by the taxes in force on the open business date, charged to the
 * order's stay in ONE batch with the order turned `accepted` (only while it is still `sent`: of two
 * accepts at once, one posts). The stay's flag and credit hold as for any check; no surname is
 * compared (the guest is known by the booking they ordered from).
 *
 * @example const posted = await postOrderCheck(db, waiter, outlet, order, { language: 'ar' });
 */
export async function postOrderCheck(
  db: Db,
  actor: SessionUser,
  outlet: Outlet,
  order: OutletOrder,
  { language }: { language: 'ar' | 'en' },
): Promise<CheckPosted> {
  const [closed, settings, stays] = await Promise.all([
    lastClosedDateQuery(db),
    readTaxSettings(db),
    inHouseRooms.query(db, hotelToday(), { bookingId: order.bookingId }),
  ]);
  const businessDate = businessDateOf(closed);
  const [stay] = stays;
  if (!stay) throw new ApiError(409, 'room_not_in_house');
  const lines = pricedLines(
    settings,
    businessDate,
    order.lines.map((l) => ({
      itemId: l.itemId,
      nameAr: l.nameAr,
      nameEn: l.nameEn,
      quantity: l.quantity,
      department: l.department,
      amountBaisa: l.amountBaisa,
    })),
  );
  const refused = roomRefusal(
    stay,
    lines.reduce((a, l) => a + l.amountBaisa, 0),
  );
  if (refused) throw refused;
  return insertCheck(db, {
    outlet,
    source: 'tablet',
    checkNumber: null,
    lines,
    settlement: { kind: 'room', stay },
    businessDate,
    actor,
    keyId: null,
    idem: null,
    language,
    order: { id: order.id },
  });
}
