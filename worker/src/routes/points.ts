import { and, desc, eq, gt } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { bookingRequestSchema, FREE_NIGHT_BOOKING_TYPE } from '../../../shared/src/booking-schemas';
import { FREE_NIGHT_COST } from '../../../shared/src/constants';
import { hotelToday } from '../../../shared/src/dates';
import { nightsBetween } from '../../../shared/src/money';
import { pointTransactions, userPoints } from '../db/schema/points';
import type { AppEnv } from '../env';
import { hasRole } from '../lib/auth';
import { requireUser, type AuthedEnv } from '../http/auth';
import { bookingIdOf, insertBooking, listedBooking, pendingHoldMs, requestedStay } from '../lib/bookings';
import { ApiError } from '../lib/errors';
import { translate } from '../lib/messages';
import { recomputeBalance, redeemReasons } from '../lib/points';
import { randomToken } from '../lib/crypto';
import { validate } from '../http/validation';
import { answerIfChanged } from '../http/versions';

/**
 * Loyalty points (DESIGN.md): a user's balance and history, for the user
 * themself or staff only; and the free night bought with points, one request
 * that deducts the cost and creates the approved points booking in the same
 * D1 batch, or does neither.
 */
const emailParam = z.object({ email: z.string().trim().toLowerCase().min(3, 'email_invalid').max(254) });

function ownOrStaff(c: Context<AuthedEnv>, email: string) {
  const user = c.get('user');
  if (user.email !== email && !hasRole(user, 'staff')) throw new ApiError(403, 'points_forbidden');
}

const freeNightSchema = bookingRequestSchema;

export const points = new Hono<AppEnv>()
  .get('/user-points/:email', requireUser, validate('param', emailParam), async (c) => {
    const { email } = c.req.valid('param');
    ownOrStaff(c, email);
    await answerIfChanged(c, ['points'], `balance:${email}`);
    const db = c.get('db');
    const [balance, last] = await db.batch([
      db.select().from(userPoints).where(eq(userPoints.userEmail, email)),
      db
        .select({ pointsEarned: pointTransactions.pointsEarned, createdAt: pointTransactions.createdAt })
        .from(pointTransactions)
        .where(and(eq(pointTransactions.userEmail, email), gt(pointTransactions.pointsEarned, 0)))
        .orderBy(desc(pointTransactions.id))
        .limit(1),
    ]);
    c.header('Cache-Control', 'no-store');
    return c.json({
      userEmail: email,
      totalPoints: balance[0]?.totalPoints ?? 0,
      updatedAt: balance[0]?.updatedAt ?? null,
      lastEarned: last[0] ?? null,
    });
  })
  .get('/point-transactions/:email', requireUser, validate('param', emailParam), async (c) => {
    const { email } = c.req.valid('param');
    ownOrStaff(c, email);
    await answerIfChanged(c, ['points'], `history:${email}`);
    const rows = await c
      .get('db')
      .select({
        id: pointTransactions.id,
        pointsEarned: pointTransactions.pointsEarned,
        kind: pointTransactions.kind,
        reason: pointTransactions.reason,
        reasonAr: pointTransactions.reasonAr,
        bookingId: pointTransactions.bookingId,
        createdAt: pointTransactions.createdAt,
      })
      .from(pointTransactions)
      .where(eq(pointTransactions.userEmail, email))
      .orderBy(desc(pointTransactions.id))
      .limit(200);
    c.header('Cache-Control', 'no-store');
    return c.json(rows);
  })
  .post('/points/free-night', requireUser, validate('json', freeNightSchema), async (c) => {
    const input = c.req.valid('json');
    const user = c.get('user');
    if (input.checkInDate < hotelToday())
      throw new ApiError(400, 'validation_failed', { checkInDate: 'check_in_past' });
    if (nightsBetween(input.checkInDate, input.checkOutDate) !== 1) {
      throw new ApiError(400, 'validation_failed', { checkOutDate: 'free_night_one_night' });
    }
    const cost = FREE_NIGHT_COST[input.roomType];
    const db = c.get('db');
    // A quick refusal; the batch below is what makes it safe under concurrency.
    const balance = await db.select().from(userPoints).where(eq(userPoints.userEmail, user.email)).get();
    if ((balance?.totalPoints ?? 0) < cost) throw new ApiError(409, 'insufficient_points');

    const reference = randomToken(12);
    let booking;
    try {
      booking = await insertBooking(
        db,
        {
          reference,
          userId: user.id,
          userEmail: user.email,
          ...requestedStay(input),
          numberOfGuests: 2,
          totalPrice: 0,
          status: 'approved',
          isPointsBooking: true,
          pointsUsed: cost,
          bookingType: FREE_NIGHT_BOOKING_TYPE,
          paymentMethod: 'points',
          extras: null,
        },
        [
          db.insert(pointTransactions).values({
            userEmail: user.email,
            pointsEarned: -cost,
            kind: 'redeem',
            ...redeemReasons(input.roomType),
            bookingId: bookingIdOf(reference),
          }),
          // Fails (CHECK total_points >= 0) if another purchase spent the points meanwhile.
          recomputeBalance(db, user.email),
        ],
      );
    } catch (err) {
      if (String((err as Error)?.message ?? err).includes('CHECK constraint failed')) {
        throw new ApiError(409, 'insufficient_points');
      }
      throw err;
    }
    const after = await db.select().from(userPoints).where(eq(userPoints.userEmail, user.email)).get();
    return c.json(
      {
        message: translate('free_night_booked', c.get('language')),
        booking: listedBooking(booking, pendingHoldMs(c.env)),
        pointsUsed: cost,
        totalPoints: after?.totalPoints ?? 0,
      },
      201,
    );
  });
