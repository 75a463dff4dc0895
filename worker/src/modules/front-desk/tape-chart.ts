import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { MAX_STAY_NIGHTS } from '@shared/constants';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { addDays, stayNights } from '@shared/dates';
import { groupBlockNights } from '../bookings/group-block-tables';
import { bookingSubmissions, hotelRooms, roomBlocks, roomNights } from '../bookings/tables';
import type { Db } from '../../platform/env';

/**
 * The tape chart: the hotel's rooms by type and number × `nights` nights
 * from `from`, the stays and out-of-order blocks on them, and the approved or confirmed bookings
 * of the window that have no room yet. One D1 round trip (a batch of three reads), each bounded
 * by the window: room nights along their night index, unassigned bookings along the check-in
 * index (no stay is longer than MAX_STAY_NIGHTS).
 */

const byNumber = new Intl.Collator('en', { numeric: true });

/** Rooms of the chart, by type (the catalogue's order, then code) then number ("2" before "10"). */
export function sortRooms<R extends { roomType: string; number: string; typeOrder: number }>(
  rooms: R[],
): R[] {
  return rooms.sort(
    (a, b) =>
      a.typeOrder - b.typeOrder ||
      (a.roomType < b.roomType ? -1 : a.roomType > b.roomType ? 1 : 0) ||
      byNumber.compare(a.number, b.number),
  );
}

/**
 * The rooms still in use (not retired), each with its type's place in the catalogue's order
 * (`typeOrder`: the room type's `sort_order`; a type since removed last), for `sortRooms`.
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
      typeOrder: sql<number>`coalesce((select r.sort_order from rooms r where r.room_type = hotel_rooms.room_type), 1e9)`,
    })
    .from(hotelRooms)
    .where(isNull(hotelRooms.retiredAt));
}

/** Every room night in [from, to) with its stay or block (along the night index). */
export function roomNightsQuery(db: Db, from: string, to: string) {
  return db
    .select({
      roomId: roomNights.roomId,
      night: roomNights.night,
      bookingId: roomNights.bookingId,
      blockId: roomNights.blockId,
      reference: bookingSubmissions.reference,
      guestName: bookingSubmissions.fullName,
      status: bookingSubmissions.status,
      roomType: bookingSubmissions.roomType,
      checkInDate: bookingSubmissions.checkInDate,
      checkOutDate: bookingSubmissions.checkOutDate,
      numberOfGuests: bookingSubmissions.numberOfGuests,
      checkedInAt: bookingSubmissions.checkedInAt,
      checkedOutAt: bookingSubmissions.checkedOutAt,
      reason: roomBlocks.reason,
      blockFrom: roomBlocks.fromDate,
      blockTo: roomBlocks.toDate,
    })
    .from(roomNights)
    .leftJoin(bookingSubmissions, eq(bookingSubmissions.id, roomNights.bookingId))
    .leftJoin(roomBlocks, eq(roomBlocks.id, roomNights.blockId))
    .where(and(gte(roomNights.night, from), lt(roomNights.night, to)))
    .orderBy(asc(roomNights.roomId), asc(roomNights.night));
}

/**
 * Approved or confirmed bookings staying at least one night in [from, to) that hold no room
 * night: read along the check-in index, from MAX_STAY_NIGHTS before the window.
 */
export function unassignedQuery(
  db: Db,
  from: string,
  to: string,
  checkInFrom = addDays(from, -MAX_STAY_NIGHTS),
) {
  return db
    .select({
      bookingId: bookingSubmissions.id,
      reference: bookingSubmissions.reference,
      guestName: bookingSubmissions.fullName,
      status: bookingSubmissions.status,
      roomType: bookingSubmissions.roomType,
      checkInDate: bookingSubmissions.checkInDate,
      checkOutDate: bookingSubmissions.checkOutDate,
      numberOfGuests: bookingSubmissions.numberOfGuests,
    })
    .from(bookingSubmissions)
    .where(
      and(
        gte(bookingSubmissions.checkInDate, checkInFrom),
        lt(bookingSubmissions.checkInDate, to),
        sql`${bookingSubmissions.checkOutDate} > ${from}`,
        inArray(sql`+${bookingSubmissions.status}`, ['approved', 'confirmed']),
        isNull(bookingSubmissions.checkedOutAt),
        sql`not exists (select 1 from ${roomNights} where ${roomNights.bookingId} = ${bookingSubmissions.id})`,
      ),
    )
    .orderBy(asc(bookingSubmissions.checkInDate), asc(bookingSubmissions.id));
}

export type TapeChartStay = {
  roomId: number;
  bookingId: number;
  reference: string;
  guestName: string;
  status: string;
  roomType: RoomTypeCode;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  /** The first and last night of the stay in this room inside the window. */
  firstNight: string;
  lastNight: string;
  checkedIn: boolean;
  checkedOut: boolean;
};

export type TapeChartBlock = {
  roomId: number;
  blockId: number;
  reason: string;
  /** The block's whole period (to exclusive) and its nights inside the window. */
  fromDate: string;
  toDate: string;
  firstNight: string;
  lastNight: string;
};

export async function tapeChart(db: Db, from: string, nights: number) {
  const to = addDays(from, nights);
  const [rooms, taken, unassigned, groupHolds] = await db.batch([
    activeRoomsQuery(db),
    roomNightsQuery(db, from, to),
    unassignedQuery(db, from, to),
    groupHoldsQuery(db, from, to),
  ]);
  const stays: TapeChartStay[] = [];
  const blocks: TapeChartBlock[] = [];
  // Rows come by room then night: a stay (or block) is a run of consecutive nights of one owner.
  let last: { roomId: number; key: string; night: string; item: TapeChartStay | TapeChartBlock } | undefined;
  for (const row of taken) {
    const key = row.bookingId !== null ? `b${row.bookingId}` : `k${row.blockId}`;
    if (last && last.roomId === row.roomId && last.key === key && addDays(last.night, 1) === row.night) {
      last.item.lastNight = row.night;
      last.night = row.night;
      continue;
    }
    let item: TapeChartStay | TapeChartBlock;
    if (row.bookingId !== null) {
      item = {
        roomId: row.roomId,
        bookingId: row.bookingId,
        reference: row.reference ?? '',
        guestName: row.guestName ?? '',
        status: row.status ?? 'approved',
        roomType: row.roomType ?? '',
        checkInDate: row.checkInDate ?? row.night,
        checkOutDate: row.checkOutDate ?? addDays(row.night, 1),
        numberOfGuests: row.numberOfGuests ?? 1,
        firstNight: row.night,
        lastNight: row.night,
        checkedIn: row.checkedInAt !== null,
        checkedOut: row.checkedOutAt !== null,
      };
      stays.push(item);
    } else {
      item = {
        roomId: row.roomId,
        blockId: row.blockId!,
        reason: row.reason ?? '',
        fromDate: row.blockFrom ?? row.night,
        toDate: row.blockTo ?? addDays(row.night, 1),
        firstNight: row.night,
        lastNight: row.night,
      };
      blocks.push(item);
    }
    last = { roomId: row.roomId, key, night: row.night, item };
  }
  return {
    from,
    nights,
    days: stayNights(from, to),
    rooms: sortRooms(rooms).map(({ typeOrder: _order, ...room }) => room),
    stays,
    blocks,
    unassigned,
    groupHolds,
  };
}

/**
 * The rooms group blocks hold of each type on the window's nights (out of general sale) and how
 * many their members took, along the holds' (room type, night) index.
 */
export function groupHoldsQuery(db: Db, from: string, to: string) {
  return db
    .select({
      groupId: groupBlockNights.groupId,
      roomType: groupBlockNights.roomType,
      night: groupBlockNights.night,
      held: groupBlockNights.held,
      pickedUp:
        sql<number>`(select count(*) from booking_nights bn where bn.group_id = ${groupBlockNights.groupId}
        and bn.room_type = ${groupBlockNights.roomType} and bn.night = ${groupBlockNights.night})`.mapWith(
          Number,
        ),
    })
    .from(groupBlockNights)
    .where(
      and(
        gte(groupBlockNights.night, from),
        lt(groupBlockNights.night, to),
        sql`${groupBlockNights.held} > 0`,
      ),
    )
    .orderBy(asc(groupBlockNights.roomType), asc(groupBlockNights.night));
}

export type TapeChart = Awaited<ReturnType<typeof tapeChart>>;
