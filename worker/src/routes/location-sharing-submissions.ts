import { Hono } from 'hono';
import { normalizePhone } from '../../../shared/src/digits';
import { locationSharingSubmissionSchema } from '../../../shared/src/event-schemas';
import { locationSharingSubmissions } from '../db/schema/events';
import type { AppEnv } from '../env';
import { requireRole } from '../http/auth';
import { enter } from '../http/entry-routes';
import { validate } from '../http/validation';
import { answerIfChanged } from '../http/versions';
import { listLocationSharing } from '../lib/entries';

/**
 * /api/location-sharing-submissions: the location-sharing draw's entries. Anyone may enter
 * (POST, with an Idempotency-Key); staff list them.
 */
export const locationSharingSubmissionRoutes = new Hono<AppEnv>()
  .post('/', validate('json', locationSharingSubmissionSchema), async (c) => {
    const body = c.req.valid('json');
    const phone = normalizePhone(body.participantPhone);
    const created = await enter(c, body, {
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
    return c.json(created, 201);
  })
  .get('/', requireRole('staff'), async (c) => {
    await answerIfChanged(c, ['entries'], 'location_sharing');
    const rows = await listLocationSharing(c.get('db'));
    c.header('Cache-Control', 'no-store');
    return c.json(rows);
  });
