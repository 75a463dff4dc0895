import { createMiddleware } from 'hono/factory';
import { ApiError } from '../../platform/api-error';
import { hasStatisticsAccess } from './statistics-gate';
import type { AuthedEnv } from '../../platform/auth-middleware';

/** After requireRole('manager'): 403 unless this session passed the gate in the last 30 minutes. */
export const requireStatisticsAccess = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!hasStatisticsAccess(c.get('session'))) throw new ApiError(403, 'stats_step_up_required');
  await next();
});
