import { and, eq, gte, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { MAX_STAY_NIGHTS, type BookingStatus } from '@shared/constants';
import { addDays } from '@shared/dates';
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
 * The guard "not checked in" for a status change (`changeBookingStatus`'s `where`): a booking
 * checked in meanwhile is left as it is.
 *
 * @example await changeBookingStatus(db, booking, 'cancelled', actor, reason, { where: notCheckedInSql() });
 */
export function notCheckedInSql(): SQL {
  return isNull(bookingSubmissions.checkedInAt)!;
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
