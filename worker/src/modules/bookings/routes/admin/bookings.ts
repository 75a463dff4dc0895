import { Hono } from 'hono';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { bookingsCsv } from '../../bookings-csv';
import { csvResponse } from '../../../../platform/csv-response';

/** GET /api/admin/bookings.csv (staff): every booking as CSV (modules/bookings/bookings-csv.ts bookingsCsv). */
export const bookingsCsvRoutes = new Hono<AppEnv>().get('/', requireRole('staff'), async (c) => {
  const { body, filename } = await bookingsCsv(c.get('db'));
  return csvResponse(body, filename);
});
