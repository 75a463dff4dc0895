import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/env';

/**
 * What modules/revenue asks of bookings (docs/decisions/094), as one object: every booking's
 * dates as the forecast's curves rebuild the hotel's own books before its first stored close (when
 * it was made, when it was cancelled, its nights and room type, whether it stayed). Read once, in
 * the background, when the curves are first made: never by a request.
 *
 * @example const stays = await revenueBookings.bookingDatesQuery(db);
 */
function bookingDatesQuery(db: Db) {
  return db.all<{
    createdAt: number;
    updatedAt: number;
    status: string;
    checkIn: string;
    checkOut: string;
    roomType: string;
    checkedIn: number;
  }>(
    sql`select created_at as createdAt, updated_at as updatedAt, status, check_in_date as checkIn,
        check_out_date as checkOut, room_type as roomType, (checked_in_at is not null) as checkedIn
      from booking_submissions where status <> 'pending'`,
  );
}

export const revenueBookings = { bookingDatesQuery } as const;
