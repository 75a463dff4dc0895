import { Hono } from 'hono';
import { omrDecimal } from '@shared/money';
import { statisticsRangeSchema } from '@shared/statistics';
import type { AppEnv } from '../../../platform/env';
import { requireRole } from '../../../platform/auth-middleware';
import { csvResponse } from '../../../platform/csv-response';
import { toCsv } from '../../../platform/csv';
import { requireStatisticsAccess } from '../statistics-gate-middleware';
import { statisticsDashboard } from '../dashboard';
import { validate } from '../../../platform/validation';

/**
 * /api/statistics (admin spec sections 2, 3 and 7): the dashboard and its daily CSV, for a
 * manager or admin whose session passed the statistics gate in the last 30 minutes
 * (modules/statistics/routes/admin/statistics.ts); 403 without it.
 */
export const statisticsRoutes = new Hono<AppEnv>()
  .get(
    '/dashboard',
    requireRole('manager'),
    requireStatisticsAccess,
    validate('query', statisticsRangeSchema),
    async (c) => {
      const { from, to } = c.req.valid('query');
      c.header('Cache-Control', 'no-store');
      return c.json(await statisticsDashboard(c.get('db'), { from, to }));
    },
  )
  .get('/daily.csv', requireRole('manager'), requireStatisticsAccess, async (c) => {
    const { daySeries, today } = await statisticsDashboard(c.get('db'));
    const columns = ['date', 'bookings', 'revenueOmr', 'siteVisits'] as const;
    const rows = daySeries.map((d) => ({ ...d, revenueOmr: omrDecimal(d.revenue) }));
    return csvResponse(toCsv([...columns], rows), `statistics-daily-${today}.csv`);
  });
