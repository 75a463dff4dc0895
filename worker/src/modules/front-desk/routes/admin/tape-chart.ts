import { Hono } from 'hono';
import { hotelToday } from '@shared/dates';
import { tapeChartQuerySchema } from '@shared/front-desk-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { answerIfChanged } from '../../../../platform/etag-answers';
import { tapeChart } from '../../tape-chart';

/**
 * GET /api/admin/tape-chart?from=YYYY-MM-DD&nights=14 (staff): the rooms × nights grid
 * (modules/front-desk/tape-chart.ts), from today in Asia/Muscat by default. Polled: 304 while neither the rooms
 * (their nights and statuses) nor the bookings changed.
 */
export const tapeChartRoutes = new Hono<AppEnv>().get(
  '/',
  requireRole('staff'),
  validate('query', tapeChartQuerySchema),
  async (c) => {
    const { from = hotelToday(), nights } = c.req.valid('query');
    await answerIfChanged(c, ['rooms', 'bookings'], `tape-chart:${from}:${nights}`);
    c.header('Cache-Control', 'no-store');
    return c.json(await tapeChart(c.get('db'), from, nights));
  },
);
