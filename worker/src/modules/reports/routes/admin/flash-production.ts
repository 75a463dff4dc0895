import { Hono } from 'hono';
import { flashQuerySchema, productionQuerySchema } from '@shared/flash-production';
import { csvResponse } from '../../../../platform/csv-response';
import type { AppEnv } from '../../../../platform/env';
import { validate } from '../../../../platform/validation';
import { flashCsv, flashReport } from '../../flash';
import { productionCsv, productionReport } from '../../production';
import { keyNamer } from '../../report-csv';

/**
 * The flash and production reports under /api/admin/reports (managers, checked by the reports'
 * router): each as JSON, or with `&format=csv` as CSV (headers and names in the request's
 * language, amounts in rials with three decimals; a cell a spreadsheet could run is neutralised
 * by platform/csv.ts).
 */
export const flashProductionRoutes = new Hono<AppEnv>()
  .get('/flash', validate('query', flashQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const report = await flashReport(c.get('db'), q.date);
    if (q.format !== 'csv') return c.json(report);
    const { body, filename } = flashCsv(report, c.get('language'));
    return csvResponse(body, filename);
  })
  .get('/production', validate('query', productionQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const report = await productionReport(c.get('db'), q);
    if (q.format !== 'csv') return c.json(report);
    const name = await keyNamer(c.get('db'), c.get('language'), q.by);
    const { body, filename } = productionCsv(report, c.get('language'), name);
    return csvResponse(body, filename);
  });
