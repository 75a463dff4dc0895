import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import {
  googleReviewSubmissionSchema,
  moderationNotesSchema,
  moderationStatusSchema,
} from '@shared/event-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireRole } from '../../../platform/auth-middleware';
import { decideEntry, enter, listEntries } from '../entry-routes';
import { googleReviewEntry } from '../entries';
import { validate } from '../../../platform/validation';

/**
 * /api/google-review-submissions: the hotel-rating draw's entries (screenshots). Anyone may
 * enter (POST, with an Idempotency-Key); staff list and decide (modules/draws/entry-routes.ts).
 */
const staffOnly = requireRole('staff');

export const googleReviewSubmissionRoutes = new Hono<AppEnv>()
  // GET (list) and the decisions, both spellings of the admin spec; staff only.
  .get('/', staffOnly, (c) => listEntries(c, 'google_review'))
  .post(
    '/:id/approve',
    staffOnly,
    validate('param', idParamSchema),
    validate('json', moderationNotesSchema),
    (c) => decideEntry(c, 'google_review', c.req.valid('param').id, true, c.req.valid('json').adminNotes),
  )
  .post(
    '/:id/reject',
    staffOnly,
    validate('param', idParamSchema),
    validate('json', moderationNotesSchema),
    (c) => decideEntry(c, 'google_review', c.req.valid('param').id, false, c.req.valid('json').adminNotes),
  )
  .patch(
    '/:id/status',
    staffOnly,
    validate('param', idParamSchema),
    validate('json', moderationStatusSchema),
    (c) => {
      const body = c.req.valid('json');
      return decideEntry(c, 'google_review', c.req.valid('param').id, body.isApproved, body.adminNotes);
    },
  )
  .post('/', validate('json', googleReviewSubmissionSchema), async (c) => {
    const body = c.req.valid('json');
    const created = await enter(c, body, googleReviewEntry(body));
    return c.json(created, 201);
  });
