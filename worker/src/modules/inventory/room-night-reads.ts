import { and, asc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields, SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { hotelRooms, roomBlocks, roomNights } from './tables';
import type { Db } from '../../platform/env';
import { roomTypeFieldSql } from '../catalog';

/**
 * The numbered rooms and their held nights (room_nights), read for the front desk's room
 * suggestion, tape chart and housekeeping board (modules/bookings joins the stays to them).
 */

/**
 * Every room night held on the nights [from, to): which room, which night.
 *
 * @example const [rooms, taken] = await db.batch([activeRoomsQuery(db), heldRoomNightsQuery(db, date, addDays(date, 30))]);
 */
export function heldRoomNightsQuery(db: Db, from: string, to: string) {
  return db
    .select({ roomId: roomNights.roomId, night: roomNights.night })
    .from(roomNights)
    .where(and(gte(roomNights.night, from), lt(roomNights.night, to)));
}

/**
 * The rooms in service (not retired): number, type, floor, housekeeping status, notes and when the
 * status was last set (a query for the desk's batch; a hotel has tens of rooms).
 *
 * @example const [rooms, nights] = await db.batch([roomsInServiceQuery(db), roomNightsWithStaysQuery(db, [date])]);
 */
export function roomsInServiceQuery(db: Db) {
  return db
    .select({
      id: hotelRooms.id,
      number: hotelRooms.number,
      roomType: hotelRooms.roomType,
      floor: hotelRooms.floor,
      status: hotelRooms.status,
      notes: hotelRooms.notes,
      statusChangedAt: hotelRooms.statusChangedAt,
    })
    .from(hotelRooms)
    .where(isNull(hotelRooms.retiredAt));
}

/**
 * The rooms still in use (not retired), each with its type's place in the catalogue's order
 * (`typeOrder`: the room type's `sort_order`; a type since removed last), for `sortRooms`.
 *
 * @example const [rooms] = await db.batch([activeRoomsQuery(db)]);
 */
export function activeRoomsQuery(db: Db) {
  return db
    .select({
      id: hotelRooms.id,
      number: hotelRooms.number,
      roomType: hotelRooms.roomType,
      floor: hotelRooms.floor,
      status: hotelRooms.status,
      // The outer row's column by its table's name: drizzle writes a one-table select's columns bare.
      typeOrder: sql<number>`coalesce(${roomTypeFieldSql('sortOrder', sql`hotel_rooms.room_type`)}, 1e9)`,
    })
    .from(hotelRooms)
    .where(isNull(hotelRooms.retiredAt));
}

/**
 * Every room night held on `nights` (the nights [from, to), or a list of nights), with what holds
 * it: a stay (the caller's `holder` table, joined on its id `holderId`, its `fields`) or a block
 * out of order (its dates and reason). Along the night index; `ordered` by room and night. The
 * stays are bookings', an upper module's: it names its table, the inventory names none.
 *
 * @example roomNightsWithHoldersQuery(db, { from, to }, { table: bookingSubmissions, id: bookingSubmissions.id, fields: { reference: bookingSubmissions.reference } }, true)
 */
export function roomNightsWithHoldersQuery<TTable extends SQLiteTable, T extends SelectedFields>(
  db: Db,
  nights: { from: string; to: string } | string[],
  holder: { table: TTable; id: SQLiteColumn; fields: T },
  ordered = false,
) {
  const onNights: SQL | undefined = Array.isArray(nights)
    ? inArray(roomNights.night, nights)
    : and(gte(roomNights.night, nights.from), lt(roomNights.night, nights.to));
  const query = db
    .select({
      roomId: roomNights.roomId,
      night: roomNights.night,
      bookingId: roomNights.bookingId,
      blockId: roomNights.blockId,
      ...holder.fields,
      reason: roomBlocks.reason,
      blockFrom: roomBlocks.fromDate,
      blockTo: roomBlocks.toDate,
    })
    .from(roomNights)
    .leftJoin(roomBlocks, eq(roomBlocks.id, roomNights.blockId))
    .leftJoin(holder.table, eq(holder.id, roomNights.bookingId))
    .where(onNights);
  return ordered ? query.orderBy(asc(roomNights.roomId), asc(roomNights.night)) : query;
}

/**
 * The stays (their ids) holding a night of room `roomId` in [from, to), as a subquery of the
 * caller's statement.
 *
 * @example sql`${bookingSubmissions.id} in ${stayIdsInRoomSql(3, from, to)}`
 */
export function stayIdsInRoomSql(roomId: number, from: string, to: string): SQL {
  return sql`(select ${roomNights.bookingId} from ${roomNights} where ${roomNights.roomId} = ${roomId}
    and ${roomNights.night} >= ${from} and ${roomNights.night} < ${to} and ${roomNights.bookingId} is not null)`;
}
