import { Hono } from 'hono';
import { availabilityQuerySchema } from '@shared/availability-schemas';
import { hotelToday } from '@shared/dates';
import type { AppEnv } from '../../../platform/env';
import { edgeCache } from '../../../platform/edge-cache';
import { validate } from '../../../platform/validation';
import { answerIfChanged } from '../../../platform/etag-answers';
import { nightlyAvailability } from '../availability';

/**
 * GET /api/availability?roomType=&from=&to=&ratePlan=&adults=&children= (public): each night's
 * rooms left, price on the plan for the guests (answered as `numberOfGuests`, `adults`,
 * `children`; `numberOfGuests` alone is that many adults) and restrictions for the booking
 * calendar (modules/inventory/availability.ts). Cached at the edge under the
 * inventory version (holds and allotments) and the content version (offers change the
 * price); the cache key carries the hotel day, so today's offers are the ones priced.
 */
export const availabilityRoutes = new Hono<AppEnv>().get(
  '/',
  edgeCache(['inventory', 'content']),
  validate('query', availabilityQuerySchema),
  async (c) => {
    const { roomType, from, to, ratePlan, numberOfGuests, adults, children } = c.req.valid('query');
    await answerIfChanged(
      c,
      ['inventory', 'content'],
      `availability:${roomType}:${from}:${to}:${ratePlan}:${numberOfGuests}:${adults}:${children}:${hotelToday()}`,
    );
    const { guests, nights } = await nightlyAvailability(
      c.get('db'),
      roomType,
      { from, to },
      { ratePlan, guests: { numberOfGuests, adults, children } },
    );
    return c.json({ roomType, ratePlan, ...guests, nights });
  },
);
