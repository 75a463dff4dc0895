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
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { requireRole, type AuthedEnv } from '../http/auth';
import {
  createEntry,
  decide,
  LIST_LIMIT,
  listModerated,
  type ModeratedKind,
  type NewEntry,
} from '../lib/entries';
import { createdHeaders } from '../http/idempotency';
import { readSession } from '../http/sessions';
import { validate } from '../http/validation';
import { answerIfChanged } from '../http/versions';

/**
 * The three kinds of prize-draw entry, one sub-app each (mounted by their paths):
 * anyone may enter (POST, with an Idempotency-Key); staff list and decide.
 */
const staffOnly = requireRole('staff');

/** Creates the entry (lib/entries.ts) and answers 201 with it, or its first answer on a retry. */
async function enter<Answer extends Record<string, unknown>>(
  c: Context<AppEnv>,
  body: unknown,
  entry: NewEntry<Answer>,
) {
  const session = await readSession(c);
  const sender = { userId: session?.user.id ?? null, idempotencyKey: c.req.header('idempotency-key') };
  const created = await createEntry(c.get('db'), c.env.IMAGES, sender, body, entry);
  createdHeaders(c, created.replayed);
  return c.json(created.body, 201);
}

/** Decides an entry (lib/entries.ts) and answers it as staff now see it. */
async function decideEntry(
  c: Context<AuthedEnv>,
  kind: ModeratedKind,
  id: number,
  approved: boolean,
  notes: string | null | undefined,
) {
  const decided = await decide(c.get('db'), c.get('user'), kind, id, approved, notes);
  c.header('Cache-Control', 'no-store');
  return c.json(decided, 200);
}

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
      (c) => decideEntry(c, kind, c.req.valid('param').id, true, c.req.valid('json').adminNotes),
    )
    .post(
      '/:id/reject',
      staffOnly,
      validate('param', idParamSchema),
      validate('json', moderationNotesSchema),
      (c) => decideEntry(c, kind, c.req.valid('param').id, false, c.req.valid('json').adminNotes),
    )
    .patch(
      '/:id/status',
      staffOnly,
      validate('param', idParamSchema),
      validate('json', moderationStatusSchema),
      (c) => {
        const body = c.req.valid('json');
        return decideEntry(c, kind, c.req.valid('param').id, body.isApproved, body.adminNotes);
      },
    );
}

export const photographySubmissionRoutes = moderationRoutes('photography').post(
  '/',
  validate('json', photographySubmissionSchema),
  async (c) => {
    const body = c.req.valid('json');
    const phone = normalizePhone(body.participantPhone);
    return enter(c, body, {
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
    return enter(c, body, {
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
    return enter(c, body, {
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
