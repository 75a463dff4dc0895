import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { hotelToday } from '@shared/dates';
import type { OrderRefusalInput } from '@shared/outlet-orders';
import { surnameOf } from '@shared/outlets';
import { ApiError } from '../../platform/api-error';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { translate, type Language } from '../../platform/messages';
import { auditLog } from '../../platform/tables';
import { inHouseRooms } from '../bookings';
import { type CheckView } from './check-views';
import { postOrderCheck } from './order-checks';
import { outletFor } from './outlet-reads';
import { orderView, type OrderView } from './orders';
import { outletOrders, type OutletOrder } from './tables';

/*
 * The guests' app orders on the outlet's side (docs/decisions/102-outlet-orders.md): its tablet's list,
 * an order accepted (its check to the room, once) or refused with a reason. The guest's side is
 * orders.ts.
 */

/** The outlet's tablet: its open orders (at most) and those of the last day. */
const OUTLET_OPEN_SHOWN = 100;
const OUTLET_RECENT_SHOWN = 100;
const MINUTE = 60_000;

/** An order as the outlet's tablet shows it: the guest's, with the room and the surname to greet. */
export type OutletOrderView = OrderView & { roomNumber: string | null; guestSurname: string | null };

/**
 * The outlet's orders (GET /api/outlets/:id/orders; its staff and managers): every one still `sent`
 * (oldest first: the first to answer) and those of the last day, newest first; with the room and
 * the guest's surname of the stays in house.
 */
export async function outletOrderList(db: Db, user: SessionUser, outletId: number, now = new Date()) {
  const outlet = await outletFor(db, user, outletId);
  const since = new Date(now.getTime() - 24 * 60 * MINUTE);
  const [[open, recent], rooms] = await Promise.all([
    db.batch([
      db
        .select()
        .from(outletOrders)
        .where(and(eq(outletOrders.outletId, outletId), eq(outletOrders.status, 'sent')))
        .orderBy(asc(outletOrders.id))
        .limit(OUTLET_OPEN_SHOWN),
      db
        .select()
        .from(outletOrders)
        .where(and(eq(outletOrders.outletId, outletId), gt(outletOrders.createdAt, since)))
        .orderBy(desc(outletOrders.createdAt))
        .limit(OUTLET_RECENT_SHOWN),
    ]),
    inHouseRooms.query(db, hotelToday(now)),
  ]);
  const byBooking = new Map(rooms.map((r) => [r.bookingId, r]));
  const view = (o: OutletOrder): OutletOrderView => {
    const stay = byBooking.get(o.bookingId);
    return {
      ...orderView(o, outlet),
      roomNumber: stay?.roomNumber ?? null,
      guestSurname: stay ? surnameOf(stay.fullName) : null,
    };
  };
  const openIds = new Set(open.map((o) => o.id));
  return {
    open: open.map(view),
    decided: recent.filter((o) => !openIds.has(o.id) && o.status !== 'sent').map(view),
  };
}

/** The order `orderId` and its outlet, if `user` works there (404 unknown; 403 `outlet_not_yours`). */
async function outletOrderFor(db: Db, user: SessionUser, orderId: number) {
  const [order] = await db.select().from(outletOrders).where(eq(outletOrders.id, orderId));
  if (!order) throw new ApiError(404, 'order_not_found');
  const outlet = await outletFor(db, user, order.outletId);
  return { order, outlet };
}

/** What accepting answers: the sentence for the waiter, the order, and its check. */
export type AcceptedOrder = { message: string; order: OrderView; check: CheckView | null; replayed: boolean };

/**
 * The outlet accepts an order (POST /api/outlets/orders/:id/accept): its check to the stay's room, in
 * the check's batch with the order turned `accepted` (checks.ts `postOrderCheck`). Accepting an
 * order accepted already answers it again and posts nothing (a tap sent twice, two tablets at once);
 * one refused or cancelled is 409 `order_not_open`; the stay checked out, flagged or past its credit
 * is refused as a check to it would be (the order stays `sent`: the outlet refuses it with a reason).
 */
export async function acceptOrder(db: Db, user: SessionUser, orderId: number, language: Language) {
  const { order, outlet } = await outletOrderFor(db, user, orderId);
  const again = async (): Promise<AcceptedOrder> => {
    const [now] = await db.select().from(outletOrders).where(eq(outletOrders.id, orderId));
    if (now?.status !== 'accepted') throw new ApiError(409, 'order_not_open');
    return {
      message: translate('order_accepted', language),
      order: orderView(now, outlet),
      check: null,
      replayed: true,
    };
  };
  if (order.status === 'accepted') return again();
  if (order.status !== 'sent') throw new ApiError(409, 'order_not_open');
  let posted;
  try {
    posted = await postOrderCheck(db, user, outlet, order, { language });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'order_not_open') return again();
    throw err;
  }
  const [now] = await db.select().from(outletOrders).where(eq(outletOrders.id, orderId));
  return { message: posted.message, order: orderView(now!, outlet), check: posted.check, replayed: false };
}

/**
 * The outlet refuses an order (POST /api/outlets/orders/:id/refuse `{ reason, note? }`): the reason
 * the guest reads in their language, with the audit line, in one batch; only while it is `sent`.
 * Refusing it again with the same reason answers it again; otherwise 409 `order_not_open`.
 */
export async function refuseOrder(
  db: Db,
  user: SessionUser,
  orderId: number,
  input: OrderRefusalInput,
  language: Language,
) {
  const { order, outlet } = await outletOrderFor(db, user, orderId);
  const now = new Date();
  const note = input.note || null;
  const [[updated]] = await db.batch([
    db
      .update(outletOrders)
      .set({
        status: 'refused',
        refusalReason: input.reason,
        refusalNote: note,
        decidedBy: user.id,
        decidedAt: now,
        updatedAt: now,
      })
      .where(and(eq(outletOrders.id, orderId), eq(outletOrders.status, 'sent')))
      .returning(),
    insertWhere(
      db,
      auditLog,
      auditEntry(user, 'outlet.order_refuse', 'outlet', outlet.id, null, {
        order: orderId,
        bookingId: order.bookingId,
        reason: input.reason,
        note,
      }),
      sql`exists (select 1 from outlet_orders where id = ${orderId} and status = 'refused' and decided_at = ${now.getTime()})`,
    ),
  ]);
  if (updated)
    return {
      message: translate('order_refused', language),
      order: orderView(updated, outlet),
      replayed: false,
    };
  const [current] = await db.select().from(outletOrders).where(eq(outletOrders.id, orderId));
  if (current?.status === 'refused' && current.refusalReason === input.reason) {
    return {
      message: translate('order_refused', language),
      order: orderView(current, outlet),
      replayed: true,
    };
  }
  throw new ApiError(409, 'order_not_open');
}
