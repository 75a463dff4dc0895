import { Hono } from 'hono';
import { locationSharingSubmissionSchema } from '@shared/event-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireRole } from '../../../platform/auth-middleware';
import { enter } from '../entry-routes';
import { validate } from '../../../platform/validation';
import { answerIfChanged } from '../../../platform/etag-answers';
import { listLocationSharing, locationSharingEntry } from '../entries';

/**
 * /api/location-sharing-submissions: the location-sharing draw's entries. Anyone may enter
 * (POST, with an Idempotency-Key); staff list them.
 */
export const locationSharingSubmissionRoutes = new Hono<AppEnv>()
  .post('/', validate('json', locationSharingSubmissionSchema), async (c) => {
    const body = c.req.valid('json');
    const created = await enter(c, body, locationSharingEntry(body));
    return c.json(created, 201);
  })
  .get('/', requireRole('staff'), async (c) => {
    await answerIfChanged(c, ['entries'], 'location_sharing');
    const rows = await listLocationSharing(c.get('db'));
    c.header('Cache-Control', 'no-store');
    return c.json(rows);
  });
