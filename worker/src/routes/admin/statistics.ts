import { Hono } from 'hono';
import { statisticsAccessSchema, statisticsRangeSchema } from '../../../../shared/src/statistics';
import type { AppEnv } from '../../env';
import { requireRole } from '../../http/auth';
import { csvResponse, toCsv } from '../../lib/csv';
import { openStatisticsGate } from '../../lib/statistics-gate';
import { requireStatisticsAccess } from '../../http/statistics-gate';
import { statisticsDashboard } from '../../lib/statistics';
import { validate } from '../../http/validation';

/**
 * Admin: the statistics gate and the dashboard behind it (admin spec sections 2, 3 and 7).
 * The gate grants a 30-minute step-up on the admin's session (lib/statistics-gate.ts); the
 * dashboard and its CSV answer 403 without it.
 */
export const statisticsRoutes = new Hono<AppEnv>()
  .post(
    '/admin/statistics/access',
    requireRole('admin'),
    validate('json', statisticsAccessSchema),
    async (c) => {
      const who = { user: c.get('user'), session: c.get('session') };
      const until = await openStatisticsGate(c.get('db'), c.env, who, c.req.valid('json').password);
      return c.json({ success: true as const, error: null, accessUntil: until.toISOString() });
    },
  )
  .get(
    '/statistics/dashboard',
    requireRole('admin'),
    requireStatisticsAccess,
    validate('query', statisticsRangeSchema),
    async (c) => {
      const { from, to } = c.req.valid('query');
      c.header('Cache-Control', 'no-store');
      return c.json(await statisticsDashboard(c.get('db'), { from, to }));
    },
  )
  .get('/statistics/daily.csv', requireRole('admin'), requireStatisticsAccess, async (c) => {
    const { daySeries, today } = await statisticsDashboard(c.get('db'));
    const columns = ['date', 'bookings', 'revenueOmr', 'siteVisits'] as const;
    const rows = daySeries.map((d) => ({ ...d, revenueOmr: (d.revenue / 1000).toFixed(3) }));
    return csvResponse(toCsv([...columns], rows), `statistics-daily-${today}.csv`);
  });
