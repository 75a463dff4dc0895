import { Hono } from 'hono';
import { taxReportQuerySchema } from '@shared/day-close';
import { requireRole } from '../../../../platform/auth-middleware';
import { csvResponse } from '../../../../platform/csv-response';
import type { AppEnv } from '../../../../platform/env';
import { validate } from '../../../../platform/validation';
import { taxReport, taxReportCsv } from '../../tax-report';

/**
 * GET /api/admin/tax-report?from=YYYY-MM&to=YYYY-MM (managers): each tax's base and amount by month.
 *
 * @example
 * api.route('/admin/tax-report', taxReportAdmin); // the entry mounts it
 */
export const taxReportAdmin = new Hono<AppEnv>().get(
  '/',
  requireRole('manager'),
  validate('query', taxReportQuerySchema),
  async (c) => {
    const { from, to } = c.req.valid('query');
    return c.json(await taxReport(c.get('db'), from, to));
  },
);

/**
 * GET /api/admin/tax-report.csv?from&to (managers): the same as CSV.
 *
 * @example
 * api.route('/admin/tax-report.csv', taxReportCsvRoutes); // the entry mounts it
 */
export const taxReportCsvRoutes = new Hono<AppEnv>().get(
  '/',
  requireRole('manager'),
  validate('query', taxReportQuerySchema),
  async (c) => {
    const { from, to } = c.req.valid('query');
    const { body, filename } = taxReportCsv(await taxReport(c.get('db'), from, to));
    return csvResponse(body, filename);
  },
);
