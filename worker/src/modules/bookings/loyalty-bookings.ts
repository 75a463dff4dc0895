import { bookingIdOf, insertBooking, requestedStay } from './insert-booking';
import { guestView } from './listed-booking';

/**
 * What modules/loyalty asks of bookings, as one object (bookings' door's one name; the points
 * themselves move through the points port, points-port.ts): a free night booked in the batch
 * that spends its points (`requestedStay`, `insertBooking`, `bookingIdOf`, the statements a
 * booking request makes) and a booking shown to its guest (`guestView`).
 *
 * @example
 * await loyaltyBookings.insertBooking(db, (reference) => ({
 *   values: { ...loyaltyBookings.requestedStay(input), status: 'approved', isPointsBooking: true },
 *   alongside: [redeemStatement(db, email, cost, type, loyaltyBookings.bookingIdOf(reference))],
 * }));
 */
export const loyaltyBookings = { requestedStay, insertBooking, bookingIdOf, guestView } as const;
