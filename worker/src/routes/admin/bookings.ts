import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { hotelToday } from '../../../../shared/src/dates';
import { bookingSubmissions } from '../../db/schema/inventory';
import type { AppEnv } from '../../env';
import { requireRole } from '../../http/auth';
import { BOOKING_COLUMNS, listedBooking } from '../../lib/bookings';
import { csvResponse, toCsv } from '../../lib/csv';

/** GET /api/admin/bookings.csv (staff): every booking as CSV. */
export const bookingsCsvRoutes = new Hono<AppEnv>().get('/', requireRole('staff'), async (c) => {
  const rows = await c.get('db').select().from(bookingSubmissions).orderBy(desc(bookingSubmissions.id));
  return csvResponse(
    toCsv(
      [...BOOKING_COLUMNS],
      rows.map((row) => listedBooking(row, 0)),
    ),
    `bookings-${hotelToday()}.csv`,
  );
});
