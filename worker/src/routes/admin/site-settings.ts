import { Hono } from 'hono';
import { siteSettingsSchema } from '../../../../shared/src/content-schemas';
import type { AppEnv } from '../../env';
import { requireRole } from '../../http/auth';
import { validate } from '../../http/validation';
import { translate } from '../../lib/messages';
import { saveSiteSettings } from '../../lib/site-settings';

/**
 * PUT /api/admin/site-settings (admins): the whole settings row, saved with its audit line in
 * one D1 batch (lib/site-settings.ts).
 */
export const siteSettingsAdmin = new Hono<AppEnv>()
  .use(requireRole('admin'))
  .put('/', validate('json', siteSettingsSchema), async (c) => {
    const settings = await saveSiteSettings(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('settings_saved', c.get('language')), settings });
  });
