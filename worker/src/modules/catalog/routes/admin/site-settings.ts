import { Hono } from 'hono';
import { siteSettingsSchema } from '@shared/content-schemas';
import type { AppEnv } from '../../../../platform/env';
import { requireRole } from '../../../../platform/auth-middleware';
import { validate } from '../../../../platform/validation';
import { translate } from '../../../../platform/messages';
import { readSiteSettings, saveSiteSettings } from '../../site-settings';

/**
 * GET /api/admin/site-settings (admins): the settings with what only admins see (the staff's
 * booking alert address).
 * PUT /api/admin/site-settings (admins): the whole settings row, saved with its audit line in
 * one D1 batch (modules/catalog/site-settings.ts).
 */
export const siteSettingsAdmin = new Hono<AppEnv>()
  .use(requireRole('admin'))
  .get('/', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await readSiteSettings(c.get('db')));
  })
  .put('/', validate('json', siteSettingsSchema), async (c) => {
    const settings = await saveSiteSettings(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('settings_saved', c.get('language')), settings });
  });
