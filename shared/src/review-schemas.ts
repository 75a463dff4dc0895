import { z } from './zod';
import { queryCount } from './date-schemas';
import { toLatinDigits } from './digits';

/**
 * Guest reviews (guest spec "Reviews section", "Review form"; beyond the
 * spec: stored on the server, the author sees theirs at once, others after staff approve).
 * Messages are codes; each side turns a code into Arabic or English.
 */
/** Text limits of a review, and the public list's page size. */
export const REVIEW_LIMITS = {
  nameMax: 60,
  /** The comment (overallReview): long enough for a real review, short enough to moderate. */
  commentMax: 2000,
  partMax: 1000,
  notesMax: 1000,
  /** GET /api/reviews answers at most this many per page. */
  pageMax: 50,
} as const;

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** 1 to 5 stars; "٤" typed with Arabic-Indic digits (or sent as a string) counts as 4. */
export const starRatingSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(toLatinDigits(value.trim())) : value),
  z
    .number({ error: 'review_rating_required' })
    .int('review_rating_required')
    .min(1, 'review_rating_required')
    .max(5, 'review_rating_required'),
);

const optionalText = (max: number, tooLong: string, multiline = false) =>
  (multiline
    ? z.multilineString({ error: 'review_text_invalid' })
    : z.string({ error: 'review_text_invalid' })
  )
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

export const reviewCreateSchema = z.object({
  starRating: starRatingSchema,
  /** Empty = the spec's anonymous-guest label, shown by the app. */
  name: optionalText(REVIEW_LIMITS.nameMax, 'review_name_too_long'),
  overallReview: z
    .multilineString({ error: 'review_comment_required' })
    .trim()
    .min(1, 'review_comment_required')
    .max(REVIEW_LIMITS.commentMax, 'review_comment_too_long'),
  serviceReview: optionalText(REVIEW_LIMITS.partMax, 'review_part_too_long', true),
  roomReview: optionalText(REVIEW_LIMITS.partMax, 'review_part_too_long', true),
});
export type ReviewCreateInput = z.input<typeof reviewCreateSchema>;

/** The device's own id (made once on the device) that lets the author see their pending reviews. */
export const reviewDeviceIdSchema = z.string().uuid({ error: 'device_id_invalid' });
// (In constants.ts, which has no schema: every staff screen's push switch sends it; decision 087.)
export { REVIEW_DEVICE_HEADER } from './constants';

/** `?limit=` (1-50, default 10) and `?offset=` (plain digits; the coercion would take `0x10`). */
export const reviewListQuerySchema = z.object({
  limit: queryCount(REVIEW_LIMITS.pageMax).optional(),
  offset: z
    .string({ error: 'invalid_number' })
    .regex(/^\d{1,6}$/, 'invalid_number')
    .transform(Number)
    .optional(),
});

export const reviewDecisionSchema = z.object({
  isApproved: z.boolean({ error: 'invalid_decision' }),
  adminNotes: z
    .multilineString()
    .trim()
    .max(REVIEW_LIMITS.notesMax, 'notes_too_long')
    .nullish()
    .transform((value) => (value ? value : null)),
});

/** Nearby services whose visits are counted (guest spec "Service visit: serviceType"). */
export const TRACKED_SERVICE_TYPES = ['restaurant', 'spa'] as const;
export type TrackedServiceType = (typeof TRACKED_SERVICE_TYPES)[number];
export const serviceVisitSchema = z.object({
  serviceType: z.enum(TRACKED_SERVICE_TYPES, { error: 'invalid_service_type' }),
});
