import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { idParamSchema } from '../../../shared/src/booking-schemas';
import { normalizePhone } from '../../../shared/src/digits';
import {
  googleReviewSubmissionSchema,
  locationSharingSubmissionSchema,
  minimumImages,
  moderationNotesSchema,
  moderationStatusSchema,
  photographySubmissionSchema,
} from '../../../shared/src/event-schemas';
import {
  googleReviewSubmissions,
  locationSharingSubmissions,
  photographySubmissions,
} from '../db/schema/events';
import type { AppEnv } from '../env';
import { requireRole } from '../lib/auth';
import { createEntry, decide, LIST_LIMIT, listModerated, type ModeratedKind } from '../lib/entries';
import { validate } from '../lib/validation';
import { answerIfChanged } from '../lib/versions';

/**
 * The three kinds of prize-draw entry, one sub-app each (mounted by their paths):
 * anyone may enter (POST, with an Idempotency-Key); staff list and decide.
 */
const staffOnly = requireRole('staff');

/** GET (list) and the decisions, both spellings of the admin spec; staff only. */
function moderationRoutes(kind: ModeratedKind) {
  return new Hono<AppEnv>()
    .get('/', staffOnly, async (c) => {
      await answerIfChanged(c, ['entries'], kind);
      c.header('Cache-Control', 'no-store');
      return c.json(await listModerated(c.get('db'), kind));
    })
    .post(
      '/:id/approve',
      staffOnly,
      validate('param', idParamSchema),
      validate('json', moderationNotesSchema),
      (c) => decide(c, kind, c.req.valid('param').id, true, c.req.valid('json').adminNotes),
    )
    .post(
      '/:id/reject',
      staffOnly,
      validate('param', idParamSchema),
      validate('json', moderationNotesSchema),
      (c) => decide(c, kind, c.req.valid('param').id, false, c.req.valid('json').adminNotes),
    )
    .patch(
      '/:id/status',
      staffOnly,
      validate('param', idParamSchema),
      validate('json', moderationStatusSchema),
      (c) => {
        const body = c.req.valid('json');
        return decide(c, kind, c.req.valid('param').id, body.isApproved, body.adminNotes);
      },
    );
}

export const photographySubmissionRoutes = moderationRoutes('photography').post(
  '/',
  validate('json', photographySubmissionSchema),
  async (c) => {
    const body = c.req.valid('json');
    const phone = normalizePhone(body.participantPhone);
    return createEntry(c, body, {
      kind: 'photography',
      phone,
      uploadIds: body.uploadIds ?? [],
      inline: body.photoUrls ?? [],
      minImages: minimumImages('photography'),
      insert: (db, now, userId) =>
        db
          .insert(photographySubmissions)
          .values({ participantPhone: phone, submissionDate: now, userId })
          .returning({ id: photographySubmissions.id }),
      answer: (now, imageCount) => ({
        participantPhone: phone,
        submissionDate: now.toISOString(),
        imageCount,
        status: 'pending',
      }),
    });
  },
);

export const googleReviewSubmissionRoutes = moderationRoutes('google_review').post(
  '/',
  validate('json', googleReviewSubmissionSchema),
  async (c) => {
    const body = c.req.valid('json');
    const phone = normalizePhone(body.participantPhone);
    return createEntry(c, body, {
      kind: 'google_review',
      phone,
      uploadIds: body.uploadIds ?? [],
      inline: [...(body.screenshotsBase64 ?? []), ...(body.screenshotBase64 ? [body.screenshotBase64] : [])],
      minImages: minimumImages(body.source),
      insert: (db, now, userId) =>
        db
          .insert(googleReviewSubmissions)
          .values({ participantPhone: phone, submissionDate: now, source: body.source, userId })
          .returning({ id: googleReviewSubmissions.id }),
      answer: (now, imageCount) => ({
        participantPhone: phone,
        submissionDate: now.toISOString(),
        imageCount,
        source: body.source,
        status: 'pending',
      }),
    });
  },
);

export const locationSharingSubmissionRoutes = new Hono<AppEnv>()
  .post('/', validate('json', locationSharingSubmissionSchema), async (c) => {
    const body = c.req.valid('json');
    const phone = normalizePhone(body.participantPhone);
    return createEntry(c, body, {
      kind: 'location_sharing',
      phone,
      uploadIds: [],
      inline: [],
      minImages: 0,
      insert: (db, now, userId) =>
        db
          .insert(locationSharingSubmissions)
          .values({
            userId,
            participantPhone: phone,
            submissionDate: now,
            shareCount: body.shareCount,
            isCompleted: true,
          })
          .returning({ id: locationSharingSubmissions.id }),
      answer: (now) => ({
        participantPhone: phone,
        submissionDate: now.toISOString(),
        shareCount: body.shareCount,
        isCompleted: true,
      }),
    });
  })
  .get('/', staffOnly, async (c) => {
    await answerIfChanged(c, ['entries'], 'location_sharing');
    const rows = await c
      .get('db')
      .select({
        id: locationSharingSubmissions.id,
        participantPhone: locationSharingSubmissions.participantPhone,
        submissionDate: locationSharingSubmissions.submissionDate,
        shareCount: locationSharingSubmissions.shareCount,
        isCompleted: locationSharingSubmissions.isCompleted,
      })
      .from(locationSharingSubmissions)
      .orderBy(desc(locationSharingSubmissions.submissionDate), desc(locationSharingSubmissions.id))
      .limit(LIST_LIMIT);
    c.header('Cache-Control', 'no-store');
    return c.json(rows);
  });
