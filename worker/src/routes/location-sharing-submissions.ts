import { Hono } from 'hono';
import { locationSharingSubmissionSchema } from '../../../shared/src/event-schemas';
import type { AppEnv } from '../env';
import { requireRole } from '../http/auth';
import { enter } from '../http/entry-routes';
import { validate } from '../http/validation';
import { answerIfChanged } from '../http/versions';
import { listLocationSharing, locationSharingEntry } from '../lib/entries';

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
