import { Hono } from 'hono';
import { extrasReportQuerySchema } from '@shared/extras';
import { requireRole } from '../../../../platform/auth-middleware';
import { csvResponse } from '../../../../platform/csv-response';
import type { AppEnv } from '../../../../platform/env';
import { validate } from '../../../../platform/validation';
import { extrasReport, extrasReportCsv } from '../../report';

/**
 * GET /api/admin/reports/extras?from&to[&format=csv] (managers): the offers made (shown), bought,
 * declined and expired by offer and channel, their revenue and conversion (report.ts).
 */
export const extrasReportAdmin = new Hono<AppEnv>()
  .use(requireRole('manager'))
  .get('/', validate('query', extrasReportQuerySchema), async (c) => {
    const { from, to, format } = c.req.valid('query');
    const report = await extrasReport(c.get('db'), from, to);
    if (format === 'csv')
      return csvResponse(extrasReportCsv(report, c.get('language')), `extras-${from}-${to}.csv`);
    c.header('Cache-Control', 'private, no-store');
    return c.json(report);
  });
