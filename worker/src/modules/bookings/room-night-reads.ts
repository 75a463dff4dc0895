import { and, eq, gte, inArray, isNull, lt } from 'drizzle-orm';
import { bookingSubmissions, hotelRooms, roomBlocks, roomNights } from './tables';
import type { Db } from '../../platform/env';

/**
 * The numbered rooms and their held nights (room_nights), read for the front desk's room
 * suggestion and housekeeping board.
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
 * Every room night held on `nights`, with what holds it: a stay (its booking, checked in or out,
 * its late departure time) or a block out of order (its dates and reason). Along the night index.
 *
 * @example const [nights] = await db.batch([roomNightsWithStaysQuery(db, ['2027-03-13', '2027-03-14'])]);
 */
export function roomNightsWithStaysQuery(db: Db, nights: string[]) {
  return db
    .select({
      roomId: roomNights.roomId,
      night: roomNights.night,
      bookingId: roomNights.bookingId,
      blockFrom: roomBlocks.fromDate,
      blockTo: roomBlocks.toDate,
      reason: roomBlocks.reason,
      checkedOutAt: bookingSubmissions.checkedOutAt,
      checkedInAt: bookingSubmissions.checkedInAt,
      departureTime: bookingSubmissions.departureTime,
    })
    .from(roomNights)
    .leftJoin(roomBlocks, eq(roomBlocks.id, roomNights.blockId))
    .leftJoin(bookingSubmissions, eq(bookingSubmissions.id, roomNights.bookingId))
    .where(inArray(roomNights.night, nights));
}
