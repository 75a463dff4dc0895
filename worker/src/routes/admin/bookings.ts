import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { requireRole } from '../../http/auth';
import { bookingsCsv } from '../../lib/bookings';
import { csvResponse } from '../../http/csv';

/** GET /api/admin/bookings.csv (staff): every booking as CSV (lib/bookings.ts bookingsCsv). */
export const bookingsCsvRoutes = new Hono<AppEnv>().get('/', requireRole('staff'), async (c) => {
  const { body, filename } = await bookingsCsv(c.get('db'));
  return csvResponse(body, filename);
});
