import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';
import { EVENT_TYPES, LANGUAGES } from '@shared/constants';

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
    // The entries waiting for a decision, counted by the events management screen (migration 0045).
    index('photography_submissions_pending_idx')
      .on(t.submissionDate)
      .where(sql`${t.decidedAt} is null`),
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
    // The entries waiting for a decision, counted by the events management screen (migration 0045).
    index('google_review_submissions_pending_idx')
      .on(t.submissionDate)
      .where(sql`${t.decidedAt} is null`),
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
    // This month's entries per event (migration 0045).
    index('monthly_participations_month_event_idx').on(t.participationMonth, t.eventType),
  ],
);

/** Admin switch per event type (Google's review policy: the rating draw can be turned off). */
export const eventSettings = sqliteTable('event_settings', {
  eventType: text('event_type', { enum: EVENT_TYPES }).primaryKey(),
  isEnabled: integer('is_enabled', { mode: 'boolean' }).notNull().default(true),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** Entries need a phone proven by a code (migration 0026). */
  requirePhoneVerification: integer('require_phone_verification', { mode: 'boolean' })
    .notNull()
    .default(true),
});
