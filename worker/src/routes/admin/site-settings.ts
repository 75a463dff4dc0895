import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { siteSettingsSchema } from '../../../../shared/src/content-schemas';
import { siteSettings } from '../../db/schema/catalog';
import { auditLog } from '../../db/schema/operations';
import type { AppEnv } from '../../env';
import { auditEntry } from '../../lib/audit';
import { requireRole } from '../../http/auth';
import { translate } from '../../lib/messages';
import { readSiteSettings, SITE_SETTINGS_ID } from '../../lib/site-settings';
import { validate } from '../../http/validation';

/** The row as the audit log keeps it, read by SQL inside the batch (so "before" is exact). */
const settingsJson = sql`(select json_object(
  'siteName', site_name, 'siteNameAr', site_name_ar,
  'siteDescription', site_description, 'siteDescriptionAr', site_description_ar,
  'contactPhone', contact_phone, 'whatsappNumber', whatsapp_number, 'contactEmail', contact_email,
  'address', address, 'addressAr', address_ar, 'mapUrl', map_url, 'socialLinks', json(social_links),
  'checkInTime', check_in_time, 'checkOutTime', check_out_time,
  'maintenanceMode', json(case when maintenance_mode then 'true' else 'false' end)
) from ${siteSettings} where id = ${SITE_SETTINGS_ID})`;

/**
 * PUT /api/admin/site-settings (admins): the whole settings row. The audit line
 * (with the row before and after) and the change are one D1 batch.
 */
export const siteSettingsAdmin = new Hono<AppEnv>()
  .use(requireRole('admin'))
  .put('/', validate('json', siteSettingsSchema), async (c) => {
    const input = c.req.valid('json');
    const db = c.get('db');
    const actor = c.get('user');
    const values = { ...input, updatedByUserId: actor.id, updatedAt: new Date() };
    await db.batch([
      // First, while the row is still the old one: the audit line with its exact "before".
      db.insert(auditLog).values({
        ...auditEntry(actor, 'site_settings.update', 'site_settings', SITE_SETTINGS_ID, null, input),
        before: settingsJson,
      }),
      db
        .insert(siteSettings)
        .values({ id: SITE_SETTINGS_ID, ...values })
        .onConflictDoUpdate({ target: siteSettings.id, set: values }),
    ]);
    const saved = await readSiteSettings(db);
    return c.json({ message: translate('settings_saved', c.get('language')), settings: saved });
  });
