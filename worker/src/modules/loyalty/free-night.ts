import type { SessionUser } from '@shared/auth-schemas';
import { FREE_NIGHT_BOOKING_TYPE, type BookingRequest } from '@shared/booking-schemas';
import type { Language } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { nightsBetween } from '@shared/money';
import { loyaltyBookings } from '../bookings';
import { recomputeBalance, redeemStatement, storedBalance } from './points';
import { findRoomType } from '../catalog';
import type { Db, Env } from '../../platform/env';
import { ApiError } from '../../platform/api-error';
import { chainPoints } from '../../platform/chain-points';

/**
 * A free night bought with points: one request that deducts the cost and creates the
 * approved points booking in the same D1 batch, or does neither (the balance's CHECK fails
 * the batch if another purchase spent the points meanwhile). The cost is the room type's own
 * (`freeNightPoints`); a type without one, or retired, is not sold for points (409
 * free_night_not_offered), a code the hotel has no type of is refused (422 invalid_room_type).
 * Answers the booking, the cost and the balance after.
 *
 * In a chain (decision 103), points held at the chain's other hotels pay what this hotel's balance
 * lacks: they are moved here first (taken there under that hotel's own CHECK), brought in by this
 * batch, and given back if the batch fails (the port's `settle`).
 */
export async function buyFreeNight(
  db: Db,
  user: SessionUser,
  input: BookingRequest,
  lang: Language = 'ar',
  env?: Env,
) {
  if (input.checkInDate < hotelToday())
    throw new ApiError(400, 'validation_failed', { checkInDate: 'check_in_past' });
  if (nightsBetween(input.checkInDate, input.checkOutDate) !== 1) {
    throw new ApiError(400, 'validation_failed', { checkOutDate: 'free_night_one_night' });
  }
  const type = await findRoomType(db, input.roomType);
  if (!type) throw new ApiError(422, 'invalid_room_type');
  if (!type.active || type.freeNightPoints === null) throw new ApiError(409, 'free_night_not_offered');
  const cost = type.freeNightPoints;
  // A quick refusal; the batch below is what makes it safe under concurrency.
  const held = await storedBalance(db, user.email);
  const chain = env && held < cost ? chainPoints(env) : null;
  if (held < cost && !chain) throw new ApiError(409, 'insufficient_points');
  const moved = chain && env ? await chain.bring(env, user.email, cost - held) : null;

  let booking;
  try {
    booking = await loyaltyBookings.insertBooking(db, (reference) => ({
      values: {
        userId: user.id,
        userEmail: user.email,
        ...loyaltyBookings.requestedStay(input),
        numberOfGuests: 2,
        totalPrice: 0,
        status: 'approved',
        isPointsBooking: true,
        pointsUsed: cost,
        bookingType: FREE_NIGHT_BOOKING_TYPE,
        paymentMethod: 'points',
        extras: null,
        // Its e-mail (modules/messaging/email-outbox.ts) goes to the account, in the language of the request.
        email: input.email ?? null,
        lang,
      },
      alongside: [
        // The points moved from the chain's other hotels, if any, arrive in this very batch.
        ...(moved?.statements ?? []),
        redeemStatement(db, user.email, cost, type, loyaltyBookings.bookingIdOf(reference)),
        // Fails (CHECK total_points >= 0) if another purchase spent the points meanwhile.
        recomputeBalance(db, user.email),
      ],
    }));
  } catch (err) {
    await moved?.settle(false);
    if (String((err as Error)?.message ?? err).includes('CHECK constraint failed')) {
      throw new ApiError(409, 'insufficient_points');
    }
    throw err;
  }
  await moved?.settle(true);
  return { booking, pointsUsed: cost, totalPoints: await storedBalance(db, user.email) };
}
