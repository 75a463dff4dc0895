import { z } from './zod';
import { EVENT_RULES, EVENT_TYPES } from './constants';
import { verificationCodeSchema } from './auth-schemas';
import { phoneNumberSchema } from './schemas';

/**
 * Prize-draw entries (guest spec sections 3, 5 and 7; admin spec "Event
 * moderation"). The
 * spec's JSON shapes stay accepted (`photoUrls` data URLs,
 * `screenshotsBase64`, `screenshotBase64`); the app sends `uploadIds`:
 * files uploaded one at a time to `PUT /api/event-uploads/{uploadId}`.
 * Messages are codes; each side turns a code into Arabic or English.
 */

export const eventTypeSchema = z.enum(EVENT_TYPES, { error: 'invalid_event_type' });

/** Event types that carry images, and so may have uploads. */
export const IMAGE_EVENT_TYPES = ['photography', 'hotel_rating'] as const;
export type ImageEventType = (typeof IMAGE_EVENT_TYPES)[number];

/** At most this many images in one entry (the spec sets only minimums). */
export const MAX_IMAGES_PER_ENTRY = 10;

/** The image types the server keeps, recognised by their first bytes. */
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/heic',
] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** A client-made upload id: a random UUID (crypto.randomUUID()). */
export const uploadIdSchema = z.string().uuid({ error: 'upload_id_invalid' });
export const idempotencyKeySchema = z
  .string()
  .min(8, 'idempotency_key_invalid')
  .max(100, 'idempotency_key_invalid')
  .regex(/^[\w.:-]+$/, 'idempotency_key_invalid');

export const uploadParamSchema = z.object({ uploadId: uploadIdSchema });
export const uploadQuerySchema = z.object({
  eventType: z.enum(IMAGE_EVENT_TYPES, { error: 'invalid_event_type' }),
});

const uploadIds = z
  .array(uploadIdSchema, { error: 'images_invalid' })
  .max(MAX_IMAGES_PER_ENTRY, 'images_too_many')
  .refine((ids) => new Set(ids).size === ids.length, 'images_duplicate');

/** Base64 text of an image, with or without a `data:image/...;base64,` prefix. */
const base64Image = z.string({ error: 'images_invalid' }).min(1, 'images_invalid');

export const participationCheckSchema = z.object({
  participantPhone: phoneNumberSchema,
  eventType: eventTypeSchema,
});

export const photographySubmissionSchema = z.object({
  participantPhone: phoneNumberSchema,
  uploadIds: uploadIds.optional(),
  photoUrls: z.array(base64Image).max(MAX_IMAGES_PER_ENTRY, 'images_too_many').optional(),
});
export type PhotographySubmissionInput = z.infer<typeof photographySubmissionSchema>;

/**
 * Google review screenshots. The modal needs 1 screenshot; the hotel rating
 * draw page (`source: 'rating_page'`) needs 3.
 */
export const googleReviewSubmissionSchema = z.object({
  participantPhone: phoneNumberSchema,
  source: z.enum(['modal', 'rating_page']).default('modal'),
  uploadIds: uploadIds.optional(),
  screenshotsBase64: z.array(base64Image).max(MAX_IMAGES_PER_ENTRY, 'images_too_many').optional(),
  screenshotBase64: base64Image.optional(),
});
export type GoogleReviewSubmissionInput = z.infer<typeof googleReviewSubmissionSchema>;

export function minimumImages(kind: 'photography' | 'modal' | 'rating_page'): number {
  if (kind === 'photography') return EVENT_RULES.photographyMinImages;
  if (kind === 'rating_page') return EVENT_RULES.ratingMinImages;
  return EVENT_RULES.googleReviewModalMinImages;
}

/** Shares are counted on the device; the entry is made once all 5 are done. */
export const locationSharingSubmissionSchema = z.object({
  participantPhone: phoneNumberSchema,
  shareCount: z
    .number({ error: 'shares_incomplete' })
    .int('shares_incomplete')
    .min(EVENT_RULES.locationSharesRequired, 'shares_incomplete')
    .max(EVENT_RULES.locationSharesRequired, 'shares_incomplete')
    .default(EVENT_RULES.locationSharesRequired),
  isCompleted: z.literal(true, { error: 'shares_incomplete' }).default(true),
});
export type LocationSharingSubmissionInput = z.infer<typeof locationSharingSubmissionSchema>;

/** Staff decisions: the approve/reject form and the PATCH .../status form. */
export const moderationNotesSchema = z.object({
  adminNotes: z.multilineString().trim().max(1000, 'notes_too_long').optional().nullable(),
  /** Sent by the spec's client; ignored: the entry's own phone is notified. */
  userPhone: z.string().max(40).optional().nullable(),
});
export const moderationStatusSchema = z.object({
  isApproved: z.boolean({ error: 'invalid_status' }),
  adminNotes: z.multilineString().trim().max(1000, 'notes_too_long').optional().nullable(),
});

/** The fixed note of the quick reject (admin spec section 4). */
export const QUICK_REJECT_NOTE = 'تم الرفض';

/** An admin's change to an event: switched on or off, and whether entries need a proven phone. */
export const eventSettingSchema = z
  .object({
    isEnabled: z.boolean({ error: 'invalid_setting' }).optional(),
    requirePhoneVerification: z.boolean({ error: 'invalid_setting' }).optional(),
  })
  .refine((v) => v.isEnabled !== undefined || v.requirePhoneVerification !== undefined, 'invalid_setting');

/** POST /api/notifications (staff). */
export const notificationCreateSchema = z.object({
  userPhone: phoneNumberSchema,
  title: z.string().trim().min(1, 'title_required').max(200),
  titleAr: z.string().trim().min(1, 'title_required').max(200),
  message: z.multilineString().trim().min(1, 'message_required').max(2000),
  messageAr: z.multilineString().trim().min(1, 'message_required').max(2000),
  type: z.string().trim().min(1).max(50).default('general'),
});

/** How an entry stands: derived from the stored decision (admin spec section 4). */
export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/**
 * Phone verification (the spec's schema: phone 8+ characters, code exactly 6 digits;
 * Arabic-Indic digits accepted in both). Prize-draw entries need a proven phone unless an
 * admin turned that off for the event.
 */
export const phoneCodeRequestSchema = z.object({ phoneNumber: phoneNumberSchema });
export const phoneCodeVerifySchema = z.object({
  phoneNumber: phoneNumberSchema,
  verificationCode: verificationCodeSchema,
});
