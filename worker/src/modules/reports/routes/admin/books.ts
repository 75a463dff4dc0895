import { Hono } from 'hono';
import { onTheBooksQuerySchema, paceQuerySchema, pickupQuerySchema } from '@shared/books-on-hand';
import { omrDecimal } from '@shared/money';
import { csvResponse } from '../../../../platform/csv-response';
import { toCsv } from '../../../../platform/csv';
import type { AppEnv } from '../../../../platform/env';
import { validate } from '../../../../platform/validation';
import { onTheBooksReport, paceReport, pickupReport } from '../../books-reports';

const omr = (baisa: number | null) => (baisa === null ? '' : omrDecimal(baisa));

/**
 * The books-on-hand reports under /api/admin/reports (managers, checked by the reports' router):
 * on-the-books, pickup and pace; each as JSON, or with `&format=csv` as CSV (amounts in rials
 * with three decimals; a cell a spreadsheet could run is neutralised by platform/csv.ts).
 */
export const booksReportRoutes = new Hono<AppEnv>()
  .get('/on-the-books', validate('query', onTheBooksQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const report = await onTheBooksReport(c.get('db'), q);
    if (q.format !== 'csv') return c.json(report);
    const rows = report.rows.map((r) => ({
      ...r,
      revenueOmr: omr(r.revenueBaisa),
      tentativeRevenueOmr: omr(r.tentativeRevenueBaisa),
      occupancy: r.occupancy === null ? '' : r.occupancy.toFixed(4),
    }));
    const columns = [
      'date',
      'key',
      'label',
      'rooms',
      'revenueOmr',
      'occupancy',
      'tentativeRooms',
      'tentativeRevenueOmr',
    ] as const;
    return csvResponse(
      toCsv([...columns], rows),
      `on-the-books-${q.by}-${q.from}-${q.to}${report.asOf ? `-as-of-${report.asOf}` : ''}.csv`,
    );
  })
  .get('/pickup', validate('query', pickupQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const report = await pickupReport(c.get('db'), q);
    if (q.format !== 'csv') return c.json(report);
    const rows = report.rows.map((r) => ({
      ...r,
      revenueOmr: omr(r.revenueBaisa),
      compareRevenueOmr: omr(r.compareRevenueBaisa),
      pickupRevenueOmr: omr(r.pickupRevenueBaisa),
    }));
    const columns = [
      'date',
      'rooms',
      'compareRooms',
      'pickupRooms',
      'revenueOmr',
      'compareRevenueOmr',
      'pickupRevenueOmr',
    ] as const;
    return csvResponse(toCsv([...columns], rows), `pickup-${q.compareTo}-to-${q.asOf}-${q.from}-${q.to}.csv`);
  })
  .get('/pace', validate('query', paceQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const report = await paceReport(c.get('db'), q);
    if (q.format !== 'csv') return c.json(report);
    const rows = report.rows.map((r) => ({
      ...r,
      revenueOmr: omr(r.revenueBaisa),
      lastYearRevenueOmr: omr(r.lastYearRevenueBaisa),
    }));
    const columns = [
      'date',
      'rooms',
      'revenueOmr',
      'lastYearDate',
      'lastYearRooms',
      'lastYearRevenueOmr',
    ] as const;
    return csvResponse(toCsv([...columns], rows), `pace-${report.asOf}-${q.from}-${q.to}.csv`);
  });
