import { Hono } from 'hono';
import { z } from 'zod';
import { queryCount } from '../../../../shared/src/date-schemas';
import type { AppEnv } from '../../env';
import { requireRole } from '../../http/auth';
import { validate } from '../../http/validation';
import { auditLogCsv, recentAuditEntries } from '../../lib/audit';
import { csvResponse } from '../../http/csv';

/** GET /api/admin/audit-log (admins): the newest entries of the audit log. */
export const auditLogRoutes = new Hono<AppEnv>().get(
  '/',
  requireRole('admin'),
  validate('query', z.object({ limit: queryCount(1000).optional() })),
  async (c) => {
    const entries = await recentAuditEntries(c.get('db'), c.req.valid('query').limit ?? 200);
    c.header('Cache-Control', 'no-store');
    return c.json({ entries });
  },
);

/** GET /api/admin/audit-log.csv (admins): the whole audit log as CSV. */
export const auditLogCsvRoutes = new Hono<AppEnv>().get('/', requireRole('admin'), async (c) => {
  const { body, filename } = await auditLogCsv(c.get('db'));
  return csvResponse(body, filename);
});
