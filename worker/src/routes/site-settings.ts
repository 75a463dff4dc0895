import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { readSiteSettings } from '../lib/site-settings';

/**
 * GET /api/site-settings (public): the hotel's name, contacts, address, links,
 * check-in/out times and whether the site is in maintenance. Briefly cacheable;
 * the web app also keeps it in its persisted query cache, so an installed app
 * opened offline still shows the hotel's contacts (and its maintenance page).
 */
export const siteSettingsRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const settings = await readSiteSettings(c.get('db'));
  c.header('Cache-Control', 'public, max-age=60');
  return c.json(settings);
});
