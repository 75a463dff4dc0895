import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { VIP_CARD_TYPES, type BedType, type SmokingType } from '@shared/constants';
import type { SocialLink } from '@shared/content-schemas';
import { createdAt, updatedAt } from '../../platform/columns';
import { media } from './media-tables';
import { users } from '../../platform/tables';

/** A bilingual list item, e.g. a room feature. */
export type LocalizedText = { ar: string; en: string };

/**
 * The room types, one row each: the hotel's own data (migration 0065), an admin adds, edits and
 * retires them (`available` false) without a release. The spec's `rooms` columns are kept (name,
 * nameAr, description, descriptionAr, pricePerNight, maxGuests, amenities, imageUrl,
 * available); `room_type` is the type's code, `max_guests` its maximum occupancy, prices baisa.
 */
export const rooms = sqliteTable(
  'rooms',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    roomType: text('room_type').notNull(),
    name: text('name').notNull(),
    nameAr: text('name_ar').notNull(),
    description: text('description').notNull(),
    descriptionAr: text('description_ar').notNull(),
    /** The discounted price per night actually charged, in baisa. */
    pricePerNight: integer('price_per_night').notNull(),
    /** The struck-through price beside it; no higher than pricePerNight: none shown. */
    originalPrice: integer('original_price').notNull(),
    maxGuests: integer('max_guests').notNull().default(2),
    amenities: text('amenities', { mode: 'json' })
      .$type<LocalizedText[]>()
      .notNull()
      .default(sql`'[]'`),
    imageUrl: text('image_url'),
    available: integer('available', { mode: 'boolean' }).notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    baseOccupancy: integer('base_occupancy').notNull().default(2),
    maxAdults: integer('max_adults').notNull().default(2),
    maxChildren: integer('max_children').notNull().default(0),
    extraBeds: integer('extra_beds').notNull().default(0),
    bedTypes: text('bed_types', { mode: 'json' })
      .$type<BedType[]>()
      .notNull()
      .default(sql`'["double"]'`),
    smokingOptions: text('smoking_options', { mode: 'json' })
      .$type<SmokingType[]>()
      .notNull()
      .default(sql`'["non_smoking"]'`),
    sizeM2: integer('size_m2'),
    pointsPerStay: integer('points_per_stay').notNull().default(0),
    freeNightPoints: integer('free_night_points'),
    vipEligible: integer('vip_eligible', { mode: 'boolean' }).notNull().default(true),
    roomCount: integer('room_count').notNull().default(0),
    // The type's active numbered rooms (hotel_rooms), kept by the database (migration 0077): the
    // guest's room list shows them, and GET /api/room-types says how many.
    listedRooms: integer('listed_rooms').notNull().default(0),
    lowStockRed: integer('low_stock_red').notNull().default(1),
    lowStockYellow: integer('low_stock_yellow').notNull().default(2),
    /**
     * What each guest beyond the base occupancy pays a night, unless the plan or the night sets
     * its own (migration 0084); null: the spec's 2.000.
     */
    extraGuestPriceBaisa: integer('extra_guest_price_baisa'),
  },
  (t) => [
    uniqueIndex('rooms_room_type_idx').on(t.roomType),
    check('rooms_price_check', sql`${t.pricePerNight} >= 0 and ${t.originalPrice} >= 0`),
    check('rooms_extra_guest_price_check', sql`${t.extraGuestPriceBaisa} BETWEEN 0 AND 10000000`),
  ],
);
export type Room = typeof rooms.$inferSelect;

/**
 * Offers. The spec's columns (title, titleAr, description, descriptionAr,
 * discount, validFrom, validTo, isActive) plus what the offers panel shows:
 * the tier, features, gallery and best-seller flag. With fixed_prices on (the
 * spec's demo offers, migration 0023) the price shown and charged is
 * original_price / discounted_price; otherwise it is computed from the room's
 * original price and the discount (shared/src/money.ts offerPriceBaisa,
 * docs/decisions/014) and the two columns keep the figures of the last write.
 * validFrom/validTo are Asia/Muscat calendar days, both included
 * (migration 0014 refuses an inverted window).
 */
export const offers = sqliteTable(
  'offers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    /** The offer's room type: one of the hotel's (a code of `rooms`). */
    roomType: text('room_type').notNull(),
    title: text('title').notNull(),
    titleAr: text('title_ar').notNull(),
    description: text('description').notNull(),
    descriptionAr: text('description_ar').notNull(),
    /** Whole percent off the original price. */
    discount: integer('discount').notNull().default(0),
    originalPrice: integer('original_price').notNull(),
    discountedPrice: integer('discounted_price').notNull(),
    /** The offer's own prices are the truth (not the room's original less the discount). */
    fixedPrices: integer('fixed_prices', { mode: 'boolean' }).notNull().default(false),
    features: text('features', { mode: 'json' })
      .$type<LocalizedText[]>()
      .notNull()
      .default(sql`'[]'`),
    galleryImages: text('gallery_images', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    isBestSeller: integer('is_best_seller', { mode: 'boolean' }).notNull().default(false),
    theme: text('theme').notNull().default('silver'),
    validFrom: text('valid_from'),
    validTo: text('valid_to'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('offers_slug_idx').on(t.slug),
    index('offers_is_active_sort_order_idx').on(t.isActive, t.sortOrder),
  ],
);
export type Offer = typeof offers.$inferSelect;

/** Hotel events shown on the landing page (spec `events`). */
export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    titleAr: text('title_ar').notNull(),
    description: text('description').notNull(),
    descriptionAr: text('description_ar').notNull(),
    date: text('date'),
    imageUrl: text('image_url'),
    price: integer('price'),
    maxCapacity: integer('max_capacity'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('events_slug_idx').on(t.slug)],
);

export type ServiceContact = {
  phone?: string;
  whatsapp?: string;
  mapUrl?: string;
  instagram?: string;
};

/**
 * Nearby services (restaurants, spa; transport and shopping placeholders
 * that are listed but not active: "will be activated soon").
 */
export const services = sqliteTable(
  'services',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull(),
    category: text('category', { enum: ['restaurant', 'spa', 'transport', 'shopping'] }).notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionAr: text('description_ar').notNull(),
    descriptionEn: text('description_en').notNull(),
    distanceMeters: integer('distance_meters'),
    walkMinutes: integer('walk_minutes'),
    menuImages: text('menu_images', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    contact: text('contact', { mode: 'json' })
      .$type<ServiceContact>()
      .notNull()
      .default(sql`'{}'`),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('services_slug_idx').on(t.slug)],
);
export type Service = typeof services.$inferSelect;

/** The three VIP card types with their allowances (spec section 9). */
export const vipCardTypes = sqliteTable('vip_card_types', {
  id: text('id', { enum: VIP_CARD_TYPES }).primaryKey(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  price: integer('price').notNull(),
  totalRooms: integer('total_rooms').notNull(),
  freeCoffees: integer('free_coffees').notNull(),
  freeNights: integer('free_nights').notNull(),
  discounts: text('discounts', { mode: 'json' }).$type<{ percent: number; rooms: number }[]>().notNull(),
  isMostPopular: integer('is_most_popular', { mode: 'boolean' }).notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Site settings: one row (id 1; migration 0014 refuses another), edited at /admin/settings. */
export const siteSettings = sqliteTable('site_settings', {
  id: integer('id').primaryKey(),
  siteName: text('site_name').notNull(),
  siteNameAr: text('site_name_ar').notNull(),
  siteDescription: text('site_description').notNull(),
  siteDescriptionAr: text('site_description_ar').notNull(),
  contactPhone: text('contact_phone').notNull(),
  contactEmail: text('contact_email').notNull(),
  whatsappNumber: text('whatsapp_number').notNull(),
  address: text('address').notNull(),
  addressAr: text('address_ar').notNull(),
  maintenanceMode: integer('maintenance_mode', { mode: 'boolean' }).notNull().default(false),
  /** The landing's hero photo (migration 0022); null: the demo picture. Deleting the photo unsets it. */
  heroMediaId: integer('hero_media_id').references(() => media.id, { onDelete: 'set null' }),
  mapUrl: text('map_url').notNull().default(''),
  socialLinks: text('social_links', { mode: 'json' })
    .$type<SocialLink[]>()
    .notNull()
    .default(sql`'[]'`),
  checkInTime: text('check_in_time').notNull().default('14:00'),
  checkOutTime: text('check_out_time').notNull().default('12:00'),
  /** Where staff hear of a new booking request by e-mail; empty: nobody (migration 0024). */
  bookingAlertEmail: text('booking_alert_email').notNull().default(''),
  /** Migration 0029: the cancellation policy, online check-in and ID retention. */
  freeCancellationHours: integer('free_cancellation_hours').notNull().default(24),
  cancellationPolicy: text('cancellation_policy').notNull().default(''),
  cancellationPolicyAr: text('cancellation_policy_ar').notNull().default(''),
  onlineCheckInHours: integer('online_check_in_hours').notNull().default(72),
  idRetentionDays: integer('id_retention_days').notNull().default(30),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
