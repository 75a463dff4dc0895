import { Hono } from 'hono';
import { statisticsAccessSchema } from '@shared/statistics';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { openStatisticsGate } from '../../statistics-gate';

/**
 * POST /api/admin/statistics/access: the statistics gate. A right password grants a
 * 30-minute step-up on the manager's or admin's session (modules/statistics/statistics-gate.ts), which the dashboard
 * (modules/statistics/routes/statistics.ts) asks for.
 */
export const statisticsAccessRoutes = new Hono<AppEnv>().post(
  '/access',
  requireRole('manager'),
  validate('json', statisticsAccessSchema),
  async (c) => {
    const who = { user: c.get('user'), session: c.get('session') };
    const until = await openStatisticsGate(c.get('db'), c.env, who, c.req.valid('json').password);
    return c.json({ success: true as const, error: null, accessUntil: until.toISOString() });
  },
);
