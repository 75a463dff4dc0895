import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { newChangeToken, rowExists } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import { notifyStatements } from '../../platform/notify';
import { statusNoticeStatements } from './booking-status';
import { bookingSubmissions, type BookingSubmission } from './tables';
import { notifyOfBooking } from './booking-rows';

/**
 * The statements confirming a pending request when `guard` holds as the batch reaches them, for
 * another module's batch (a deposit paid online confirms it, modules/payments, decision 071): the
 * move (only while still pending) stamping a fresh token, then its audit line (no actor), the
 * guest's notice and the notification events, each only if this move happened. Nothing else
 * follows a confirmation (no nights released, no points), as in `changeBookingStatus`.
 */
export function confirmPendingStatements(
  db: Db,
  booking: BookingSubmission,
  guard: SQL,
  reason?: string,
): BatchItem<'sqlite'>[] {
  const token = newChangeToken();
  const mine = sql`${bookingSubmissions.id} = ${booking.id} and ${bookingSubmissions.changeToken} = ${token}`;
  const won = rowExists(bookingSubmissions, mine);
  return [
    db
      .update(bookingSubmissions)
      .set({ status: 'confirmed', statusReason: reason ?? null, changeToken: token, updatedAt: new Date() })
      .where(and(eq(bookingSubmissions.id, booking.id), eq(bookingSubmissions.status, 'pending'), guard)),
    ...statusNoticeStatements(db, booking, { from: 'pending', to: 'confirmed', reason }, null, won),
    ...notifyStatements(db, { kind: 'booking_confirmed', where: mine, reason }),
  ];
}

/**
 * What modules/payments asks of bookings beside their rows, as one object (bookings' door's one
 * name): a pending request confirmed in its payment's batch (`confirmPendingStatements`) and the
 * notice of an event about one booking (`notifyOfBooking`: a payment received, a refund).
 *
 * @example await db.batch([eventRow, ...paymentBookings.confirmPendingStatements(db, booking, guard)]);
 */
export const paymentBookings = { confirmPendingStatements, notifyOfBooking } as const;
