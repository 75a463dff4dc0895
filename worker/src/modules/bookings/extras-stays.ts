import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { ApiError } from '../../platform/api-error';
import { newChangeToken, rowExists } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import { releaseRoomNightsStatement } from '../inventory';
import { changedStay, heldAs, holdsIfWon } from './booking-changes';
import { bookingRefusal } from './insert-booking';
import { bookingNights, bookingSubmissions, type BookingSubmission } from './tables';

/**
 * What the extras a guest buys before arriving ask of the stay (docs/decisions/098-stay-extras.md,
 * modules/extras): whether it may still buy (open, not arrived, its arrival today or later), its
 * room type moved by a bought upgrade in ONE batch with the purchase's own statements, and a late
 * check-out's hour. The extras module names no table of the bookings.
 */

const OPEN = sql.raw(`('pending', 'approved', 'confirmed')`);

/**
 * An SQL condition: booking `bookingId` may still buy extras on `today` (hotel time): pending,
 * approved or confirmed, not checked in, arriving today or later. The purchase's insert is guarded
 * by it, so a stay cancelled or checked in meanwhile buys nothing.
 */
function openBeforeArrivalSql(bookingId: number | SQL, today: string): SQL {
  return sql`exists (select 1 from ${bookingSubmissions} where ${bookingSubmissions.id} = ${bookingId}
    and ${bookingSubmissions.status} in ${OPEN} and ${bookingSubmissions.checkedInAt} is null
    and ${bookingSubmissions.checkInDate} >= ${today})`;
}

/** Whether `booking` may still buy extras on `today` (the same rule on the row read). */
function openBeforeArrival(booking: BookingSubmission, today: string): boolean {
  return (
    ['pending', 'approved', 'confirmed'].includes(booking.status) &&
    booking.checkedInAt === null &&
    booking.checkInDate >= today
  );
}

const STOCK = new Set(['no_rooms_available', 'no_beds_available', 'no_smoking_available', 'block_exceeded']);

/**
 * An upgrade bought: the stay's room type becomes `toRoomType` in ONE D1 batch with what the caller
 * adds (`statements(won, mine)`: the purchase, its folio lines, its key's answer, each guarded by
 * `won`), only while the booking is as it was read (status, change token, not arrived). Its old
 * nights are given back and the new ones held in the better type (the no-overbooking trigger
 * refuses a night past the allotment, and the whole batch with it: of many guests racing for the
 * last room of that type, one gets it); a room assigned to it (of the old type) is let go; the
 * channel hears of both types' nights through the holds' triggers in the same batch.
 *
 * Answers the booking as changed, or null when it changed meanwhile (nothing written); throws 409
 * `extra_upgrade_sold_out` when the better type has no room left on one of the nights.
 *
 * @example
 * const changed = await extrasStays.upgrade(db, booking, { toRoomType: offer.toRoomType, now,
 *   statements: (won) => [insertWhere(db, extraPurchases, row, won)] });
 */
async function upgrade(
  db: Db,
  booking: BookingSubmission,
  {
    toRoomType,
    now,
    statements,
  }: { toRoomType: string; now: Date; statements: (won: SQL, mine: SQL) => BatchItem<'sqlite'>[] },
): Promise<BookingSubmission | null> {
  const token = newChangeToken();
  const mine = sql`${bookingSubmissions.id} = ${booking.id} and ${bookingSubmissions.changeToken} = ${token}`;
  const won = rowExists(bookingSubmissions, mine);
  const stay = changedStay(booking, { roomType: toRoomType });
  try {
    const [rows] = await db.batch([
      db
        .update(bookingSubmissions)
        .set({ roomType: toRoomType, roomNumber: null, roomId: null, changeToken: token, updatedAt: now })
        .where(
          and(
            eq(bookingSubmissions.id, booking.id),
            eq(bookingSubmissions.status, booking.status),
            eq(bookingSubmissions.roomType, booking.roomType),
            sql`${bookingSubmissions.changeToken} is ${booking.changeToken}`,
            isNull(bookingSubmissions.checkedInAt),
          ),
        )
        .returning(),
      // A room of the old type assigned ahead is let go: the desk gives one of the new type.
      releaseRoomNightsStatement(db, booking.id, won),
      db.delete(bookingNights).where(and(eq(bookingNights.bookingId, booking.id), won)),
      holdsIfWon(db, booking.id, stay, { ...heldAs(stay), groupId: null }, won),
      ...statements(won, mine),
    ]);
    return (rows as BookingSubmission[])[0] ?? null;
  } catch (err) {
    const refusal = bookingRefusal(err);
    if (refusal && STOCK.has(refusal.code)) throw new ApiError(409, 'extra_upgrade_sold_out');
    throw refusal ?? err;
  }
}

/**
 * A late check-out's hour on the stay (`departure_time`, HH:MM hotel time, as the desk grants one),
 * set only if `guard` holds when the batch reaches it.
 */
function lateDepartureStatement(db: Db, bookingId: number, time: string, guard: SQL) {
  return db
    .update(bookingSubmissions)
    .set({ departureTime: time })
    .where(and(eq(bookingSubmissions.id, bookingId), guard));
}

/** What modules/extras asks of the stays. */
export const extrasStays = { openBeforeArrivalSql, openBeforeArrival, upgrade, lateDepartureStatement };
