import { desc } from 'drizzle-orm';
import { formatBookingReference } from '@shared/booking-reference';
import { hotelToday } from '@shared/dates';
import { bookingSubmissions } from './tables';
import { toCsv } from '../../platform/csv';
import type { Db } from '../../platform/env';
import { BOOKING_COLUMNS, listedBooking } from './listed-booking';

/** Every booking as CSV (staff, GET /api/admin/bookings.csv), and its file name. */
export async function bookingsCsv(db: Db) {
  const rows = await db.select().from(bookingSubmissions).orderBy(desc(bookingSubmissions.id));
  return {
    body: toCsv(
      [...BOOKING_COLUMNS],
      // The reference as shown everywhere else ("K7M-Q4PX").
      rows.map((row) => ({ ...listedBooking(row, 0), reference: formatBookingReference(row.reference) })),
    ),
    filename: `bookings-${hotelToday()}.csv`,
  };
}
