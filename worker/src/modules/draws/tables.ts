import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { EVENT_TYPES, LANGUAGES } from '../../../../shared/src/constants';
import { REVIEW_STATUSES } from '../../../../shared/src/review-schemas';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../accounts/tables';

/**
 * Prize-draw entries. Images live in R2; `event_images` keeps their keys
 * (the spec's photoUrls / screenshotsBase64 lists are accepted on input and
 * stored as R2 objects, never as base64 in D1).
 */
export const photographySubmissions = sqliteTable(
  'photography_submissions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    participantPhone: text('participant_phone').notNull(),
    submissionDate: integer('submission_date', { mode: 'timestamp_ms' }).notNull(),
    isApproved: integer('is_approved', { mode: 'boolean' }).notNull().default(false),
    adminNotes: text('admin_notes'),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The signed-in account that made the entry (its notifications are theirs); null when signed out. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The language the entry was made in: its e-mails are written in it (migration 0024). */
    lang: text('lang', { enum: LANGUAGES }).notNull().default('ar'),
    /** The device that sent the entry (`X-Device-Id`): its push subscription hears of it (0025). */
    deviceId: text('device_id'),
  },
  (t) => [
    index('photography_submissions_participant_phone_idx').on(t.participantPhone),
    // The staff list, newest first, one page (migration 0020).
    index('photography_submissions_submission_date_idx').on(t.submissionDate),
    // A guest's export and erasure (migration 0032): the account's entries, and staff deleted under a decision.
    index('photography_submissions_user_id_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    index('photography_submissions_decided_by_user_id_idx')
      .on(t.decidedByUserId)
      .where(sql`${t.decidedByUserId} is not null`),
  ],
);

export const googleReviewSubmissions = sqliteTable(
  'google_review_submissions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    participantPhone: text('participant_phone').notNull(),
    submissionDate: integer('submission_date', { mode: 'timestamp_ms' }).notNull(),
    /** Nullable with no default, as in the spec: null = pending. */
    isApproved: integer('is_approved', { mode: 'boolean' }),
    /** Where the entry was made: the Google review modal (1+ screenshots) or the rating draw page (3+). */
    source: text('source', { enum: ['modal', 'rating_page'] })
      .notNull()
      .default('modal'),
    adminNotes: text('admin_notes'),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The signed-in account that made the entry (its notifications are theirs); null when signed out. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The language the entry was made in: its e-mails are written in it (migration 0024). */
    lang: text('lang', { enum: LANGUAGES }).notNull().default('ar'),
    /** The device that sent the entry (`X-Device-Id`): its push subscription hears of it (0025). */
    deviceId: text('device_id'),
  },
  (t) => [
    index('google_review_submissions_participant_phone_idx').on(t.participantPhone),
    // The staff list, newest first, one page (migration 0020).
    index('google_review_submissions_submission_date_idx').on(t.submissionDate),
    // A guest's export and erasure (migration 0032): the account's entries, and staff deleted under a decision.
    index('google_review_submissions_user_id_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    index('google_review_submissions_decided_by_user_id_idx')
      .on(t.decidedByUserId)
      .where(sql`${t.decidedByUserId} is not null`),
  ],
);

export const locationSharingSubmissions = sqliteTable(
  'location_sharing_submissions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    participantPhone: text('participant_phone').notNull(),
    submissionDate: integer('submission_date', { mode: 'timestamp_ms' }).notNull(),
    shareCount: integer('share_count').notNull().default(5),
    isCompleted: integer('is_completed', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The signed-in account that made the entry (its notifications are theirs); null when signed out. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The language the entry was made in: its e-mails are written in it (migration 0024). */
    lang: text('lang', { enum: LANGUAGES }).notNull().default('ar'),
    /** The device that sent the entry (`X-Device-Id`): its push subscription hears of it (0025). */
    deviceId: text('device_id'),
  },
  (t) => [
    index('location_sharing_submissions_participant_phone_idx').on(t.participantPhone),
    // The staff list, newest first, one page (migration 0020).
    index('location_sharing_submissions_submission_date_idx').on(t.submissionDate),
    // A guest's export and erasure (migration 0032).
    index('location_sharing_submissions_user_id_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
  ],
);

/**
 * Uploaded images, one R2 object each under a server-generated key. A file
 * is uploaded first (submission_id null) and attached when its entry is
 * created, so the app can send files one at a time and retry only failures.
 */
export const eventImages = sqliteTable(
  'event_images',
  {
    id: text('id').primaryKey(),
    eventType: text('event_type', { enum: EVENT_TYPES }).notNull(),
    submissionId: integer('submission_id'),
    r2Key: text('r2_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('event_images_r2_key_idx').on(t.r2Key),
    index('event_images_submission_idx').on(t.eventType, t.submissionId),
  ],
);

/** One entry per phone per event type per month (Asia/Muscat), enforced here. */
export const monthlyParticipations = sqliteTable(
  'monthly_participations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    participantPhone: text('participant_phone').notNull(),
    eventType: text('event_type', { enum: EVENT_TYPES }).notNull(),
    participationMonth: text('participation_month').notNull(),
    submissionDate: integer('submission_date', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('monthly_participations_phone_event_month_idx').on(
      t.participantPhone,
      t.eventType,
      t.participationMonth,
    ),
  ],
);

/** Admin switch per event type (Google's review policy: the rating draw can be turned off). */
export const eventSettings = sqliteTable('event_settings', {
  eventType: text('event_type', { enum: EVENT_TYPES }).primaryKey(),
  isEnabled: integer('is_enabled', { mode: 'boolean' }).notNull().default(true),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Entries need a phone proven by a code (migration 0026; DESIGN.md "Notifications"). */
  requirePhoneVerification: integer('require_phone_verification', { mode: 'boolean' })
    .notNull()
    .default(true),
});

/** Messages for a participant's phone (moderation decisions, booking updates). */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userPhone: text('user_phone').notNull(),
    title: text('title').notNull(),
    titleAr: text('title_ar').notNull(),
    message: text('message').notNull(),
    messageAr: text('message_ar').notNull(),
    type: text('type').notNull(),
    isRead: integer('is_read', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The account it is for (the booking's or the entry's); a guest reads only these. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id'),
    entryType: text('entry_type'),
    entryId: integer('entry_id'),
  },
  (t) => [
    index('notifications_user_phone_idx').on(t.userPhone, t.createdAt),
    index('notifications_user_id_idx').on(t.userId, t.createdAt),
    // A guest's unread count reads their unread rows only (migration 0027).
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = 0`),
  ],
);

/**
 * The staff's alerts (issue 29 section 4, migration 0027): one row per booking request and
 * prize-draw entry that arrives, written by triggers in the statement that inserts it (the
 * desk's own walk-ins excepted). Shared by every member of staff; each one's read state is in
 * `staff_alert_watermarks` and `staff_alert_reads`. The app words them (Lingui); the name, phone
 * and stay are read from the booking or entry when listed (no second copy of personal data).
 */
export const STAFF_ALERT_KINDS = [
  'booking_request',
  'free_night',
  'photography_entry',
  'rating_entry',
  'location_entry',
  /** A guest checked in online (issue 30, modules/bookings/online-check-in.ts), written in the check-in's batch. */
  'online_check_in',
  /** A guest changed their booking (issue 30, modules/bookings/booking-changes.ts): to approve again. */
  'booking_changed',
  /** A guest in house asked for something (issue 31 section 6): `stay_request_id` names it. */
  'stay_request',
] as const;

export const staffAlerts = sqliteTable(
  'staff_alerts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: STAFF_ALERT_KINDS }).notNull(),
    bookingId: integer('booking_id'),
    entryId: integer('entry_id'),
    createdAt: createdAt(),
    /** The guest's in-stay request the alert is about (migration 0035). */
    stayRequestId: integer('stay_request_id'),
  },
  (t) => [index('staff_alerts_created_at_idx').on(t.createdAt)],
);

/** A member of staff has read every alert up to this one (created_at, then id): "mark all read". */
export const staffAlertWatermarks = sqliteTable('staff_alert_watermarks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  readThroughAt: integer('read_through_at').notNull(),
  readThroughId: integer('read_through_id').notNull(),
  updatedAt: updatedAt(),
});

/** Single alerts a member of staff has read above their watermark. */
export const staffAlertReads = sqliteTable(
  'staff_alert_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    alertId: integer('alert_id')
      .notNull()
      .references(() => staffAlerts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.alertId] })],
);

/** Guest reviews: the author sees theirs at once; others after staff approve. */
export const reviews = sqliteTable(
  'reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name'),
    phoneNumber: text('phone_number'),
    starRating: integer('star_rating').notNull(),
    comment: text('comment').notNull(),
    serviceReview: text('service_review'),
    roomReview: text('room_review'),
    overallReview: text('overall_review'),
    /** The spec's field: true only when approved (a trigger keeps it equal to status = 'approved'). */
    isApproved: integer('is_approved', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Migration 0013 (issue 13): moderation, the author's device and the verified-stay badge.
    /** Made once on the author's device: it shows its own pending reviews. */
    deviceId: text('device_id'),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    /** Set by the server at writing: signed in, with a completed booking ("stayed here"). */
    verifiedStay: integer('verified_stay', { mode: 'boolean' }).notNull().default(false),
    adminNotes: text('admin_notes'),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: integer('decided_at', { mode: 'timestamp_ms' }),
    /** The language the review was written in: its e-mail is written in it (migration 0024). */
    lang: text('lang', { enum: LANGUAGES }).notNull().default('ar'),
  },
  (t) => [
    index('reviews_is_approved_idx').on(t.isApproved, t.createdAt),
    index('reviews_status_created_at_idx').on(t.status, t.createdAt),
    index('reviews_device_id_idx').on(t.deviceId),
    index('reviews_user_id_idx').on(t.userId),
    // The moderation list, newest first, one page (migration 0020).
    index('reviews_created_at_idx').on(t.createdAt),
    // An account's deletion looks up the reviews its member of staff decided (migration 0032).
    index('reviews_decided_by_user_id_idx')
      .on(t.decidedByUserId)
      .where(sql`${t.decidedByUserId} is not null`),
  ],
);
