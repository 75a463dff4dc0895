import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { MAINTENANCE_RETRY_AFTER_SECONDS } from '../../../shared/src/constants';
import type { SiteSettingsInput } from '../../../shared/src/content-schemas';
import { roleAtLeast } from '../../../shared/src/roles';
import { siteSettings } from '../db/schema/catalog';
import type { AppEnv, Db } from '../env';
import { errorResponse } from './errors';
import { readSession } from './sessions';

/**
 * The hotel's site settings (issue 14): one row, id 1, edited by admins at
 * /admin/settings. Everything that shows the hotel's name, contacts or address
 * reads it: the public GET /api/site-settings (the web app's header, footer,
 * login footer and WhatsApp hand-offs), e-mails, and the assistant's facts
 * (`readSiteSettings` is the one read; import it rather than querying the table).
 */
export const SITE_SETTINGS_ID = 1;

export type SiteSettings = SiteSettingsInput & { updatedAt: string | null };

/**
 * What the app shows when the row is missing (a fresh production database
 * before an admin saves the settings): the name, and no contact detail rather
 * than an invented one.
 */
const EMPTY: SiteSettings = {
  siteName: 'Al Maabila Hotel',
  siteNameAr: 'فندق المعبيلة',
  siteDescription: '',
  siteDescriptionAr: '',
  contactPhone: '',
  whatsappNumber: '',
  contactEmail: '',
  address: '',
  addressAr: '',
  mapUrl: '',
  socialLinks: [],
  checkInTime: '14:00',
  checkOutTime: '12:00',
  maintenanceMode: false,
  updatedAt: null,
};

/** The settings as the API answers them (one D1 query). */
export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  const row = await db.select().from(siteSettings).where(eq(siteSettings.id, SITE_SETTINGS_ID)).get();
  if (!row) return EMPTY;
  return {
    siteName: row.siteName,
    siteNameAr: row.siteNameAr,
    siteDescription: row.siteDescription,
    siteDescriptionAr: row.siteDescriptionAr,
    contactPhone: row.contactPhone,
    whatsappNumber: row.whatsappNumber,
    contactEmail: row.contactEmail,
    address: row.address,
    addressAr: row.addressAr,
    mapUrl: row.mapUrl,
    socialLinks: row.socialLinks,
    checkInTime: row.checkInTime,
    checkOutTime: row.checkOutTime,
    maintenanceMode: row.maintenanceMode,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Whether the site is in maintenance (one indexed read of one column). */
export async function maintenanceOn(db: Db): Promise<boolean> {
  const row = await db
    .select({ on: siteSettings.maintenanceMode })
    .from(siteSettings)
    .where(eq(siteSettings.id, SITE_SETTINGS_ID))
    .get();
  return row?.on ?? false;
}

/** Reads never change anything; signing in and out must work so staff can get in. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const OPEN_DURING_MAINTENANCE = new Set(['/api/auth/login', '/api/auth/logout']);

/**
 * Maintenance mode: every guest write (anything but a read, signing in and
 * signing out) is refused with 503 and Retry-After, whoever sends it (the
 * app, the offline outbox, a script). Staff and admins keep working. Reads
 * cost nothing extra; a write costs one D1 read, two for a signed-in caller
 * while maintenance is on.
 */
export const refuseGuestWritesInMaintenance = createMiddleware<AppEnv>(async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || OPEN_DURING_MAINTENANCE.has(c.req.path)) return next();
  if (!(await maintenanceOn(c.get('db')))) return next();
  const session = await readSession(c);
  if (session && roleAtLeast(session.user.role, 'staff')) return next();
  c.header('Retry-After', String(MAINTENANCE_RETRY_AFTER_SECONDS));
  c.header('Cache-Control', 'no-store');
  return errorResponse(c, 503, 'maintenance');
});
