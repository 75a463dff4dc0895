import { Hono } from 'hono';
import { tourismReturnQuerySchema } from '@shared/registration-schemas';
import { csvResponse } from '../../../../platform/csv-response';
import type { AppEnv } from '../../../../platform/env';
import { validate } from '../../../../platform/validation';
import { tourismReturn, tourismReturnCsv } from '../../tourism';

/**
 * GET /api/admin/reports/tourism-return?month=YYYY-MM[&format=csv] (managers, checked by the
 * reports' router): the monthly tourism return (docs/decisions/093) as JSON, or as CSV in the
 * request's language.
 */
export const tourismReturnRoutes = new Hono<AppEnv>().get(
  '/tourism-return',
  validate('query', tourismReturnQuerySchema),
  async (c) => {
    const q = c.req.valid('query');
    const report = await tourismReturn(c.get('db'), q.month);
    if (q.format !== 'csv') return c.json(report);
    const { body, filename } = tourismReturnCsv(report, c.get('language'));
    return csvResponse(body, filename);
  },
);
