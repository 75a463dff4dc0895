import { Hono } from 'hono';
import { serviceVisitSchema } from '@shared/review-schemas';
import type { AppEnv } from '../../../platform/env';
import { throttled } from '../../../platform/api-error';
import { clientAddress } from '../../../platform/request';
import { LIMITS, retryAfterSeconds } from '../../../platform/rate-limit';
import { recordServiceVisit } from '../service-visits';
import { validate } from '../../../platform/validation';

/**
 * POST /api/track-service-visit {serviceType: 'restaurant' | 'spa'} (public, fire and forget):
 * counted once per device per service type per hotel day; floods from one address get 429.
 */
export const serviceVisitRoutes = new Hono<AppEnv>().post(
  '/',
  validate('json', serviceVisitSchema),
  async (c) => {
    const { serviceType } = c.req.valid('json');
    const visit = await recordServiceVisit(c.get('db'), c.env, serviceType, {
      address: clientAddress(c),
      userAgent: c.req.header('user-agent')?.slice(0, 512) ?? '',
    });
    if (visit.throttled) {
      throw throttled('too_many_requests', retryAfterSeconds(LIMITS.serviceVisitsPerAddress));
    }
    const { counted } = visit;
    c.header('Cache-Control', 'no-store');
    return c.json({ serviceType, counted }, 200);
  },
);
