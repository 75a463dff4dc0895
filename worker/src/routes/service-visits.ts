import { Hono } from 'hono';
import { serviceVisitSchema } from '../../../shared/src/review-schemas';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/errors';
import { LIMITS, retryAfterSeconds } from '../lib/rate-limit';
import { recordServiceVisit } from '../lib/service-visits';
import { validate } from '../lib/validation';

/**
 * POST /api/track-service-visit {serviceType: 'restaurant' | 'spa'} (public, fire and forget):
 * counted once per device per service type per hotel day; floods from one address get 429.
 */
export const serviceVisitRoutes = new Hono<AppEnv>().post(
  '/',
  validate('json', serviceVisitSchema),
  async (c) => {
    const { serviceType } = c.req.valid('json');
    const { throttled, counted } = await recordServiceVisit(c, serviceType);
    if (throttled) {
      c.header('Retry-After', String(retryAfterSeconds(LIMITS.serviceVisitsPerAddress)));
      throw new ApiError(429, 'too_many_requests');
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ serviceType, counted }, 200);
  },
);
