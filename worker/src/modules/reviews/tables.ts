import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { LANGUAGES } from '@shared/constants';
import { REVIEW_STATUSES } from '@shared/review-schemas';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';

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
    // Migration 0013: moderation, the author's device and the verified-stay badge.
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
