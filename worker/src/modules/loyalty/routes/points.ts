import { Hono } from 'hono';
import { bookingRequestSchema } from '@shared/booking-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireUser } from '../../../platform/auth-middleware';
import { validate } from '../../../platform/validation';
import { listedBooking, pendingHoldMs, loyaltyBookings } from '../../bookings';
import { buyFreeNight } from '../free-night';
import { translate } from '../../../platform/messages';
import { chainPoints } from '../../../platform/chain-points';

/**
 * POST /api/points/free-night: a free night bought with points (modules/loyalty/free-night.ts): the cost
 * deducted and the approved points booking created in one batch, or neither.
 */
export const pointsRoutes = new Hono<AppEnv>().post(
  '/free-night',
  requireUser,
  validate('json', bookingRequestSchema),
  async (c) => {
    const bought = await buyFreeNight(
      c.get('db'),
      c.get('user'),
      c.req.valid('json'),
      c.get('language'),
      c.env,
    );
    // In a chain the balance after is the chain's (decision 103): this hotel's and the others'.
    const elsewhere = (await chainPoints(c.env)?.elsewhere(c.env, c.get('user').email)) ?? [];
    return c.json(
      {
        message: translate('free_night_booked', c.get('language')),
        booking: loyaltyBookings.guestView(listedBooking(bought.booking, pendingHoldMs(c.env))),
        pointsUsed: bought.pointsUsed,
        totalPoints: bought.totalPoints + elsewhere.reduce((sum, h) => sum + h.points, 0),
      },
      201,
    );
  },
);
