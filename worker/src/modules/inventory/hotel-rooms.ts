import { and, asc, eq, gt, gte, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import type { RoomStatus } from '@shared/constants';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { addDays, hotelToday, stayNights } from '@shared/dates';
import type { z } from 'zod';
import { FRONT_DESK_RULES, type roomCreateSchema, type roomUpdateSchema } from '@shared/front-desk-schemas';
import { hotelRooms, roomBlocks, roomNights } from './tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { hasRole } from '../../platform/roles';
import { ApiError } from '../../platform/api-error';
import { roomTypeFieldSql, roomTypeQuery } from '../catalog';
import { roomAvailability } from './availability';

/**
 * The hotel's numbered rooms (migration 0035, decision 047): admins add,
 * renumber, move and retire rooms; staff set a room's housekeeping status and put it out of order
 * for some nights. An out-of-order period is a `room_blocks` row and one `room_nights` row per
 * night, written in one batch with the room's status and the audit line: the block nights count
 * against the type's allotment in the database's trigger, which refuses them when the bookings
 * already held use every room of the type (409 out_of_order_below_held), and the unique
 * (room, night) index refuses a night the room is already taken (409 room_taken).
 */

export type RoomBlockView = { id: number; from: string; to: string; reason: string };

export type AdminRoom = {
  id: number;
  /** As the hotel writes it ("204"); people see it through shared/src/room-number.ts. */
  number: string;
  roomType: RoomTypeCode;
  floor: number;
  status: RoomStatus;
  notes: string | null;
  statusChangedAt: number | null;
  /** The room's out-of-order periods that have not ended (tonight's first), `to` exclusive. */
  outOfOrder: RoomBlockView[];
};

type UpdateBody = z.output<typeof roomUpdateSchema>;
type CreateBody = z.output<typeof roomCreateSchema>;

/** The rooms' types in the catalogue's order (its `sort_order`), a type since removed last. */
const TYPE_ORDER = sql`coalesce(${roomTypeFieldSql('sortOrder', sql`hotel_rooms.room_type`)}, 1e9)`;

/** A body's or query's room type that is not one of the hotel's: 400, as a malformed one is. */
const unknownRoomType = () => new ApiError(400, 'validation_failed', { roomType: 'invalid_room_type' });

/** The active rooms (one room with `id`), in the hotel's order: type, floor, then number. */
async function readRooms(db: Db, today: string, id?: number): Promise<AdminRoom[]> {
  const active =
    id === undefined
      ? isNull(hotelRooms.retiredAt)
      : and(isNull(hotelRooms.retiredAt), eq(hotelRooms.id, id));
  const [rooms, blocks] = await db.batch([
    db
      .select()
      .from(hotelRooms)
      .where(active)
      .orderBy(
        TYPE_ORDER,
        asc(hotelRooms.roomType),
        asc(hotelRooms.floor),
        sql`length(${hotelRooms.number})`,
        asc(hotelRooms.number),
      ),
    db
      .select({
        id: roomBlocks.id,
        roomId: roomBlocks.roomId,
        from: roomBlocks.fromDate,
        to: roomBlocks.toDate,
        reason: roomBlocks.reason,
      })
      .from(roomBlocks)
      .where(and(gt(roomBlocks.toDate, today), id === undefined ? undefined : eq(roomBlocks.roomId, id)))
      .orderBy(asc(roomBlocks.fromDate)),
  ]);
  const byRoom = new Map<number, RoomBlockView[]>();
  for (const { roomId, ...block } of blocks) {
    const list = byRoom.get(roomId) ?? [];
    list.push(block);
    byRoom.set(roomId, list);
  }
  return rooms.map((r) => ({
    id: r.id,
    number: r.number,
    roomType: r.roomType,
    floor: r.floor,
    status: r.status,
    notes: r.notes,
    statusChangedAt: r.statusChangedAt?.getTime() ?? null,
    outOfOrder: byRoom.get(r.id) ?? [],
  }));
}

/** GET /api/admin/rooms: every active room with its current and future out-of-order periods. */
export async function listRooms(db: Db, now = new Date()) {
  const today = hotelToday(now);
  return { today, rooms: await readRooms(db, today) };
}

async function oneRoom(db: Db, id: number, today: string): Promise<AdminRoom> {
  const [room] = await readRooms(db, today, id);
  if (!room) throw new ApiError(404, 'room_not_found');
  return room;
}

/** What a refusal of the database means for a rooms write (null: not one of ours). */
export function roomRefusal(err: unknown): ApiError | null {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  if (text.includes('out_of_order_below_held')) return new ApiError(409, 'out_of_order_below_held');
  if (text.includes('hotel_rooms.number')) return new ApiError(409, 'room_number_taken');
  if (text.includes('room_nights.room_id, room_nights.night')) return new ApiError(409, 'room_taken');
  return null;
}

async function run(db: Db, statements: BatchItem<'sqlite'>[]) {
  try {
    return await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (err) {
    throw roomRefusal(err) ?? err;
  }
}

/**
 * POST /api/admin/rooms (admin): a new room of one of the hotel's room types (400
 * invalid_room_type otherwise); its number free among the active rooms (409).
 */
export async function createRoom(db: Db, actor: SessionUser, input: CreateBody, now = new Date()) {
  const [type] = await roomTypeQuery(db, input.roomType);
  if (!type) throw unknownRoomType();
  await run(db, [
    db.insert(hotelRooms).values({
      number: input.number,
      roomType: input.roomType,
      floor: input.floor,
      notes: input.notes || null,
    }),
    insertWhere(
      db,
      auditLog,
      {
        ...auditEntry(actor, 'room.create', 'hotel_room', null, null, input),
        entityId: sql`cast(made.id as text)`,
      },
      sql`made.number = ${input.number} and made.retired_at is null`,
      sql`${hotelRooms} as made`,
    ),
  ]);
  const created = await db
    .select({ id: hotelRooms.id })
    .from(hotelRooms)
    .where(and(eq(hotelRooms.number, input.number), isNull(hotelRooms.retiredAt)))
    .get();
  return oneRoom(db, created!.id, hotelToday(now));
}

/** The fields only an admin may change (staff may set the status and out-of-order periods). */
const ADMIN_FIELDS = ['number', 'floor', 'notes', 'retired'] as const;

/** The statements ending an out-of-order period from `today` on (the past nights stay, as history). */
function endBlock(db: Db, block: RoomBlockView, today: string): BatchItem<'sqlite'>[] {
  const statements: BatchItem<'sqlite'>[] = [
    db.delete(roomNights).where(and(eq(roomNights.blockId, block.id), sql`${roomNights.night} >= ${today}`)),
  ];
  statements.push(
    block.from >= today
      ? db.delete(roomBlocks).where(eq(roomBlocks.id, block.id))
      : db
          .update(roomBlocks)
          .set({ toDate: today, updatedAt: new Date() })
          .where(eq(roomBlocks.id, block.id)),
  );
  return statements;
}

/**
 * PUT /api/admin/rooms/:id: any of renumber, floor, notes, retire (admin), a housekeeping status,
 * an out-of-order period or the end of one (staff). One batch: the audit line, the room's row,
 * the period and its nights. Answers the room as the list shows it.
 */
export async function updateRoom(
  db: Db,
  actor: SessionUser,
  id: number,
  input: UpdateBody,
  now = new Date(),
) {
  const today = hotelToday(now);
  if (ADMIN_FIELDS.some((f) => input[f] !== undefined) && !hasRole(actor, 'admin'))
    throw new ApiError(403, 'forbidden');
  // A housekeeper sets a room clean, dirty or inspected, and nothing else: out-of-order periods
  // change what the hotel can sell, and are the desk's.
  const housekeeperOnly = !hasRole(actor, 'staff');
  if (
    housekeeperOnly &&
    (Object.entries(input).some(([field, value]) => field !== 'status' && value !== undefined) ||
      input.status === undefined ||
      input.status === 'out_of_order')
  )
    throw new ApiError(403, 'forbidden');
  const room = await oneRoom(db, id, today);
  if (housekeeperOnly && room.outOfOrder.some((b) => b.from <= today && today < b.to))
    throw new ApiError(409, 'room_out_of_order');
  if (input.retired) return retireRoom(db, actor, room, today, now);
  const statements: BatchItem<'sqlite'>[] = [
    db.insert(auditLog).values(auditEntry(actor, 'room.update', 'hotel_room', id, room, input)),
  ];
  const activeRoom = and(eq(hotelRooms.id, id), isNull(hotelRooms.retiredAt));
  const set: Partial<typeof hotelRooms.$inferInsert> = {};
  if (input.number !== undefined) set.number = input.number;
  if (input.floor !== undefined) set.floor = input.floor;
  if (input.notes !== undefined) set.notes = input.notes || null;
  const stamp = { statusChangedAt: now, statusChangedBy: actor.id };

  // The period the room is out of order now, if any (ended by `clean`, `dirty`, `inspected`).
  const current = room.outOfOrder.find((b) => b.from <= today && today < b.to);
  const ended = new Set<number>();
  if (input.endOutOfOrder !== undefined) {
    const block = room.outOfOrder.find((b) => b.id === input.endOutOfOrder);
    if (!block) throw new ApiError(404, 'out_of_order_not_found');
    statements.push(...endBlock(db, block, today));
    ended.add(block.id);
    // Back from out of order tonight: to be cleaned, unless the request says otherwise.
    if (block === current && input.status === undefined && room.status === 'out_of_order')
      Object.assign(set, { status: 'dirty' as const, ...stamp });
  }
  if (input.status !== undefined && input.status !== 'out_of_order') {
    Object.assign(set, { status: input.status, ...stamp });
    if (current && !ended.has(current.id)) {
      statements.push(...endBlock(db, current, today));
      ended.add(current.id);
    }
  }

  // A new out-of-order period: the dates given, or tonight alone for `status: out_of_order`.
  let period: { from: string; to: string } | null = null;
  if (input.outOfOrderFrom !== undefined && input.outOfOrderTo !== undefined)
    period = { from: input.outOfOrderFrom, to: input.outOfOrderTo };
  else if (input.status === 'out_of_order') period = { from: today, to: addDays(today, 1) };
  if (period) {
    if (period.from < today)
      throw new ApiError(400, 'validation_failed', { outOfOrderFrom: 'availability_from_past' });
    const nights = stayNights(period.from, period.to);
    if (nights.length > FRONT_DESK_RULES.outOfOrderMaxNights)
      throw new ApiError(400, 'validation_failed', { outOfOrderTo: 'out_of_order_too_long' });
    statements.push(
      db.insert(roomBlocks).values({
        roomId: id,
        fromDate: period.from,
        toDate: period.to,
        reason: input.reason ?? '',
        createdBy: actor.id,
      }),
      // Every night in one statement; the batch holds the write lock, so the newest block of
      // the room is the one just inserted.
      insertWhere(
        db,
        roomNights,
        {
          roomId: id,
          night: sql`nights.value`,
          roomType: room.roomType,
          blockId: sql`(select max(id) from ${roomBlocks} where room_id = ${id})`,
        },
        sql`1`,
        sql`json_each(${JSON.stringify(nights)}) as nights`,
      ),
    );
    if (period.from <= today && today < period.to)
      Object.assign(set, { status: 'out_of_order' as const, ...stamp });
  }

  if (statements.length === 1 && Object.keys(set).length === 0) throw new ApiError(400, 'validation_failed');
  if (Object.keys(set).length > 0)
    statements.push(
      db
        .update(hotelRooms)
        .set({ ...set, updatedAt: now })
        .where(activeRoom),
    );
  await run(db, statements);
  return oneRoom(db, id, today);
}

/**
 * A room retired (admin): refused while a stay is assigned to it from tonight on (409
 * room_has_stays); its out-of-order periods end today; its number is free again. The first
 * statement is the change only one request can make; the others follow only if it was made
 * (docs/decisions/009-atomic-state-changes.md).
 */
async function retireRoom(db: Db, actor: SessionUser, room: AdminRoom, today: string, now: Date) {
  const id = room.id;
  const retiredNow = sql`exists (select 1 from hotel_rooms hr where hr.id = ${id} and hr.retired_at = ${now.getTime()})`;
  const [retired] = await run(db, [
    db
      .update(hotelRooms)
      .set({ retiredAt: now, updatedAt: now })
      .where(
        and(
          eq(hotelRooms.id, id),
          isNull(hotelRooms.retiredAt),
          sql`not exists (select 1 from room_nights rn where rn.room_id = ${id}
            and rn.booking_id is not null and rn.night >= ${today})`,
        ),
      )
      .returning({ id: hotelRooms.id }),
    insertWhere(
      db,
      auditLog,
      auditEntry(actor, 'room.retire', 'hotel_room', id, room, { retired: true }),
      retiredNow,
    ),
    db
      .delete(roomNights)
      .where(
        and(
          eq(roomNights.roomId, id),
          isNotNull(roomNights.blockId),
          gte(roomNights.night, today),
          retiredNow,
        ),
      ),
    db.delete(roomBlocks).where(and(eq(roomBlocks.roomId, id), gte(roomBlocks.fromDate, today), retiredNow)),
    db
      .update(roomBlocks)
      .set({ toDate: today, updatedAt: now })
      .where(and(eq(roomBlocks.roomId, id), gt(roomBlocks.toDate, today), retiredNow)),
  ]);
  if ((retired as unknown[]).length === 0) {
    const gone = await db
      .select({ id: hotelRooms.id })
      .from(hotelRooms)
      .where(and(eq(hotelRooms.id, id), isNull(hotelRooms.retiredAt)))
      .get();
    throw gone ? new ApiError(409, 'room_has_stays') : new ApiError(404, 'room_not_found');
  }
  return { ...room, outOfOrder: [], retired: true as const };
}

/** The active rooms of `roomType`, each taken on some night of [from, to) or not (by a stay or a period out of order), by floor and number. */
function roomsOfTypeQuery(db: Db, roomType: RoomTypeCode, w: { from: string; to: string }) {
  return db.all<{ id: number; number: string; floor: number; taken: number }>(sql`
    select hr.id, hr.number, hr.floor,
      exists (select 1 from room_nights rn where rn.room_id = hr.id and rn.night >= ${w.from} and rn.night < ${w.to}) as taken
    from hotel_rooms hr
    where hr.room_type = ${roomType} and hr.retired_at is null
    order by hr.floor, length(hr.number), hr.number`);
}

/** One numbered room of the guest's room list: free for the whole window or not. */
export type ListedRoom = { id: number; number: string; floor: number; available: boolean };

/**
 * GET /api/room-list (guests; spec "Room lists per type"): the active rooms of a type, and
 * `availableCount`, the type's rooms still sellable for the window: the same figure as the room
 * card's "rooms left" (availability.ts: the allotment less every night's holds
 * and rooms out of order, on the busiest night), so the two never disagree. A room is available
 * when no stay or out-of-order period takes it on any night of [from, to) and the type still has
 * a room to sell (unassigned bookings hold the type's count without a room of their own, so
 * more rooms may be free than can be sold: the list then says how many of them can be booked).
 */
export async function numberedRoomList(db: Db, roomType: RoomTypeCode, w: { from: string; to: string }) {
  const [rows, sellable] = await Promise.all([roomsOfTypeQuery(db, roomType, w), roomAvailability(db, w)]);
  // No room: perhaps a code the hotel has no type of, refused as a malformed one is.
  if (rows.length === 0 && (await roomTypeQuery(db, roomType)).length === 0) throw unknownRoomType();
  const availableCount = Math.max(0, sellable.find((r) => r.roomType === roomType)?.availableCount ?? 0);
  const rooms = rows.map((r): ListedRoom => ({
    id: r.id,
    number: r.number,
    floor: r.floor,
    available: !r.taken && availableCount > 0,
  }));
  // Never more than the rooms free: a room taken by a stay is not for sale, whatever the count.
  return { availableCount: Math.min(availableCount, rooms.filter((r) => r.available).length), rooms };
}

/** A numbered room a guest asks for: active and of the booking's type (400 invalid_room otherwise). */
export async function checkNumberedRoom(db: Db, roomId: number, roomType: RoomTypeCode) {
  const room = await db
    .select({ id: hotelRooms.id })
    .from(hotelRooms)
    .where(and(eq(hotelRooms.id, roomId), isNull(hotelRooms.retiredAt), eq(hotelRooms.roomType, roomType)))
    .get();
  if (!room) throw new ApiError(400, 'validation_failed', { roomId: 'invalid_room' });
}

/**
 * The statement, inside a new booking's batch, that gives it the numbered room it asked for: the
 * room's nights for the stay, owned by `bookingId` (the new booking's id as SQL), only while the
 * room is active and of the stay's type (the unique room-night index refuses a night already
 * taken, and with it the whole booking: 409 numbered_room_taken).
 *
 * @example numberedRoomNightsStatement(db, bookingIdOf(reference), { roomId: 3, roomType: 'family', checkInDate, checkOutDate })
 */
export function numberedRoomNightsStatement(
  db: Db,
  bookingId: SQL,
  stay: { roomId: number; roomType: RoomTypeCode; checkInDate: string; checkOutDate: string },
) {
  const nights = JSON.stringify(stayNights(stay.checkInDate, stay.checkOutDate));
  return insertWhere(
    db,
    roomNights,
    { roomId: sql`hr.id`, night: sql`nights.value`, roomType: stay.roomType, bookingId },
    sql`hr.id = ${stay.roomId} and hr.retired_at is null and hr.room_type = ${stay.roomType}`,
    sql`hotel_rooms hr, json_each(${nights}) as nights`,
  );
}

/** The number of room `roomId` (a booking's, for its guest's page); null for none. */
export async function roomNumberOf(db: Db, roomId: number | null): Promise<string | null> {
  if (roomId === null) return null;
  const room = await db
    .select({ number: hotelRooms.number })
    .from(hotelRooms)

    .where(eq(hotelRooms.id, roomId))
    .get();
  return room?.number ?? null;
}

/**
 * The rooms a check-in may take for `stay`, at most `limit`: the stay's own room whatever its
 * state, and the rooms of its type in service, clean or inspected, free on every night of the stay
 * (room nights along the room-and-night index, the stay's nights only); by floor and number (a
 * query for the desk's batch).
 *
 * @example const [rooms] = await db.batch([checkInRoomsQuery(db, booking, 60)]);
 */
export function checkInRoomsQuery(
  db: Db,
  stay: { id: number; roomId: number | null; roomType: string; checkInDate: string; checkOutDate: string },
  limit: number,
) {
  return db
    .select({ id: hotelRooms.id, number: hotelRooms.number, status: hotelRooms.status })
    .from(hotelRooms)
    .where(
      or(
        // The stay's own room, whatever its state.
        eq(hotelRooms.id, stay.roomId ?? 0),
        and(
          eq(hotelRooms.roomType, stay.roomType),
          isNull(hotelRooms.retiredAt),
          sql`${hotelRooms.status} in ('clean', 'inspected')`,
          sql`not exists (select 1 from room_nights rn where rn.room_id = ${hotelRooms.id}
            and rn.night >= ${stay.checkInDate} and rn.night < ${stay.checkOutDate}
            and coalesce(rn.booking_id, 0) <> ${stay.id})`,
        ),
      ),
    )
    .orderBy(hotelRooms.floor, sql`length(${hotelRooms.number})`, hotelRooms.number)
    .limit(limit);
}
