import { Hono } from 'hono';
import type { z, ZodType } from 'zod';
import { idParamSchema } from '@shared/date-schemas';
import {
  googleReviewSubmissionSchema,
  moderationNotesSchema,
  moderationStatusSchema,
  photographySubmissionSchema,
} from '@shared/event-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireRole } from '../../../platform/auth-middleware';
import { validate } from '../../../platform/validation';
import { decideEntry, enter, listEntries } from '../entry-routes';
import { googleReviewEntry, photographyEntry, type ModeratedKind, type NewEntry } from '../entries';

const staffOnly = requireRole('staff');

/**
 * /api/photography-submissions and /api/google-review-submissions: the moderated draws' entries.
 */

/**
 * The routes of a moderated draw's entries (photography, the hotel rating), which differ only in
 * their kind, the entry's schema and the row it makes: anyone may enter (POST, with an
 * Idempotency-Key); staff list and decide, under both spellings of the admin spec.
 *
 * (Not exported: its generic type is too long to write in a declaration; its two uses are.)
 */
function moderatedSubmissionRoutes<Schema extends ZodType, Answer extends Record<string, unknown>>(
  kind: ModeratedKind,
  schema: Schema,
  entryOf: (body: z.output<Schema>) => NewEntry<Answer>,
) {
  return new Hono<AppEnv>()
    .get('/', staffOnly, (c) => listEntries(c, kind))
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
    )
    .post('/', validate('json', schema), async (c) => {
      const body = c.req.valid('json') as z.output<Schema>;
      const created = await enter(c, body, entryOf(body));
      return c.json(created, 201);
    });
}

/** /api/photography-submissions: the photography draw's entries (3+ photos). */
export const photographySubmissionRoutes = moderatedSubmissionRoutes(
  'photography',
  photographySubmissionSchema,
  photographyEntry,
);

/** /api/google-review-submissions: the hotel-rating draw's entries (screenshots). */
export const googleReviewSubmissionRoutes = moderatedSubmissionRoutes(
  'google_review',
  googleReviewSubmissionSchema,
  googleReviewEntry,
);
