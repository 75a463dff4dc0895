import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { queryCount } from '../../../../shared/src/date-schemas';
import { hotelToday } from '../../../../shared/src/dates';
import { bookingSubmissions } from '../../db/schema/inventory';
import { auditLog } from '../../db/schema/operations';
import type { AppEnv } from '../../env';
import { requireRole } from '../../http/auth';
import { csvResponse, toCsv } from '../../lib/csv';
import { validate } from '../../http/validation';
import { BOOKING_COLUMNS, listedBooking } from '../../lib/bookings';

/** Staff: bookings as CSV. Admin: the audit log, as JSON and CSV. */
export const exportsRoutes = new Hono<AppEnv>()
  .get('/bookings.csv', requireRole('staff'), async (c) => {
    const rows = await c.get('db').select().from(bookingSubmissions).orderBy(desc(bookingSubmissions.id));
    return csvResponse(
      toCsv(
        [...BOOKING_COLUMNS],
        rows.map((row) => listedBooking(row, 0)),
      ),
      `bookings-${hotelToday()}.csv`,
    );
  })
  .get(
    '/audit-log',
    requireRole('admin'),
    validate('query', z.object({ limit: queryCount(1000).optional() })),
    async (c) => {
      const entries = await c
        .get('db')
        .select()
        .from(auditLog)
        .orderBy(desc(auditLog.id))
        .limit(c.req.valid('query').limit ?? 200);
      c.header('Cache-Control', 'no-store');
      return c.json({ entries });
    },
  )
  .get('/audit-log.csv', requireRole('admin'), async (c) => {
    const entries = await c.get('db').select().from(auditLog).orderBy(desc(auditLog.id));
    const columns = [
      'id',
      'createdAt',
      'actorEmail',
      'action',
      'entityType',
      'entityId',
      'before',
      'after',
    ] as const;
    return csvResponse(toCsv([...columns], entries), `audit-log-${hotelToday()}.csv`);
  });
