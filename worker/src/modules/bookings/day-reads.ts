import { and, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { MAX_STAY_NIGHTS, type BookingStatus } from '@shared/constants';
import { addDays } from '@shared/dates';
import { folioBalanceSql } from './booking-reads';
import { recordNoShow } from './booking-status';
import { roomFieldSql } from '../inventory';
import { bookingSubmissions } from './tables';
import type { Db } from '../../platform/env';

/**
 * A business date's bookings, for the day close (modules/day-close): who was due and never came,
 * who is in house that night, and the guard that a booking is still not checked in.
 */

/**
 * The bookings of `statuses` due to arrive on `date` and not checked in (whole rows).
 *
 * @example const arrivals = await unarrivedOnQuery(db, '2027-03-14', ['approved', 'confirmed']);
 */
export function unarrivedOnQuery(db: Db, date: string, statuses: BookingStatus[]) {
  return db
    .select()
    .from(bookingSubmissions)
    .where(
      and(
        eq(bookingSubmissions.checkInDate, date),
        inArray(bookingSubmissions.status, statuses),
        isNull(bookingSubmissions.checkedInAt),
      ),
    );
}

/**
 * The stays of `statuses` in house the night of `date` (checked in, not out, the night within
 * their stay), along the check-in date's index (a stay is at most MAX_STAY_NIGHTS long).
 *
 * @example const stays = await inHouseOnNightQuery(db, '2027-03-14', ['approved', 'confirmed']);
 */
export function inHouseOnNightQuery(db: Db, date: string, statuses: BookingStatus[]) {
  return db
    .select()
    .from(bookingSubmissions)
    .where(
      and(
        gte(bookingSubmissions.checkInDate, addDays(date, -MAX_STAY_NIGHTS)),
        lte(bookingSubmissions.checkInDate, date),
        sql`${bookingSubmissions.checkOutDate} > ${date}`,
        inArray(sql`+${bookingSubmissions.status}`, statuses),
        isNotNull(bookingSubmissions.checkedInAt),
        isNull(bookingSubmissions.checkedOutAt),
      ),
    );
}

/** A stay in house as an outlet sees it (modules/outlets): its room, guest, balance and flag. */
export type InHouseRoom = {
  bookingId: number;
  roomNumber: string;
  fullName: string;
  balanceBaisa: number;
  /** The guest's profile is flagged by the hotel (do not rent): no charges to the room. */
  flagged: boolean;
};

/**
 * The stays in house on `today` with a numbered room (checked in, not out), along the check-in
 * date's index (a stay is at most MAX_STAY_NIGHTS long): the rooms in house, never the history.
 * `bookingId` narrows it to one stay, `roomNumber` to one room.
 *
 * @example const rooms = await inHouseRoomsQuery(db, '2027-03-14');
 */
export async function inHouseRoomsQuery(
  db: Db,
  today: string,
  only: { bookingId?: number; roomNumber?: string } = {},
): Promise<InHouseRoom[]> {
  // The stay's room number, the inventory's, by its primary key (a stay without one is not listed).
  const roomNumber = roomFieldSql('number', sql`b.room_id`);
  const rows = await db.all<Omit<InHouseRoom, 'flagged'> & { flagged: number }>(sql`
    select b.id as bookingId, ${roomNumber} as roomNumber, b.full_name as fullName,
      b.folio_balance_baisa as balanceBaisa, coalesce(p.do_not_rent, 0) as flagged
    from booking_submissions b
    left join guest_profiles p on p.id = b.profile_id
    where b.check_in_date >= ${addDays(today, -MAX_STAY_NIGHTS)} and b.check_in_date <= ${today}
      and +b.status in ('approved', 'confirmed') and b.checked_in_at is not null and b.checked_out_at is null
      and ${roomNumber} ${only.roomNumber === undefined ? sql`is not null` : sql`= ${only.roomNumber}`}
      ${only.bookingId === undefined ? sql`` : sql`and b.id = ${only.bookingId}`}
    order by roomNumber`);
  return rows.map((r) => ({ ...r, flagged: Number(r.flagged) === 1 }));
}

/**
 * The guard, for a statement of the caller's batch, that booking `bookingId` is in house when the
 * batch reaches it (checked in, not out, open) and its guest is not flagged.
 *
 * @example statements.push(insertWhere(db, checks, values, inHouseUnflaggedSql(7)));
 */
export function inHouseUnflaggedSql(bookingId: number): SQL {
  return sql`exists (select 1 from booking_submissions b left join guest_profiles p on p.id = b.profile_id
    where b.id = ${bookingId} and b.status in ('approved', 'confirmed') and b.checked_in_at is not null
      and b.checked_out_at is null and coalesce(p.do_not_rent, 0) = 0)`;
}

/**
 * The stays in house as the outlets read and guard them (modules/outlets), behind one name: a
 * check charged to a room goes in only while its stay is in house, unflagged and within the room's
 * credit (`folioBalanceSql`, the balance the database keeps on the booking).
 */
export const inHouseRooms = {
  query: inHouseRoomsQuery,
  unflaggedSql: inHouseUnflaggedSql,
  folioBalanceSql,
} as const;

/**
 * A business date's arrivals and stays in house, as one object (bookings' door's one name): what
 * the day close reads and guards (modules/day-close: the night's stays, the arrivals still to
 * come, each recorded as a no-show) and the conversations' inbox reads of the same day (who is in house,
 * who arrives).
 *
 * @example
 * for (const booking of await dayStays.unarrivedOnQuery(db, date, ['approved', 'confirmed']))
 *   await dayStays.recordNoShow(db, booking, null);
 */
export const dayStays = { inHouseOnNightQuery, unarrivedOnQuery, recordNoShow } as const;
