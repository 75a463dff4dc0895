import { and, asc, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { MAX_STAY_NIGHTS } from '@shared/constants';
import { addDays } from '@shared/dates';
import { hotelInstant } from '@shared/stay-policy';
import { bookingSubmissions } from './tables';
import type { Db } from '../../platform/env';
import {
  activeRoomsQuery,
  heldRoomNightsQuery,
  holdsRoomNightSql,
  roomNightsWithHoldersQuery,
  stayIdsInRoomSql,
} from '../inventory';

/**
 * The rooms and their nights as the front desk's tape chart and room suggestion read them: the
 * rooms in use, the room nights of a window with their stays and blocks, the booked stays without
 * a room, and the group blocks' holds. Each read is bounded by the window (room nights along their
 * night index, unassigned bookings along the check-in index: no stay is longer than
 * MAX_STAY_NIGHTS), and each set is one batch's part.
 */

/** Every room night in [from, to) with its stay or block (along the night index). */
function roomNightsQuery(db: Db, from: string, to: string) {
  return roomNightsWithHoldersQuery(
    db,
    { from, to },
    {
      table: bookingSubmissions,
      id: bookingSubmissions.id,
      fields: {
        reference: bookingSubmissions.reference,
        guestName: bookingSubmissions.fullName,
        status: bookingSubmissions.status,
        roomType: bookingSubmissions.roomType,
        checkInDate: bookingSubmissions.checkInDate,
        checkOutDate: bookingSubmissions.checkOutDate,
        numberOfGuests: bookingSubmissions.numberOfGuests,
        checkedInAt: bookingSubmissions.checkedInAt,
        checkedOutAt: bookingSubmissions.checkedOutAt,
      },
    },
    true,
  );
}

/**
 * Every room night held on `nights`, with what holds it: a stay (its booking, checked in or out,
 * its late departure time) or a block out of order (its dates and reason). Along the night index.
 *
 * @example const [nights] = await db.batch([roomNightsWithStaysQuery(db, ['2027-03-13', '2027-03-14'])]);
 */
export function roomNightsWithStaysQuery(db: Db, nights: string[]) {
  return roomNightsWithHoldersQuery(db, nights, {
    table: bookingSubmissions,
    id: bookingSubmissions.id,
    fields: {
      checkedOutAt: bookingSubmissions.checkedOutAt,
      checkedInAt: bookingSubmissions.checkedInAt,
      departureTime: bookingSubmissions.departureTime,
    },
  });
}

/**
 * The stays assigned to room `roomId` on any night of [from, to) (at most 20, by arrival): whom a
 * period out of order or a found item names. With `departed`, also the stays checked out of the
 * room on a day of [from, to) (hotel time, along the check-out index): a stay checked in and out the
 * same evening holds no night any more (its check-out released it), yet a found item is its guest's.
 *
 * @example const stays = await roomStaysQuery(db, 3, from, to);
 */
export function roomStaysQuery(
  db: Db,
  roomId: number,
  from: string,
  to: string,
  { departed = false }: { departed?: boolean } = {},
) {
  const left = departed
    ? sql` or ${bookingSubmissions.id} in (select b.id from booking_submissions b
        indexed by booking_submissions_checked_out_at_idx
        where b.checked_out_at >= ${hotelInstant(from, '00:00').getTime()}
          and b.checked_out_at < ${hotelInstant(to, '00:00').getTime()} and b.room_id = ${roomId})`
    : sql``;
  return db
    .selectDistinct({
      id: bookingSubmissions.id,
      reference: bookingSubmissions.reference,
      fullName: bookingSubmissions.fullName,
      checkInDate: bookingSubmissions.checkInDate,
      checkOutDate: bookingSubmissions.checkOutDate,
    })
    .from(bookingSubmissions)
    .where(sql`${bookingSubmissions.id} in ${stayIdsInRoomSql(roomId, from, to)}${left}`)
    .orderBy(asc(bookingSubmissions.checkInDate))
    .limit(20);
}

/**
 * Approved or confirmed bookings staying at least one night in [from, to) that hold no room
 * night: read along the check-in index, from MAX_STAY_NIGHTS before the window.
 */
function unassignedQuery(db: Db, from: string, to: string, checkInFrom = addDays(from, -MAX_STAY_NIGHTS)) {
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
        sql`not ${holdsRoomNightSql(bookingSubmissions.id)}`,
      ),
    )
    .orderBy(asc(bookingSubmissions.checkInDate), asc(bookingSubmissions.id));
}

/**
 * The tape chart's reads of the window [from, to): the rooms in use, their nights with stays and
 * blocks, and the booked stays without a room (for one batch; the group blocks' holds are
 * modules/groups' `blockHoldsQuery`).
 *
 * @example const [rooms, taken, unassigned] = await db.batch(roomChartReads(db, from, to));
 */
export function roomChartReads(db: Db, from: string, to: string) {
  return [activeRoomsQuery(db), roomNightsQuery(db, from, to), unassignedQuery(db, from, to)] as const;
}

/**
 * The room suggestion's reads: the rooms in use, the room nights held on [date, nightsTo), and the
 * stays arriving on `date` or the day after without a room (for one batch).
 *
 * @example const [rooms, taken, arrivals] = await db.batch(roomSuggestionReads(db, date, addDays(date, 30)));
 */
export function roomSuggestionReads(db: Db, date: string, nightsTo: string) {
  return [
    activeRoomsQuery(db),
    heldRoomNightsQuery(db, date, nightsTo),
    unassignedQuery(db, date, addDays(date, 2), date),
  ] as const;
}
