import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { readPublicSiteSettings } from '../site-settings';
import { edgeCache } from '../../../platform/edge-cache';
import { answerIfChanged } from '../../../platform/etag-answers';

/**
 * GET /api/site-settings (public): the hotel's name, contacts, address, links,
 * check-in/out times and whether the site is in maintenance. Cached by browsers
 * and revalidated each time: its ETag is the content counter (a trigger bumps it
 * on every save), so an unchanged copy costs one row and a 304, and an admin's
 * change (maintenance on) is seen at once. The web app also keeps it in its
 * persisted query cache, so an installed app opened offline still shows the
 * hotel's contacts (and its maintenance page). With the landing's hero photo (`heroPhoto`:
 * the hotel's, or the demo picture).
 */
export const siteSettingsRoutes = new Hono<AppEnv>().get('/', edgeCache(['content']), async (c) => {
  c.header('Cache-Control', 'public, no-cache');
  await answerIfChanged(c, ['content'], 'settings');
  const settings = await readPublicSiteSettings(c.get('db'));
  return c.json(settings);
});
