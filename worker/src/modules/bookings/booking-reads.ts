import { and, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '@shared/constants';
import { rowExists } from '../../platform/atomic';
import { bookingSubmissions } from './tables';
import type { Db } from '../../platform/env';

/**
 * Small reads of bookings for other modules (reviews, the assistant), so they ask by name rather
 * than name the bookings' table. Each returns a drizzle query (await it, or put it in a batch)
 * unless it says otherwise.
 */

/**
 * One completed stay of an account (its id), or no row: whether the account may write a review.
 * No row for a guest not signed in (`userId` null).
 *
 * @example const [[stay], reviews] = await db.batch([completedStayOfUserQuery(db, userId), ...]);
 */
export function completedStayOfUserQuery(db: Db, userId: number | null) {
  return db
    .select({ id: bookingSubmissions.id })
    .from(bookingSubmissions)
    .where(and(eq(bookingSubmissions.userId, userId ?? -1), eq(bookingSubmissions.status, 'completed')))
    .limit(1);
}

/**
 * The assistant's conversation a booking was made in, and when the booking was made: undefined
 * for a booking that does not exist.
 *
 * @example const booking = await bookingChatSession(db, bookingId); if (!booking?.chatSessionId) ...
 */
export function bookingChatSession(db: Db, bookingId: number) {
  return db
    .select({ chatSessionId: bookingSubmissions.chatSessionId, createdAt: bookingSubmissions.createdAt })
    .from(bookingSubmissions)
    .where(eq(bookingSubmissions.id, bookingId))
    .get();
}

/**
 * The reference of the latest booking made in an assistant's conversation (undefined: none yet).
 *
 * @example const reference = (await latestChatBookingReference(db, sessionKey)) ?? '';
 */
export async function latestChatBookingReference(db: Db, chatSessionId: string) {
  const made = await db
    .select({ reference: bookingSubmissions.reference })
    .from(bookingSubmissions)
    .where(eq(bookingSubmissions.chatSessionId, chatSessionId))
    .orderBy(desc(bookingSubmissions.id))
    .get();
  return made?.reference;
}

/**
 * Another booking (its id) sharing the profile `profileId` with the booking `bookingId`, or no
 * row: whether a profile gathers more than this booking (guests: a shared profile's details stay
 * hidden).
 *
 * @example const [profile, other] = await db.batch([profileQuery, otherBookingOfProfileQuery(db, profileId, booking.id)]);
 */
export function otherBookingOfProfileQuery(db: Db, profileId: number, bookingId: number) {
  return db
    .select({ id: bookingSubmissions.id })
    .from(bookingSubmissions)
    .where(and(eq(bookingSubmissions.profileId, profileId), ne(bookingSubmissions.id, bookingId)))
    .limit(1);
}

/**
 * A booking's whole row by its id, or undefined: for staff, who may act on any booking (a guest's
 * reads go through `findOwnedBooking` or `findVisibleBooking`).
 *
 * @example const booking = await bookingById(db, 7).get(); if (!booking) throw new ApiError(404, 'booking_not_found');
 */
export function bookingById(db: Db, id: number) {
  return db.select().from(bookingSubmissions).where(eq(bookingSubmissions.id, id));
}

/**
 * What a stay's folio shows of it: its balance (kept by the database with each folio line), status,
 * dates, prices and who collects its money (a query for the folio's batch; no row: no booking).
 *
 * @example const [[stay], lines] = await db.batch([folioStayQuery(db, 7), ...]);
 */
export function folioStayQuery(db: Db, bookingId: number) {
  return db
    .select({
      balance: bookingSubmissions.folioBalanceBaisa,
      status: bookingSubmissions.status,
      checkedOutAt: bookingSubmissions.checkedOutAt,
      checkInDate: bookingSubmissions.checkInDate,
      checkOutDate: bookingSubmissions.checkOutDate,
      totalPrice: bookingSubmissions.totalPrice,
      nightPrices: bookingSubmissions.nightPrices,
      isPointsBooking: bookingSubmissions.isPointsBooking,
      paymentCollect: bookingSubmissions.paymentCollect,
    })
    .from(bookingSubmissions)
    .where(eq(bookingSubmissions.id, bookingId));
}

/**
 * A stay's folio balance as the batch finds it, as an SQL scalar (for a statement's guard or the
 * answer it stores; null: no booking).
 *
 * @example sql`${folioBalanceSql(7)} + ${amount} <= 0` // a refund that only settles a credit
 */
export function folioBalanceSql(bookingId: number): SQL<number | null> {
  return sql<
    number | null
  >`(select ${bookingSubmissions.folioBalanceBaisa} from ${bookingSubmissions} where ${bookingSubmissions.id} = ${bookingId})`;
}

/**
 * The condition, for a statement's guard, that booking `bookingId` is in one of `statuses` when the
 * batch reaches it (a folio line goes in only while its stay allows it).
 *
 * @example insertWhere(db, folioLines, values, bookingStatusIsSql(7, ['confirmed', 'checked_in']))
 */
export function bookingStatusIsSql(bookingId: number, statuses: readonly BookingStatus[]): SQL {
  return rowExists(
    bookingSubmissions,
    sql`${bookingSubmissions.id} = ${bookingId} and ${inArray(bookingSubmissions.status, [...statuses])}`,
  );
}
