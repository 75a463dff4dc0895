import { createMiddleware } from 'hono/factory';
import { MAINTENANCE_RETRY_AFTER_SECONDS } from '@shared/constants';
import { roleAtLeast } from '@shared/roles';
import type { AppEnv } from '../../platform/env';
import { maintenanceOn } from './site-settings';
import { errorResponse } from '../../platform/error-mapping';
import { readSession } from '../../platform/session-cookies';

/** Reads never change anything; signing in and out must work so staff can get in. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const OPEN_DURING_MAINTENANCE = new Set(['/api/auth/login', '/api/auth/logout']);

/**
 * Maintenance mode: every guest write (anything but a read, signing in and
 * signing out) is refused with 503 and Retry-After, whoever sends it (the
 * app, the offline outbox, a script). The hotel's own people keep working. Reads
 * cost nothing extra; a write costs one D1 read, two for a signed-in caller
 * while maintenance is on.
 */
export const refuseGuestWritesInMaintenance = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || OPEN_DURING_MAINTENANCE.has(c.req.path)) return next();
  // A payment provider's notice: money taken while the hotel is in maintenance is still posted.
  if (c.req.path.startsWith('/api/payments/webhooks/')) return next();
  if (!(await maintenanceOn(c.get('db')))) return next();
  const session = await readSession(c);
  if (session && roleAtLeast(session.user.role, 'housekeeper')) return next();
  c.header('Retry-After', String(MAINTENANCE_RETRY_AFTER_SECONDS));
  c.header('Cache-Control', 'no-store');
  return errorResponse(c, 503, 'maintenance');
});
