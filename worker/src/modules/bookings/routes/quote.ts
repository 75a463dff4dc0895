import { Hono } from 'hono';
import { quoteQuerySchema } from '@shared/rate-schemas';
import type { AppEnv } from '../../../platform/env';
import { ApiError } from '../../../platform/api-error';
import { validate } from '../../../platform/validation';
import { priceStay } from '../../rates';
import { nightlyAvailability } from '../../inventory';

/**
 * GET /api/quote?roomType&ratePlan&checkInDate&checkOutDate&adults&children (public): the stay's
 * price on the plan, night by night, exactly as a booking of it would be priced now
 * (modules/rates `priceStay`), or 422 with the restriction that refuses it (`min_stay`,
 * `max_stay`, `closed`, `closed_to_arrival`, `closed_to_departure`), `over_occupancy` (more
 * adults or children than the room type takes) or `sold_out` (a night with no room of the type
 * left). Not cached: it is the last look before booking.
 */
export const quoteRoutes = new Hono<AppEnv>().get('/', validate('query', quoteQuerySchema), async (c) => {
  const q = c.req.valid('query');
  const db = c.get('db');
  const quote = await priceStay(db, q);
  const { nights } = await nightlyAvailability(
    db,
    q.roomType,
    { from: q.checkInDate, to: q.checkOutDate },
    { ratePlan: quote.ratePlan, guests: quote },
  );
  const full = nights.find((n) => n.available < 1);
  if (full) throw new ApiError(422, 'sold_out', undefined, { restriction: { night: full.date } });
  c.header('Cache-Control', 'no-store');
  return c.json({
    ratePlan: quote.ratePlan,
    roomType: quote.roomType,
    numberOfGuests: quote.numberOfGuests,
    adults: quote.adults,
    children: quote.children,
    nights: quote.nights,
    totalPriceBaisa: quote.totalPriceBaisa,
    breakfastIncluded: quote.plan.breakfastIncluded,
    cancellation: quote.cancellation,
  });
});
