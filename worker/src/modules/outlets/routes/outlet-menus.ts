import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { appMenus } from '../orders';

/**
 * GET /api/outlets/menus: the outlets guests order from in the app, open or not (their hours: the
 * app says when they open), each with its items in both languages, their prices, photos and a
 * treatment's length (docs/decisions/098-outlet-orders.md). The hotel's menu is no secret: anyone
 * reads it, as the rooms and services; ordering is the stay's own guest's. Mounted before the
 * tablets' routes, which need an outlet role.
 *
 * @example
 * api.route('/outlets', outletMenuRoutes); // the entry mounts it before outletRoutes
 */
export const outletMenuRoutes = new Hono<AppEnv>().get('/menus', async (c) => {
  c.header('Cache-Control', 'public, no-cache');
  return c.json({ outlets: await appMenus(c.get('db')) });
});
