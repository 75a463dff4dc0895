import { z } from './zod';
import { emailSchema } from './email-schema';
import { STAY_POLICY_LIMITS } from './stay-policy';
import { calendarDate, wholeNumber } from './date-schemas';
import { latinTrimmed, phoneNumberSchema } from './schemas';
import { ROOM_TYPE_CODE, roomTypeCodeSchema } from './room-type-schemas';

/**
 * The hotel's own content, edited in the back office: the site settings row and the
 * offers. Messages are codes; the worker translates them
 * (worker/src/platform/messages.ts) and the admin screens map them to Lingui texts.
 */

export const CONTENT_LIMITS = {
  nameMax: 100,
  descriptionMax: 600,
  addressMax: 200,
  urlMax: 500,
  socialLinksMax: 8,
  featuresMax: 10,
  featureMax: 120,
  /** Whole percent off the room's original price. */
  discountMax: 90,
} as const;

export const SOCIAL_PLATFORMS = [
  'instagram',
  'facebook',
  'x',
  'tiktok',
  'snapchat',
  'youtube',
  'website',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** One line of text (a name, a title); `multiline`: a description or an address, line breaks kept. */
const line = (error: string, multiline = false) =>
  multiline ? z.multilineString({ error }) : z.string({ error });

const text = (max: number, multiline = false) =>
  line('text_required', multiline).trim().min(1, 'text_required').max(max, 'text_too_long');

const optionalText = (max: number, multiline = false) =>
  line('text_too_long', multiline).trim().max(max, 'text_too_long');

/**
 * A web address people open from the app: https only (no javascript:, data: or
 * http:), a host with a dot, no spaces.
 */
const HTTPS_URL = /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#][^\s<>"]*)?$/i;
const httpsUrl = z
  .string({ error: 'url_invalid' })
  .trim()
  .max(CONTENT_LIMITS.urlMax, 'url_invalid')
  .regex(HTTPS_URL, 'url_invalid');

/** A time of day as a hotel writes check-in: 24-hour HH:MM, Arabic-Indic digits accepted. */
const timeOfDay = z.preprocess(
  latinTrimmed,
  z.string({ error: 'time_invalid' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time_invalid'),
);

const email = emailSchema;

export const socialLinkSchema = z.object({
  platform: z.enum(SOCIAL_PLATFORMS, { error: 'social_platform_invalid' }),
  url: httpsUrl,
});
export type SocialLink = z.infer<typeof socialLinkSchema>;

/** The settings row's fields the screen always sends. */
const siteSettingsBase = z.object({
  siteName: text(CONTENT_LIMITS.nameMax),
  siteNameAr: text(CONTENT_LIMITS.nameMax),
  siteDescription: text(CONTENT_LIMITS.descriptionMax, true),
  siteDescriptionAr: text(CONTENT_LIMITS.descriptionMax, true),
  contactPhone: phoneNumberSchema,
  whatsappNumber: phoneNumberSchema,
  contactEmail: email,
  address: text(CONTENT_LIMITS.addressMax, true),
  addressAr: text(CONTENT_LIMITS.addressMax, true),
  /** Empty when the hotel has no map link. */
  mapUrl: z.union([z.literal(''), httpsUrl], { error: 'url_invalid' }),
  socialLinks: z
    .array(socialLinkSchema, { error: 'social_links_invalid' })
    .max(CONTENT_LIMITS.socialLinksMax, 'social_links_invalid'),
  checkInTime: timeOfDay,
  checkOutTime: timeOfDay,
  maintenanceMode: z.boolean({ error: 'boolean_required' }),
  /**
   * Where staff hear of each new booking request by e-mail; empty: nobody. Left out,
   * it stays as it is. Never in the public settings.
   */
  bookingAlertEmail: z.union([z.literal(''), email], { error: 'email_invalid' }).optional(),
  /**
   * The landing's hero photo: the id of one of the site's hero photos (media `site_hero`),
   * null for the demo picture; left out, it stays as it is.
   */
  heroMediaId: z
    .number({ error: 'hero_media_invalid' })
    .int('hero_media_invalid')
    .positive('hero_media_invalid')
    .nullable()
    .optional(),
});

const boundedWhole = (min: number, max: number, code: string) =>
  wholeNumber(code).pipe(z.number().min(min, code).max(max, code));

/**
 * The stay policy, part of the settings (left out, each stays as it is): free
 * cancellation up to `freeCancellationHours` before check-in time on the arrival day, the policy's
 * words (empty: the app states the rule), online check-in from `onlineCheckInHours` before it, and
 * ID photos and numbers kept `idRetentionDays` after check-out.
 */
export const stayPolicySettingsSchema = z.object({
  freeCancellationHours: boundedWhole(
    0,
    STAY_POLICY_LIMITS.freeCancellationHoursMax,
    'cancellation_hours_invalid',
  ).optional(),
  cancellationPolicy: optionalText(STAY_POLICY_LIMITS.policyTextMax, true).optional(),
  cancellationPolicyAr: optionalText(STAY_POLICY_LIMITS.policyTextMax, true).optional(),
  onlineCheckInHours: boundedWhole(
    1,
    STAY_POLICY_LIMITS.onlineCheckInHoursMax,
    'check_in_hours_invalid',
  ).optional(),
  idRetentionDays: boundedWhole(
    STAY_POLICY_LIMITS.idRetentionDaysMin,
    STAY_POLICY_LIMITS.idRetentionDaysMax,
    'retention_days_invalid',
  ).optional(),
});
export type StayPolicySettings = Required<z.infer<typeof stayPolicySettingsSchema>>;

/** PUT /api/admin/site-settings: the whole row, every field required but the optional ones. */
export const siteSettingsSchema = siteSettingsBase.extend(stayPolicySettingsSchema.shape);
export type SiteSettingsInput = z.infer<typeof siteSettingsSchema>;

const feature = z.object({
  ar: text(CONTENT_LIMITS.featureMax),
  en: text(CONTENT_LIMITS.featureMax),
});

/** A date of a validity window, or null for "open" on that side. */
const windowDate = z.union([z.null(), calendarDate()], { error: 'invalid_date' });

/**
 * POST /api/admin/offers and PUT /api/admin/offers/:id. The price is not an
 * input: it follows from the room's price and the discount (`offerPriceBaisa`).
 */
export const offerInputSchema = z
  .object({
    /** One of the hotel's room types, by code (the worker checks it is one: 400 invalid_room_type). */
    roomType: roomTypeCodeSchema,
    title: text(CONTENT_LIMITS.nameMax),
    titleAr: text(CONTENT_LIMITS.nameMax),
    description: optionalText(CONTENT_LIMITS.descriptionMax, true),
    descriptionAr: optionalText(CONTENT_LIMITS.descriptionMax, true),
    discount: wholeNumber('discount_invalid').pipe(
      z.number().max(CONTENT_LIMITS.discountMax, 'discount_invalid'),
    ),
    features: z
      .array(feature, { error: 'features_invalid' })
      .max(CONTENT_LIMITS.featuresMax, 'features_invalid'),
    isBestSeller: z.boolean({ error: 'boolean_required' }),
    /** The card's colours: a room type's code (the editor sets the offer's own), shown as its tier's or the default. */
    theme: z.string({ error: 'theme_invalid' }).trim().toLowerCase().regex(ROOM_TYPE_CODE, 'theme_invalid'),
    validFrom: windowDate,
    validTo: windowDate,
    isActive: z.boolean({ error: 'boolean_required' }),
  })
  .refine((o) => o.validFrom === null || o.validTo === null || o.validFrom <= o.validTo, {
    message: 'valid_to_before_from',
    path: ['validTo'],
  });
export type OfferInput = z.infer<typeof offerInputSchema>;

/** PATCH /api/admin/offers/:id/active: switch an offer on or off. */
export const offerActiveSchema = z.object({ isActive: z.boolean({ error: 'boolean_required' }) });

/** PUT /api/admin/offers/order: every offer's id, in the order the panel shows them. */
export const offerOrderSchema = z.object({
  ids: z
    .array(z.number({ error: 'invalid_id' }).int('invalid_id').positive('invalid_id'), {
      error: 'invalid_id',
    })
    .min(1, 'invalid_id')
    .max(200, 'invalid_id')
    .refine((ids) => new Set(ids).size === ids.length, 'invalid_id'),
});

export const SERVICE_CATEGORIES = ['restaurant', 'spa', 'transport', 'shopping'] as const;

/** A distance or a duration: a whole number, or empty (null) when not known. */
const optionalCount = (code: string) =>
  z.union([z.null(), wholeNumber(code).pipe(z.number().max(100_000, code))], { error: code });

/**
 * PUT /api/admin/services/:id (staff): a nearby service as the services panel
 * shows it. Photos (menus, galleries) are not edited here.
 */
export const serviceInputSchema = z.object({
  category: z.enum(SERVICE_CATEGORIES, { error: 'service_category_invalid' }),
  nameAr: text(CONTENT_LIMITS.nameMax),
  nameEn: text(CONTENT_LIMITS.nameMax),
  descriptionAr: optionalText(CONTENT_LIMITS.descriptionMax, true),
  descriptionEn: optionalText(CONTENT_LIMITS.descriptionMax, true),
  distanceMeters: optionalCount('distance_invalid'),
  walkMinutes: optionalCount('distance_invalid'),
  contact: z.object({
    phone: z.union([z.literal(''), phoneNumberSchema]).optional(),
    whatsapp: z.union([z.literal(''), phoneNumberSchema]).optional(),
    mapUrl: z.union([z.literal(''), httpsUrl]).optional(),
    instagram: z.union([z.literal(''), httpsUrl]).optional(),
  }),
  isActive: z.boolean({ error: 'boolean_required' }),
});
export type ServiceInput = z.infer<typeof serviceInputSchema>;
