import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import type { SiteSettingsInput, StayPolicySettings } from '@shared/content-schemas';
import {
  FREE_CANCELLATION_DEFAULT_HOURS,
  ID_RETENTION_DEFAULT_DAYS,
  ONLINE_CHECK_IN_DEFAULT_HOURS,
} from '@shared/stay-policy';
import { siteSettings } from './tables';
import { media } from './media-tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { auditEntry } from '../../platform/audit';
import { demoHero } from '@shared/demo-pictures';
import { ApiError } from '../../platform/api-error';
import { publicPhoto } from './media';

/**
 * The hotel's site settings: one row, id 1, edited by admins at
 * /admin/settings. Everything that shows the hotel's name, contacts or address
 * reads it: the public GET /api/site-settings (the web app's header, footer,
 * login footer and WhatsApp hand-offs), e-mails, and the assistant's facts
 * (`readSiteSettings` is the one read; import it rather than querying the table).
 */
export const SITE_SETTINGS_ID = 1;

export type SiteSettings = Omit<
  SiteSettingsInput,
  'heroMediaId' | 'bookingAlertEmail' | keyof StayPolicySettings
> &
  StayPolicySettings & {
    /** Staff's address for new booking requests (admins only; never in the public settings). */
    bookingAlertEmail: string;
    heroMediaId: number | null;
    updatedAt: string | null;
  };

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
  bookingAlertEmail: '',
  freeCancellationHours: FREE_CANCELLATION_DEFAULT_HOURS,
  cancellationPolicy: '',
  cancellationPolicyAr: '',
  onlineCheckInHours: ONLINE_CHECK_IN_DEFAULT_HOURS,
  idRetentionDays: ID_RETENTION_DEFAULT_DAYS,
  heroMediaId: null,
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
    bookingAlertEmail: row.bookingAlertEmail,
    freeCancellationHours: row.freeCancellationHours,
    cancellationPolicy: row.cancellationPolicy,
    cancellationPolicyAr: row.cancellationPolicyAr,
    onlineCheckInHours: row.onlineCheckInHours,
    idRetentionDays: row.idRetentionDays,
    heroMediaId: row.heroMediaId,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The hotel's own hero photo (the one the settings name), or null for the demo picture; one query. */
export async function hotelHeroPhoto(db: Db) {
  const row = await db
    .select()
    .from(media)
    .where(
      eq(
        media.id,
        sql`(select ${siteSettings.heroMediaId} from ${siteSettings} where ${siteSettings.id} = ${SITE_SETTINGS_ID})`,
      ),
    )
    .get();
  return row ? publicPhoto(row) : null;
}

/**
 * The settings as GET /api/site-settings answers them: with the landing's hero photo, the
 * hotel's own (the one the settings name) or the demo picture (shared/src/demo-pictures.ts).
 */
export async function readPublicSiteSettings(db: Db) {
  const [{ bookingAlertEmail: _staffOnly, ...settings }, hero] = await Promise.all([
    readSiteSettings(db),
    hotelHeroPhoto(db),
  ]);
  return { ...settings, heroPhoto: hero ?? demoHero() };
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

/** The row as the audit log keeps it, read by SQL inside the batch (so "before" is exact). */
const settingsJson = sql`(select json_object(
  'siteName', site_name, 'siteNameAr', site_name_ar,
  'siteDescription', site_description, 'siteDescriptionAr', site_description_ar,
  'contactPhone', contact_phone, 'whatsappNumber', whatsapp_number, 'contactEmail', contact_email,
  'address', address, 'addressAr', address_ar, 'mapUrl', map_url, 'socialLinks', json(social_links),
  'checkInTime', check_in_time, 'checkOutTime', check_out_time, 'bookingAlertEmail', booking_alert_email,
  'maintenanceMode', json(case when maintenance_mode then 'true' else 'false' end),
  'heroMediaId', hero_media_id, 'freeCancellationHours', free_cancellation_hours,
  'cancellationPolicy', cancellation_policy, 'cancellationPolicyAr', cancellation_policy_ar,
  'onlineCheckInHours', online_check_in_hours, 'idRetentionDays', id_retention_days
) from ${siteSettings} where id = ${SITE_SETTINGS_ID})`;

/**
 * Saves the whole settings row (admins, modules/catalog/routes/admin/site-settings.ts) and returns it as read
 * back. The audit line (with the row before and after) and the change are one D1 batch.
 */
export async function saveSiteSettings(db: Db, actor: SessionUser, input: SiteSettingsInput) {
  const { heroMediaId, bookingAlertEmail, ...rest } = input;
  // The hero must be one of the site's hero photos. Checked first for a clear 400; inside the
  // batch the id is read again from the table, so a photo deleted in between leaves no hero
  // rather than a dangling reference.
  const heroOf = (id: number) =>
    sql`(select ${media.id} from ${media} where ${media.id} = ${id} and ${media.ownerKind} = 'site_hero')`;
  if (typeof heroMediaId === 'number') {
    const found = await db
      .select({ id: media.id })
      .from(media)
      .where(and(eq(media.id, heroMediaId), eq(media.ownerKind, 'site_hero')))
      .get();
    if (!found) throw new ApiError(400, 'validation_failed', { heroMediaId: 'hero_media_invalid' });
  }
  const values = {
    ...rest,
    ...(heroMediaId === undefined ? {} : { heroMediaId: heroMediaId === null ? null : heroOf(heroMediaId) }),
    ...(bookingAlertEmail === undefined ? {} : { bookingAlertEmail }),
    updatedByUserId: actor.id,
    updatedAt: new Date(),
  };
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
  return readSiteSettings(db);
}
