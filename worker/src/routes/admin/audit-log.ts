import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { queryCount } from '../../../../shared/src/date-schemas';
import { hotelToday } from '../../../../shared/src/dates';
import { auditLog } from '../../db/schema/operations';
import type { AppEnv } from '../../env';
import { requireRole } from '../../http/auth';
import { csvResponse, toCsv } from '../../lib/csv';
import { validate } from '../../http/validation';

/** GET /api/admin/audit-log (admins): the newest entries of the audit log. */
export const auditLogRoutes = new Hono<AppEnv>().get(
  '/',
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
);

/** GET /api/admin/audit-log.csv (admins): the whole audit log as CSV. */
export const auditLogCsvRoutes = new Hono<AppEnv>().get('/', requireRole('admin'), async (c) => {
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
