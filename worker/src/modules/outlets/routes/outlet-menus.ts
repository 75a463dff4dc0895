import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { z } from '@shared/zod';
import { validate } from '../../../platform/validation';
import { itemPhotoResponse } from '../item-photos';
import { appMenus } from '../orders';

const photoParams = z.object({ name: z.string({ error: 'not_found' }).max(60, 'not_found') });

/**
 * GET /api/outlets/menus: the outlets guests order from in the app, open or not (their hours: the
 * app says when they open), each with its items in both languages, their prices, photos and a
 * treatment's length (docs/decisions/102-outlet-orders.md). The hotel's menu is no secret: anyone
 * reads it, as the rooms and services; ordering is the stay's own guest's. The items' photos are
 * public too (`/photos/:name`). Mounted before the
 * tablets' routes, which need an outlet role.
 *
 * @example
 * api.route('/outlets', outletMenuRoutes); // the entry mounts it before outletRoutes
 */
export const outletMenuRoutes = new Hono<AppEnv>()
  .get('/menus', async (c) => {
    c.header('Cache-Control', 'public, no-cache');
    return c.json({ outlets: await appMenus(c.get('db')) });
  })
  /** GET /api/outlets/photos/:name: an item's photo on the menu (public, cached a year: a new name per upload). */
  .get('/photos/:name', validate('param', photoParams), async (c) =>
    itemPhotoResponse(c.env.IMAGES, c.req.valid('param').name),
  );
