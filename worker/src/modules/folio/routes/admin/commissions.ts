import { Hono } from 'hono';
import { commissionsQuerySchema } from '@shared/company-schemas';
import { requireRole } from '../../../../platform/auth-middleware';
import { csvResponse } from '../../../../platform/csv-response';
import type { AppEnv } from '../../../../platform/env';
import { validate } from '../../../../platform/validation';
import { commissionsCsv, commissionsReport } from '../../commissions';

/**
 * GET /api/admin/commissions?from&to&travelAgentId&format=json|csv (managers): what each travel
 * agent is owed on the room revenue of its bookings' nights in the period (modules/folio
 * commissions.ts), as JSON or a CSV download.
 *
 * @example
 * api.route('/admin/commissions', commissionsAdmin); // the entry mounts it
 */
export const commissionsAdmin = new Hono<AppEnv>().get(
  '/',
  requireRole('manager'),
  validate('query', commissionsQuerySchema),
  async (c) => {
    const { format, ...query } = c.req.valid('query');
    const report = await commissionsReport(c.get('db'), query);
    if (format === 'csv') {
      const { body, filename } = commissionsCsv(report, c.get('language'));
      return csvResponse(body, filename);
    }
    return c.json(report);
  },
);
