import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { addDays, hotelToday } from '@shared/dates';
import {
  ORDER_RULES,
  hotelLocalTime,
  parseOrderTime,
  type OrderLine,
  type OrderStatus,
  type StayOrderInput,
} from '@shared/outlet-orders';
import { OUTLET_RULES, hotelClock, isOpenAt } from '@shared/outlets';
import { hotelInstant } from '@shared/stay-policy';
import { ApiError } from '../../platform/api-error';
import { insertWhere, newChangeToken } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import {
  claimKey,
  createOnce,
  storedAnswerQuery,
  type Created,
  type Idempotency,
} from '../../platform/idempotency';
import { translate, type Language } from '../../platform/messages';
import { idempotencyKeys } from '../../platform/tables';
import { bookingRowsQuery, inHouseRooms, type BookingSubmission } from '../bookings';
import { itemPhotoUrl } from './item-photos';
import { outletItems, outletOrders, outlets, type Outlet, type OutletOrder } from './tables';

/**
 * A guest's orders from the app (docs/decisions/102-outlet-orders.md). The guest in house (the
 * booking's signed-in account or the holder of its link: the route finds the booking) sends an
 * order to an outlet that takes them; it waits on the outlet's tablet as `sent`. The outlet accepts
 * it (its check to the room, posted in the check's batch, once: order-answers.ts) or refuses it
 * with a reason; the guest may cancel it while it is `sent`.
 *
 * The order's insert holds every rule the first read judged, so a race cannot pass what it refused:
 * the stay in house and its guest not flagged, the room's credit with the stay's other open orders,
 * the stay's cap of open orders, the outlet still taking orders, and for a treatment the outlet's
 * places at its time (two guests asking for the last place: one gets it, the other the next free
 * times). Reads stay small: the outlet, the items asked for, the stay, its open orders (along the
 * booking's index) and the treatments of one day (along the outlet's time index).
 */

/** Orders answered with a stay's list: its newest. */
const STAY_ORDERS_SHOWN = 50;
const MINUTE = 60_000;
const SLOT_STATUSES = sql`('sent', 'accepted')`;

type OutletNames = Pick<Outlet, 'id' | 'nameAr' | 'nameEn' | 'kind'>;

/** An order as its guest sees it (their list, a post's answer). */
export function orderView(o: OutletOrder, outlet: OutletNames) {
  return {
    id: o.id,
    outletId: outlet.id,
    outletNameAr: outlet.nameAr,
    outletNameEn: outlet.nameEn,
    outletKind: outlet.kind,
    bookingId: o.bookingId,
    status: o.status,
    lines: o.lines.map((l) => ({
      itemId: l.itemId,
      nameAr: l.nameAr,
      nameEn: l.nameEn,
      quantity: l.quantity,
      amountBaisa: l.amountBaisa,
      durationMinutes: l.durationMinutes,
    })),
    totalBaisa: o.totalBaisa,
    note: o.note,
    /** The treatment's (or delivery's) time, `YYYY-MM-DDTHH:MM` in the hotel's time; null: now. */
    time: o.startsAt ? hotelLocalTime(o.startsAt) : null,
    endsAt: o.endsAt && o.seats > 0 ? hotelLocalTime(o.endsAt) : null,
    refusal: o.refusalReason ? { reason: o.refusalReason, note: o.refusalNote } : null,
    checkId: o.checkId,
    createdAt: o.createdAt.toISOString(),
    decidedAt: o.decidedAt?.toISOString() ?? null,
  };
}
export type OrderView = ReturnType<typeof orderView>;

/** The tags of the sockets that hear of an order: its outlet's tablets, and its guest's app. */
export function orderTags(order: Pick<OutletOrder, 'outletId' | 'bookingId'>, userId: number | null) {
  return [
    `outlet:${order.outletId}`,
    `booking:${order.bookingId}`,
    ...(userId !== null ? [`user:${userId}`] : []),
  ];
}

// ---------------------------------------------------------------------------------------------
// The guest's side

/** The outlets guests order from in the app, with their items (GET /api/outlets/menus). */
export async function appMenus(db: Db) {
  const [rows, items] = await db.batch([
    db
      .select()
      .from(outlets)
      .where(and(eq(outlets.active, true), eq(outlets.appOrders, true)))
      .orderBy(asc(outlets.id)),
    db
      .select()
      .from(outletItems)
      .where(
        and(
          eq(outletItems.active, true),
          eq(outletItems.appOrderable, true),
          inArray(outletItems.outletId, sql`(select id from outlets where active = 1 and app_orders = 1)`),
        ),
      )
      .orderBy(asc(outletItems.outletId), asc(outletItems.id)),
  ]);
  return rows
    .map((o) => ({
      id: o.id,
      nameAr: o.nameAr,
      nameEn: o.nameEn,
      kind: o.kind,
      opensAt: o.opensAt,
      closesAt: o.closesAt,
      items: items
        .filter((i) => i.outletId === o.id)
        .slice(0, OUTLET_RULES.maxItems)
        .map((i) => ({
          id: i.id,
          nameAr: i.nameAr,
          nameEn: i.nameEn,
          priceBaisa: i.priceBaisa,
          durationMinutes: i.durationMinutes,
          photoUrl: itemPhotoUrl(i.photoKey),
        })),
    }))
    .filter((o) => o.items.length > 0);
}

/** A stay's orders, newest first (its guest's list, along the booking's index). */
export async function stayOrders(db: Db, bookingId: number): Promise<OrderView[]> {
  const rows = await db
    .select({ order: outletOrders, outlet: outlets })
    .from(outletOrders)
    .innerJoin(outlets, eq(outlets.id, outletOrders.outletId))
    .where(eq(outletOrders.bookingId, bookingId))
    .orderBy(desc(outletOrders.id))
    .limit(STAY_ORDERS_SHOWN);
  return rows.map((r) => orderView(r.order, r.outlet));
}

/** What a placed order answers: the sentence for the guest, and the order. */
export type PlacedOrder = { message: string; order: OrderView };

type Slot = { startsAt: Date; endsAt: Date; seats: number; date: string; durationMinutes: number };
type TakenRow = { startsAt: number; endsAt: number; seats: number };

/**
 * The order's time: a treatment's (required: it holds `seats` places for its length), or when the
 * rest is wanted (optional; without it the outlet must be open now). Refuses a time gone, after the
 * stay or too far ahead, outside the outlet's hours, or for more people than it serves at once.
 */
function orderSlot(
  outlet: Outlet,
  lines: readonly OrderLine[],
  time: string | undefined,
  booking: Pick<BookingSubmission, 'checkOutDate'>,
  now: Date,
): Slot | null {
  const timed = lines.filter((l) => l.durationMinutes !== null);
  const seats = timed.reduce((a, l) => a + l.quantity, 0);
  const durationMinutes = Math.max(0, ...timed.map((l) => l.durationMinutes ?? 0));
  if (time === undefined) {
    if (timed.length > 0) throw new ApiError(400, 'order_time_required', { time: 'order_time_required' });
    if (!isOpenAt(outlet.opensAt, outlet.closesAt, hotelClock(now)))
      throw new ApiError(409, 'order_outlet_closed');
    return null;
  }
  const parsed = parseOrderTime(time);
  if (!parsed) throw new ApiError(400, 'order_time_invalid', { time: 'order_time_invalid' });
  const today = hotelToday(now);
  const date = parsed.date ?? today;
  const startsAt = hotelInstant(date, parsed.clock);
  if (startsAt.getTime() < now.getTime() - MINUTE) throw new ApiError(409, 'order_time_past');
  if (date > booking.checkOutDate || date > addDays(today, ORDER_RULES.daysAhead)) {
    throw new ApiError(409, 'order_time_after_stay');
  }
  const endsAt = new Date(startsAt.getTime() + durationMinutes * MINUTE);
  if (!fitsHours(outlet, startsAt, endsAt)) throw new ApiError(409, 'order_time_outside_hours');
  if (seats > outlet.slotCapacity) throw new ApiError(409, 'order_time_taken', undefined, { times: [] });
  return { startsAt, endsAt, seats, date, durationMinutes };
}

/** Whether the outlet is open at the start and until the end (a treatment never runs past its close). */
function fitsHours(outlet: Pick<Outlet, 'opensAt' | 'closesAt'>, startsAt: Date, endsAt: Date) {
  const open = (at: Date) => isOpenAt(outlet.opensAt, outlet.closesAt, hotelClock(at));
  return open(startsAt) && (endsAt <= startsAt || open(new Date(endsAt.getTime() - MINUTE)));
}

/** Whether `seats` more fit from `start` to `end` beside the orders `taken` (the most at once never past `capacity`). */
export function fits(
  taken: readonly TakenRow[],
  start: number,
  end: number,
  seats: number,
  capacity: number,
) {
  // The most at once over [start, end) is reached at its start or where another order starts in it.
  const points = [
    start,
    ...taken.filter((r) => r.startsAt > start && r.startsAt < end).map((r) => r.startsAt),
  ];
  return points.every(
    (p) =>
      taken.filter((r) => r.startsAt <= p && r.endsAt > p).reduce((a, r) => a + r.seats, 0) + seats <=
      capacity,
  );
}

/** The treatments holding the outlet's places on `date` (and those that began before it and run into it). */
function takenOnQuery(db: Db, outletId: number, date: string) {
  const from = hotelInstant(date, '00:00').getTime() - ORDER_RULES.durationMax * MINUTE;
  const to = hotelInstant(addDays(date, 1), '00:00').getTime();
  return db
    .select({ startsAt: outletOrders.startsAt, endsAt: outletOrders.endsAt, seats: outletOrders.seats })
    .from(outletOrders)
    .where(
      and(
        eq(outletOrders.outletId, outletId),
        sql`${outletOrders.seats} > 0 and ${outletOrders.status} in ${SLOT_STATUSES}`,
        gt(outletOrders.startsAt, new Date(from)),
        lt(outletOrders.startsAt, new Date(to)),
      ),
    );
}

/** The next free times after a taken one, the same day, every half hour, within the hours. */
export function nextFreeTimes(
  taken: readonly TakenRow[],
  outlet: Pick<Outlet, 'opensAt' | 'closesAt' | 'slotCapacity'>,
  slot: Slot,
  now: Date,
): string[] {
  const step = ORDER_RULES.slotStepMinutes * MINUTE;
  const dayStart = hotelInstant(slot.date, '00:00').getTime();
  const dayEnd = dayStart + 24 * 60 * MINUTE;
  const length = slot.durationMinutes * MINUTE;
  const times: string[] = [];
  let at = dayStart + Math.floor((slot.startsAt.getTime() - dayStart) / step + 1) * step;
  for (; at < dayEnd && times.length < ORDER_RULES.nextTimesShown; at += step) {
    if (at < now.getTime()) continue;
    if (!fitsHours(outlet, new Date(at), new Date(at + length))) continue;
    if (fits(taken, at, at + length, slot.seats, outlet.slotCapacity))
      times.push(hotelLocalTime(new Date(at)));
  }
  return times;
}

/**
 * The guard, for the order's insert, that its treatment still fits when the batch reaches it: at the
 * start and wherever another order starts within it, the places held plus its own are within the
 * outlet's capacity (read from the outlet in the same statement).
 */
function placesFreeSql(outletId: number, slot: Slot): SQL {
  const start = slot.startsAt.getTime();
  const end = slot.endsAt.getTime();
  const earliest = start - ORDER_RULES.durationMax * MINUTE;
  return sql`not exists (
    select 1 from (
      select ${start} as p
      union select starts_at from outlet_orders
        where outlet_id = ${outletId} and seats > 0 and status in ${SLOT_STATUSES}
          and starts_at > ${start} and starts_at < ${end}
    ) points
    where (
      select coalesce(sum(o.seats), 0) from outlet_orders o
      where o.outlet_id = ${outletId} and o.seats > 0 and o.status in ${SLOT_STATUSES}
        and o.starts_at > ${earliest} and o.starts_at <= points.p and o.ends_at > points.p
    ) + ${slot.seats} > (select slot_capacity from outlets where id = ${outletId})
  )`;
}

/** The stay's open orders: how many, and what they would charge. */
const openOrdersOf = (bookingId: number) =>
  ({
    count: sql`(select count(*) from outlet_orders where booking_id = ${bookingId} and status = 'sent')`,
    total: sql`(select coalesce(sum(total_baisa), 0) from outlet_orders where booking_id = ${bookingId} and status = 'sent')`,
  }) as const;

/**
 * Sends a guest's order (POST /api/stays/:id/orders) for `booking` (found as its guest's by the
 * route): in ONE batch, its Idempotency-Key claimed, the order inserted only while every rule still
 * holds, and the key's answer stored (the order's token: a replay reads the order as it is now);
 * refused, the key is let go, so a retry is judged again.
 *
 * @example
 * await placeOrder(db, booking, user, { outletId: 2, items: [{ itemId: 7, quantity: 2 }] },
 *   { idem, language: 'ar' });
 */
export async function placeOrder(
  db: Db,
  booking: BookingSubmission,
  user: SessionUser | null,
  input: StayOrderInput,
  { idem, language, now = new Date() }: { idem: Idempotency | null; language: Language; now?: Date },
): Promise<{ body: PlacedOrder; replayed: boolean }> {
  const ids = [...new Set(input.items.map((i) => i.itemId))];
  const open = openOrdersOf(booking.id);
  const [[outletRows, itemRows, openRows], stays, answers] = await Promise.all([
    db.batch([
      db.select().from(outlets).where(eq(outlets.id, input.outletId)),
      db
        .select()
        .from(outletItems)
        .where(and(eq(outletItems.outletId, input.outletId), inArray(outletItems.id, ids))),
      db
        .select({ count: sql<number>`${open.count}`, total: sql<number>`${open.total}` })
        .from(sql`(select 1)`),
    ]),
    inHouseRooms.query(db, hotelToday(now), { bookingId: booking.id }),
    idem ? storedAnswerQuery(db, idem) : Promise.resolve([]),
  ]);
  const outcome: Created<PlacedOrder> = await createOnce(db, idem, answers[0], async () => {
    const outlet = outletRows[0];
    if (!outlet) throw new ApiError(404, 'outlet_not_found');
    if (!outlet.active || !outlet.appOrders) throw new ApiError(409, 'order_outlet_unavailable');
    const byId = new Map(itemRows.filter((i) => i.active && i.appOrderable).map((i) => [i.id, i]));
    if (ids.some((id) => !byId.has(id))) throw new ApiError(409, 'order_item_unavailable');
    const lines: OrderLine[] = input.items.map(({ itemId, quantity }) => {
      const item = byId.get(itemId)!;
      return {
        itemId,
        nameAr: item.nameAr,
        nameEn: item.nameEn,
        quantity,
        amountBaisa: item.priceBaisa * quantity,
        department: item.department,
        durationMinutes: item.durationMinutes,
      };
    });
    const totalBaisa = lines.reduce((a, l) => a + l.amountBaisa, 0);
    const [stay] = stays;
    if (!stay) throw new ApiError(409, 'order_not_in_house');
    if (stay.flagged) throw new ApiError(409, 'order_guest_flagged');
    const pending = openRows[0] ?? { count: 0, total: 0 };
    if (Number(pending.count) >= ORDER_RULES.openMax) throw new ApiError(429, 'too_many_orders');
    const left = OUTLET_RULES.roomCreditBaisa - stay.balanceBaisa - Number(pending.total);
    if (totalBaisa > left) {
      throw new ApiError(409, 'order_credit_exceeded', undefined, { leftBaisa: Math.max(0, left) });
    }
    const slot = orderSlot(outlet, lines, input.time, booking, now);
    if (slot && slot.seats > 0) await refuseTakenTime(db, outlet, slot, now);
    return insertOrder(db, {
      booking,
      user,
      outlet,
      lines,
      totalBaisa,
      note: input.note || null,
      slot,
      idem,
      now,
      language,
    });
  });
  if (!outcome.replayed) return { body: outcome.body, replayed: false };
  const token = (outcome.stored.body as { orderToken?: string }).orderToken ?? '';
  return { body: await answerOfToken(db, token, language), replayed: true };
}

/** 409 `order_time_taken` with the next free times, when the treatment's time is full already. */
async function refuseTakenTime(db: Db, outlet: Outlet, slot: Slot, now: Date): Promise<void> {
  const taken = (await takenOnQuery(db, outlet.id, slot.date)).map(takenRow);
  if (fits(taken, slot.startsAt.getTime(), slot.endsAt.getTime(), slot.seats, outlet.slotCapacity)) return;
  throw new ApiError(409, 'order_time_taken', undefined, { times: nextFreeTimes(taken, outlet, slot, now) });
}

const takenRow = (r: { startsAt: Date | null; endsAt: Date | null; seats: number }): TakenRow => ({
  startsAt: r.startsAt?.getTime() ?? 0,
  endsAt: r.endsAt?.getTime() ?? 0,
  seats: r.seats,
});

type NewOrder = {
  booking: BookingSubmission;
  user: SessionUser | null;
  outlet: Outlet;
  lines: OrderLine[];
  totalBaisa: number;
  note: string | null;
  slot: Slot | null;
  idem: Idempotency | null;
  now: Date;
  language: Language;
};

/** The order's batch (above); refused by its guard, it says why as the first read would have. */
async function insertOrder(db: Db, o: NewOrder): Promise<PlacedOrder> {
  const token = newChangeToken();
  const bookingId = o.booking.id;
  const open = openOrdersOf(bookingId);
  const guards: SQL[] = [
    inHouseRooms.unflaggedSql(bookingId),
    sql`${inHouseRooms.folioBalanceSql(bookingId)} + ${open.total} + ${o.totalBaisa} <= ${OUTLET_RULES.roomCreditBaisa}`,
    sql`${open.count} < ${ORDER_RULES.openMax}`,
    sql`exists (select 1 from outlets where id = ${o.outlet.id} and active = 1 and app_orders = 1)`,
  ];
  if (o.slot && o.slot.seats > 0) guards.push(placesFreeSql(o.outlet.id, o.slot));
  const mine = sql`exists (select 1 from outlet_orders where token = ${token})`;
  const statements: BatchItem<'sqlite'>[] = [
    insertWhere(
      db,
      outletOrders,
      {
        outletId: o.outlet.id,
        bookingId,
        status: 'sent',
        lines: o.lines,
        totalBaisa: o.totalBaisa,
        note: o.note,
        startsAt: o.slot?.startsAt ?? null,
        endsAt: o.slot?.endsAt ?? null,
        seats: o.slot?.seats ?? 0,
        token,
        createdBy: o.user?.id ?? null,
        createdAt: o.now,
        updatedAt: o.now,
      },
      sql.join(guards, sql` and `),
    ),
  ];
  if (o.idem) {
    const keyRow = and(eq(idempotencyKeys.scope, o.idem.scope), eq(idempotencyKeys.key, o.idem.key));
    statements.unshift(claimKey(db, o.idem));
    statements.push(
      db
        .update(idempotencyKeys)
        .set({
          statusCode: 201,
          responseBody: sql`json_object('orderToken', ${token})`,
          updatedAt: new Date(),
        })
        .where(and(keyRow, mine)),
      db.delete(idempotencyKeys).where(and(keyRow, sql`not ${mine}`)),
    );
  }
  statements.push(db.select().from(outletOrders).where(eq(outletOrders.token, token)));
  const results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  const row = (results[results.length - 1] as OutletOrder[])[0];
  if (!row) throw await whyNotPlaced(db, o);
  return { message: translate('order_sent', o.language), order: orderView(row, o.outlet) };
}

/** Why the order's guard refused it: the stay, its open orders, the credit, the outlet, the time. */
async function whyNotPlaced(db: Db, o: NewOrder): Promise<ApiError> {
  const open = openOrdersOf(o.booking.id);
  const [[stay], [pending], [outlet]] = await Promise.all([
    inHouseRooms.query(db, hotelToday(o.now), { bookingId: o.booking.id }),
    db.select({ count: sql<number>`${open.count}`, total: sql<number>`${open.total}` }).from(sql`(select 1)`),
    db.select().from(outlets).where(eq(outlets.id, o.outlet.id)),
  ]);
  if (!stay) return new ApiError(409, 'order_not_in_house');
  if (stay.flagged) return new ApiError(409, 'order_guest_flagged');
  if (Number(pending?.count ?? 0) >= ORDER_RULES.openMax) return new ApiError(429, 'too_many_orders');
  const left = OUTLET_RULES.roomCreditBaisa - stay.balanceBaisa - Number(pending?.total ?? 0);
  if (o.totalBaisa > left) {
    return new ApiError(409, 'order_credit_exceeded', undefined, { leftBaisa: Math.max(0, left) });
  }
  if (!outlet?.active || !outlet.appOrders) return new ApiError(409, 'order_outlet_unavailable');
  if (o.slot && o.slot.seats > 0) {
    const taken = (await takenOnQuery(db, outlet.id, o.slot.date)).map(takenRow);
    return new ApiError(409, 'order_time_taken', undefined, {
      times: nextFreeTimes(taken, outlet, o.slot, o.now),
    });
  }
  return new ApiError(409, 'order_not_in_house');
}

/** A replay's answer: the order its first request placed, as it is now. */
async function answerOfToken(db: Db, token: string, language: Language): Promise<PlacedOrder> {
  const [found] = await db
    .select({ order: outletOrders, outlet: outlets })
    .from(outletOrders)
    .innerJoin(outlets, eq(outlets.id, outletOrders.outletId))
    .where(eq(outletOrders.token, token));
  if (!found) throw new ApiError(409, 'request_in_progress');
  return { message: translate('order_sent', language), order: orderView(found.order, found.outlet) };
}

/**
 * The guest cancels an order still `sent` (POST /api/stays/:id/orders/:orderId/cancel); one already
 * answered is 409 `order_not_open`; another stay's order is 404, as an unknown one.
 */
export async function cancelOrder(db: Db, bookingId: number, orderId: number, language: Language) {
  const now = new Date();
  const [[updated], [found]] = await db.batch([
    db
      .update(outletOrders)
      .set({ status: 'cancelled', decidedAt: now, updatedAt: now })
      .where(
        and(
          eq(outletOrders.id, orderId),
          eq(outletOrders.bookingId, bookingId),
          eq(outletOrders.status, 'sent'),
        ),
      )
      .returning(),
    db
      .select({ order: outletOrders, outlet: outlets })
      .from(outletOrders)
      .innerJoin(outlets, eq(outlets.id, outletOrders.outletId))
      .where(and(eq(outletOrders.id, orderId), eq(outletOrders.bookingId, bookingId))),
  ]);
  if (!found) throw new ApiError(404, 'order_not_found');
  if (!updated) throw new ApiError(409, 'order_not_open');
  return { message: translate('order_cancelled', language), order: orderView(found.order, found.outlet) };
}

/** The order's guest account (for its live tags), read after a change. */
export async function orderGuestUser(db: Db, bookingId: number): Promise<number | null> {
  const [row] = await bookingRowsQuery(db, [bookingId]);
  return row?.userId ?? null;
}

/** The live event of an order's new state. */
export const orderEvent = (o: Pick<OrderView, 'id' | 'outletId' | 'bookingId' | 'status'>) => ({
  type: 'order' as const,
  orderId: o.id,
  outletId: o.outletId,
  bookingId: o.bookingId,
  status: o.status as OrderStatus,
});
