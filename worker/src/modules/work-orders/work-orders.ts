import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { BatchItem } from 'drizzle-orm/batch';
import type { z } from 'zod';
import type { SessionUser } from '@shared/auth-schemas';
import { hotelToday, stayNights } from '@shared/dates';
import {
  WORK_ORDER_RULES,
  type workOrderCloseSchema,
  type workOrderCreateSchema,
  type workOrderListQuerySchema,
} from '@shared/work-order-schemas';
import { workOrders } from './tables';
import { auditLog, users } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { ApiError } from '../../platform/api-error';
import { auditEntry } from '../../platform/audit';
import { insertWhere } from '../../platform/atomic';
import { hasRole } from '../../platform/roles';
import { roomStaysQuery } from '../bookings';
import { roomOutOfOrder, roomsInServiceQuery } from '../inventory';

/**
 * Work orders (docs/decisions/092-work-orders-and-lost-and-found.md): any member of staff reports
 * a fault; a technician (or a manager) takes it and closes it with what was done. A fault in a
 * room may take it out of order for some nights, in the report's own batch (the bookings module's
 * period and nights: closed to sale, told to the channel by its triggers), refused while a stay
 * holds one of them, the stays named; or out of service (sold, but passed by when the desk
 * assigns rooms). Closing the order gives the room back in the close's own batch.
 */

type CreateBody = z.output<typeof workOrderCreateSchema>;
type ListQuery = z.output<typeof workOrderListQuerySchema>;

/** A member of staff's name (a subquery: three people of one table in a row would share a column name). */
const nameOf = (userId: SQL | SQLiteColumn) =>
  sql<string | null>`(select u.full_name from ${users} u where u.id = ${userId})`;

/** Urgent first, then high, normal, low: the technicians' order of work. */
const PRIORITY_RANK = sql`case ${workOrders.priority} when 'urgent' then 0 when 'high' then 1 when 'normal' then 2 else 3 end`;

function ordersQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      id: workOrders.id,
      roomId: workOrders.roomId,
      area: workOrders.area,
      note: workOrders.note,
      priority: workOrders.priority,
      status: workOrders.status,
      roomState: workOrders.roomState,
      outOfOrderFrom: workOrders.outOfOrderFrom,
      outOfOrderTo: workOrders.outOfOrderTo,
      hasPhoto: sql<number>`${workOrders.photoKey} is not null`,
      reportedBy: nameOf(workOrders.reportedBy),
      takenById: workOrders.takenBy,
      takenBy: nameOf(workOrders.takenBy),
      takenAt: workOrders.takenAt,
      closedBy: nameOf(workOrders.closedBy),
      closedAt: workOrders.closedAt,
      resolution: workOrders.resolution,
      createdAt: workOrders.createdAt,
    })
    .from(workOrders)
    .where(where);
}

type OrderRow = Awaited<ReturnType<typeof ordersQuery>>[number];
type Rooms = Awaited<ReturnType<typeof roomsInServiceQuery>>;

function view(row: OrderRow, rooms: Rooms) {
  return {
    ...row,
    hasPhoto: Boolean(row.hasPhoto),
    roomNumber: row.roomId === null ? null : (rooms.find((r) => r.id === row.roomId)?.number ?? null),
    takenAt: row.takenAt?.getTime() ?? null,
    closedAt: row.closedAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
  };
}
export type WorkOrderView = ReturnType<typeof view>;

async function oneOrder(db: Db, id: number): Promise<WorkOrderView> {
  const [rows, rooms] = await db.batch([ordersQuery(db, eq(workOrders.id, id)), roomsInServiceQuery(db)]);
  if (!rows[0]) throw new ApiError(404, 'work_order_not_found');
  return view(rows[0], rooms);
}

async function run(db: Db, statements: BatchItem<'sqlite'>[]) {
  try {
    return await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (err) {
    throw roomOutOfOrder.refusal(err) ?? err;
  }
}

/** The checks of an out-of-order period before its batch: from today on, not too long, no stay on it. */
async function checkPeriod(db: Db, roomId: number, from: string, to: string, today: string) {
  if (from < today)
    throw new ApiError(400, 'validation_failed', { outOfOrderFrom: 'availability_from_past' });
  if (stayNights(from, to).length > WORK_ORDER_RULES.outOfOrderMaxNights)
    throw new ApiError(400, 'validation_failed', { outOfOrderTo: 'out_of_order_too_long' });
  const stays = await roomStaysQuery(db, roomId, from, to);
  if (stays.length > 0)
    throw new ApiError(409, 'out_of_order_stays', undefined, {
      stays: stays.map(({ id: _, ...stay }) => stay),
    });
}

/**
 * POST /api/admin/work-orders: the report, and for a room out of order its period and nights, in
 * one batch with the audit line. 404 for a room not in service, 409 `out_of_order_stays` (the
 * stays named) or `room_taken` / `out_of_order_below_held` when the database refuses a night.
 */
export async function reportWorkOrder(db: Db, actor: SessionUser, input: CreateBody, now = new Date()) {
  const today = hotelToday(now);
  let room: Awaited<ReturnType<ReturnType<typeof roomOutOfOrder.roomQuery>['get']>> | undefined;
  if (input.roomId !== undefined) {
    room = await roomOutOfOrder.roomQuery(db, input.roomId).get();
    if (!room) throw new ApiError(404, 'room_not_found');
  }
  const outOfOrder = input.roomState === 'out_of_order' && room;
  if (outOfOrder) await checkPeriod(db, room!.id, input.outOfOrderFrom!, input.outOfOrderTo!, today);

  const statements: BatchItem<'sqlite'>[] = [];
  if (outOfOrder)
    statements.push(
      ...roomOutOfOrder.open(db, {
        roomId: room!.id,
        roomType: room!.roomType,
        from: input.outOfOrderFrom!,
        to: input.outOfOrderTo!,
        reason: input.note.slice(0, 200),
        actorId: actor.id,
        today,
        now,
      }),
    );
  statements.push(
    db
      .insert(workOrders)
      .values({
        roomId: room?.id ?? null,
        area: input.area || null,
        note: input.note,
        priority: input.priority,
        roomState: room ? input.roomState : 'none',
        outOfOrderFrom: outOfOrder ? input.outOfOrderFrom : null,
        outOfOrderTo: outOfOrder ? input.outOfOrderTo : null,
        blockId: outOfOrder ? roomOutOfOrder.newestBlockOf(room!.id) : null,
        reportedBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: workOrders.id }),
  );
  const made = statements.length - 1;
  statements.push(
    insertWhere(
      db,
      auditLog,
      {
        ...auditEntry(actor, 'work_order.report', 'work_order', null, null, input),
        entityId: sql`cast((select max(id) from work_orders) as text)`,
      },
      sql`1`,
    ),
  );
  const results = await run(db, statements);
  const [{ id }] = results[made] as [{ id: number }];
  return oneOrder(db, id);
}

/** Whether `actor` may act on an order another technician has taken: a manager or an admin. */
const oversees = (actor: SessionUser) => hasRole(actor, 'manager');

/** The order as it stands, or 404. */
async function currentOrder(db: Db, id: number) {
  const order = await db.select().from(workOrders).where(eq(workOrders.id, id)).get();
  if (!order) throw new ApiError(404, 'work_order_not_found');
  return order;
}

/**
 * POST /api/admin/work-orders/:id/take: the order is the caller's (a technician, a manager). 409
 * when closed, or taken by another technician (a manager may take it over).
 */
export async function takeWorkOrder(db: Db, actor: SessionUser, id: number, now = new Date()) {
  const order = await currentOrder(db, id);
  if (order.status === 'closed') throw new ApiError(409, 'work_order_closed');
  if (order.takenBy !== null && order.takenBy !== actor.id && !oversees(actor))
    throw new ApiError(409, 'work_order_taken_by_other');
  const [taken] = await run(db, [
    db
      .update(workOrders)
      .set({ status: 'taken', takenBy: actor.id, takenAt: now, updatedAt: now })
      .where(
        and(
          eq(workOrders.id, id),
          sql`${workOrders.status} <> 'closed'`,
          // As read: nobody took it meanwhile (a manager's take-over is of the taker they saw).
          order.takenBy === null ? sql`${workOrders.takenBy} is null` : eq(workOrders.takenBy, order.takenBy),
        ),
      )
      .returning({ id: workOrders.id }),
    insertWhere(
      db,
      auditLog,
      auditEntry(
        actor,
        'work_order.take',
        'work_order',
        id,
        { takenBy: order.takenBy },
        { takenBy: actor.id },
      ),
      sql`exists (select 1 from work_orders w where w.id = ${id} and w.taken_by = ${actor.id} and w.taken_at = ${now.getTime()})`,
    ),
  ]);
  if ((taken as unknown[]).length === 0) {
    const again = await currentOrder(db, id);
    throw new ApiError(409, again.status === 'closed' ? 'work_order_closed' : 'work_order_taken_by_other');
  }
  return oneOrder(db, id);
}

/**
 * POST /api/admin/work-orders/:id/close `{ resolution }`: closed with what was done, and its room
 * given back in the same batch (out-of-order nights from today reopened, out of service ended). A
 * technician closes an order that is theirs or nobody's; a manager any. 409 when closed already.
 */
export async function closeWorkOrder(
  db: Db,
  actor: SessionUser,
  id: number,
  input: z.output<typeof workOrderCloseSchema>,
  now = new Date(),
) {
  const today = hotelToday(now);
  const order = await currentOrder(db, id);
  if (order.status === 'closed') throw new ApiError(409, 'work_order_closed');
  if (order.takenBy !== null && order.takenBy !== actor.id && !oversees(actor))
    throw new ApiError(409, 'work_order_taken_by_other');
  // The statements after the first run only if this request closed the order.
  const closedNow = sql`exists (select 1 from work_orders w where w.id = ${id} and w.closed_by = ${actor.id} and w.closed_at = ${now.getTime()})`;
  const statements: BatchItem<'sqlite'>[] = [
    db
      .update(workOrders)
      .set({
        status: 'closed',
        closedBy: actor.id,
        closedAt: now,
        resolution: input.resolution,
        takenBy: sql`coalesce(${workOrders.takenBy}, ${actor.id})`,
        takenAt: sql`coalesce(${workOrders.takenAt}, ${now.getTime()})`,
        updatedAt: now,
      })
      .where(and(eq(workOrders.id, id), sql`${workOrders.status} <> 'closed'`))
      .returning({ id: workOrders.id }),
    insertWhere(
      db,
      auditLog,
      auditEntry(actor, 'work_order.close', 'work_order', id, { status: order.status }, input),
      closedNow,
    ),
  ];
  if (order.blockId !== null && order.roomId !== null)
    statements.push(
      ...roomOutOfOrder.end(db, {
        blockId: order.blockId,
        roomId: order.roomId,
        today,
        now,
        actorId: actor.id,
        guard: closedNow,
      }),
    );
  const [closed] = await run(db, statements);
  if ((closed as unknown[]).length === 0) throw new ApiError(409, 'work_order_closed');
  return oneOrder(db, id);
}

/**
 * GET /api/admin/work-orders: the open and taken orders (every one: they do not grow with the
 * hotel's history), urgent first, then oldest; or one status, the closed ones newest first a page
 * at a time. `mine`: those the caller took; `roomId`: one room's.
 */
export async function listWorkOrders(db: Db, actor: SessionUser, q: ListQuery) {
  const filters: (SQL | undefined)[] = [
    q.status === 'active' ? inArray(workOrders.status, ['open', 'taken']) : eq(workOrders.status, q.status),
    q.mine ? eq(workOrders.takenBy, actor.id) : undefined,
    q.roomId !== undefined ? eq(workOrders.roomId, q.roomId) : undefined,
  ];
  const closed = q.status === 'closed';
  if (closed && q.before !== undefined) filters.push(lt(workOrders.id, q.before));
  const list = ordersQuery(db, and(...filters))
    .orderBy(...(closed ? [desc(workOrders.id)] : [PRIORITY_RANK, asc(workOrders.id)]))
    .limit(closed ? WORK_ORDER_RULES.closedPage : 500);
  const [rows, rooms] = await db.batch([list, roomsInServiceQuery(db)]);
  const orders = rows.map((r) => view(r, rooms));
  return {
    today: hotelToday(),
    orders,
    rooms: rooms.map((r) => ({ id: r.id, number: r.number, floor: r.floor })),
    nextBefore: closed && orders.length === WORK_ORDER_RULES.closedPage ? orders.at(-1)!.id : null,
  };
}

/** GET /api/admin/work-orders/rooms/:id: a room's work orders, newest first, a page at a time. */
export async function roomHistory(db: Db, roomId: number, before: number | undefined) {
  const [rows, rooms] = await db.batch([
    ordersQuery(
      db,
      and(eq(workOrders.roomId, roomId), before === undefined ? undefined : lt(workOrders.id, before)),
    )
      .orderBy(desc(workOrders.id))
      .limit(WORK_ORDER_RULES.historyPage),
    roomsInServiceQuery(db),
  ]);
  const orders = rows.map((r) => view(r, rooms));
  return { orders, nextBefore: orders.length === WORK_ORDER_RULES.historyPage ? orders.at(-1)!.id : null };
}

/**
 * Whether the room (an SQL expression of its id) is out of service now: an order not closed says
 * so. Along the partial index of those orders (a handful of rows).
 */
export function outOfServiceRoomSql(roomId: SQL): SQL {
  return sql`exists (select 1 from work_orders wo where wo.room_id = ${roomId}
    and wo.status <> 'closed' and wo.room_state = 'out_of_service')`;
}

/** The rooms out of service now (ids), for a caller's batch. */
export function outOfServiceRoomsQuery(db: Db) {
  return db
    .selectDistinct({ roomId: workOrders.roomId })
    .from(workOrders)
    .where(and(sql`${workOrders.status} <> 'closed'`, eq(workOrders.roomState, 'out_of_service')));
}
