import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from '../../platform/columns';

/**
 * Totals kept as the data changes (migration 0020_statistics_rollups.sql; docs/decisions/026):
 * triggers on the booking, visit, review and user tables keep them in the same statement as
 * the write, so the statistics dashboard and the review counts read a few rows whatever the
 * history. The worker only reads them (modules/statistics/dashboard.ts, modules/reviews/reviews.ts); never write them.
 */

/** Sold room-nights and room revenue (baisa) per night (YYYY-MM-DD). */
export const rollupNights = sqliteTable('rollup_nights', {
  night: text('night').primaryKey(),
  roomNights: integer('room_nights').notNull().default(0),
  revenue: integer('revenue').notNull().default(0),
});

/** The same per month of those nights (YYYY-MM). */
export const rollupMonths = sqliteTable('rollup_months', {
  month: text('month').primaryKey(),
  roomNights: integer('room_nights').notNull().default(0),
  revenue: integer('revenue').notNull().default(0),
});

/**
 * Bookings made per Muscat day and source: how many, how many are cancelled now, and for the
 * others the sums of lead time (days) and length of stay (nights).
 */
export const rollupBookingDays = sqliteTable(
  'rollup_booking_days',
  {
    day: text('day').notNull(),
    source: text('source').notNull(),
    made: integer('made').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    leadDays: integer('lead_days').notNull().default(0),
    stayNights: integer('stay_nights').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.source] })],
);

/** Bookings per status and room type, and the revenue of those not paid in points (baisa). */
export const rollupBookings = sqliteTable(
  'rollup_bookings',
  {
    status: text('status').notNull(),
    roomType: text('room_type').notNull(),
    bookings: integer('bookings').notNull().default(0),
    revenue: integer('revenue').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.roomType] })],
);

/** Site visits (devices) per day. */
export const rollupSiteVisitDays = sqliteTable('rollup_site_visit_days', {
  visitDate: text('visit_date').primaryKey(),
  visits: integer('visits').notNull().default(0),
});

/** Service visits per service and category, all time. */
export const rollupServiceVisits = sqliteTable(
  'rollup_service_visits',
  {
    serviceName: text('service_name').notNull(),
    serviceCategory: text('service_category').notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.serviceName, t.serviceCategory] })],
);

/** Service visits per day and service. */
export const rollupServiceVisitDays = sqliteTable(
  'rollup_service_visit_days',
  {
    visitDate: text('visit_date').notNull(),
    serviceName: text('service_name').notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.visitDate, t.serviceName] })],
);

/** Reviews per moderation status, with the sum of their stars. */
export const rollupReviews = sqliteTable('rollup_reviews', {
  status: text('status').primaryKey(),
  reviews: integer('reviews').notNull().default(0),
  stars: integer('stars').notNull().default(0),
});

/** Single counts by name: 'registered_users' (verified guest accounts). */
export const rollupCounts = sqliteTable('rollup_counts', {
  name: text('name').primaryKey(),
  value: integer('value').notNull().default(0),
});

/**
 * Statistics: one row per device per day (migration 0007). `visitorHash` is the salted daily
 * hash of platform/visitor-hash.ts; `ipAddress` and `userAgent` are the spec's columns, never
 * written (no raw address is stored).
 */
export const siteVisits = sqliteTable(
  'site_visits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    visitDate: text('visit_date').notNull(),
    visitorHash: text('visitor_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('site_visits_visit_date_idx').on(t.visitDate),
    uniqueIndex('site_visits_visit_date_visitor_hash_idx').on(t.visitDate, t.visitorHash),
  ],
);

export const serviceVisits = sqliteTable(
  'service_visits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    serviceName: text('service_name').notNull(),
    serviceCategory: text('service_category').notNull(),
    /** Never written; see `visitorHash`. */
    ipAddress: text('ip_address'),
    visitDate: text('visit_date').notNull(),
    visitorHash: text('visitor_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('service_visits_visit_date_idx').on(t.visitDate, t.serviceName),
    // The statistics' visits per service (migration 0015).
    index('service_visits_service_name_visit_date_idx').on(t.serviceName, t.visitDate, t.serviceCategory),
    uniqueIndex('service_visits_visit_date_service_name_visitor_hash_idx').on(
      t.visitDate,
      t.serviceName,
      t.visitorHash,
    ),
  ],
);
