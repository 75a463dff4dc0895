import { Hono } from 'hono';
import { onTheBooksQuerySchema, paceQuerySchema, pickupQuerySchema } from '@shared/books-on-hand';
import { omrDecimal } from '@shared/money';
import { csvResponse } from '../../../../platform/csv-response';
import { toCsv } from '../../../../platform/csv';
import type { AppEnv } from '../../../../platform/env';
import { validate } from '../../../../platform/validation';
import { onTheBooksReport, paceReport, pickupReport } from '../../books-reports';
import { csvHeaders, keyNamer } from '../../report-csv';

const omr = (baisa: number | null) => (baisa === null ? '' : omrDecimal(baisa));

/**
 * The books-on-hand reports under /api/admin/reports (managers, checked by the reports' router):
 * on-the-books, pickup and pace; each as JSON, or with `&format=csv` as CSV (its headers and key
 * names in the request's language, amounts in rials with three decimals, occupancy in percent; a
 * cell a spreadsheet could run is neutralised by platform/csv.ts).
 */
export const booksReportRoutes = new Hono<AppEnv>()
  .get('/on-the-books', validate('query', onTheBooksQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const report = await onTheBooksReport(c.get('db'), q);
    if (q.format !== 'csv') return c.json(report);
    const language = c.get('language');
    const name = await keyNamer(c.get('db'), language, q.by);
    const rows = report.rows.map((r) => ({
      date: r.date,
      key: name(r),
      rooms: r.rooms,
      revenueOmr: omr(r.revenueBaisa),
      occupancy: r.occupancy === null ? '' : (r.occupancy * 100).toFixed(2),
      pendingRooms: r.pendingRooms,
      pendingRevenueOmr: omr(r.pendingRevenueBaisa),
      tentativeRooms: r.tentativeRooms,
    }));
    const columns = [
      'date',
      'key',
      'rooms',
      'revenueOmr',
      'occupancy',
      'pendingRooms',
      'pendingRevenueOmr',
      'tentativeRooms',
    ] as const;
    const headers = csvHeaders(language, columns, {
      date: 'night',
      key: `by.${q.by}`,
      rooms: 'rooms',
      revenueOmr: 'room_revenue',
      occupancy: 'occupancy',
      pendingRooms: 'pending_rooms',
      pendingRevenueOmr: 'pending_revenue',
      tentativeRooms: 'tentative_rooms',
    });
    return csvResponse(
      toCsv([...columns], rows, headers),
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
    const headers = csvHeaders(c.get('language'), columns, {
      date: 'night',
      rooms: 'rooms',
      compareRooms: 'compare_rooms',
      pickupRooms: 'pickup_rooms',
      revenueOmr: 'room_revenue',
      compareRevenueOmr: 'compare_revenue',
      pickupRevenueOmr: 'pickup_revenue',
    });
    return csvResponse(
      toCsv([...columns], rows, headers),
      `pickup-${q.compareTo}-to-${q.asOf}-${q.from}-${q.to}.csv`,
    );
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
    const headers = csvHeaders(c.get('language'), columns, {
      date: 'night',
      rooms: 'rooms',
      revenueOmr: 'room_revenue',
      lastYearDate: 'last_year_date',
      lastYearRooms: 'last_year_rooms',
      lastYearRevenueOmr: 'last_year_revenue',
    });
    return csvResponse(toCsv([...columns], rows, headers), `pace-${report.asOf}-${q.from}-${q.to}.csv`);
  });
