import { Hono } from 'hono';
import { z } from '@shared/zod';
import { queryCount } from '@shared/date-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { auditLogCsv, recentAuditEntries } from '../../../../platform/audit';
import { csvResponse } from '../../../../platform/csv-response';

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
