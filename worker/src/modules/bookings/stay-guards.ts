import { and, eq, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { hotelToday } from '@shared/dates';
import { departureOnCheckOut } from '@shared/early-departure';
import { stayHasBegun, stayState } from '@shared/stay-policy';
import { ApiError } from '../../platform/api-error';
import { bookingSubmissions, type BookingSubmission } from './tables';
import type { Db } from '../../platform/env';

/**
 * What a status move asks of the stay's life (modules/bookings/booking-status.ts): a guest in
 * house leaves only by the desk's check-out, a stay is completed only once it has begun, and what
 * the database's own refusals (migration 0043) mean for staff.
 */

/**
 * 409 `stay_in_house` for a guest in house (checked in, not out): their stay ends with the desk's
 * check-out (the room dirty, the nights after it released), never by a cancellation or a plain
 * "complete". The database refuses it too (migration 0043), whatever the path.
 */
export function assertNotInHouse(booking: BookingSubmission): void {
  if (stayState(booking) === 'in_house') throw new ApiError(409, 'stay_in_house');
}

/**
 * 409 `complete_before_check_in` for a stay that has not begun: not checked in and arriving after
 * the hotel's today (Asia/Muscat). Completing it would credit points, a "stayed here" review and
 * the statistics for nights nobody slept; nobody may, whatever their role (decision 059). The move
 * itself holds the same condition (`stayBegunSql`), so a stay's dates edited meanwhile fail it.
 */
export function assertStayBegun(booking: BookingSubmission, now = new Date()): void {
  if (!stayHasBegun(booking, hotelToday(now))) throw new ApiError(409, 'complete_before_check_in');
}

/** `stayHasBegun` as the row says it, when the move is written. */
export function stayBegunSql(now: Date): SQL {
  return or(isNotNull(bookingSubmissions.checkedInAt), lte(bookingSubmissions.checkInDate, hotelToday(now)))!;
}

/** What a refusal of the stay's state machine (migration 0043's triggers) means for staff. */
export function stayRefusal(err: unknown): ApiError | null {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  if (text.includes('stay_in_house')) return new ApiError(409, 'stay_in_house');
  if (text.includes('stay_state_invalid')) return new ApiError(409, 'transition_not_allowed');
  if (text.includes('room_occupied')) return new ApiError(409, 'room_occupied');
  return null;
}

/**
 * What a plain completion before the booked departure changes (nothing when it is on or after
 * it): the departure, total and nightly prices of the nights stayed, and the booked ones kept,
 * only if the departure is still the one read (a stay edited meanwhile: 409 `status_changed`).
 */
export function earlyCompletion(booking: BookingSubmission, now: Date) {
  const leaving = departureOnCheckOut(booking, hotelToday(now));
  if (!leaving.early) return undefined;
  return {
    now,
    set: {
      checkOutDate: leaving.checkOutDate,
      totalPrice: leaving.totalPrice,
      nightPrices: leaving.nightPrices,
      closedFrom: {
        status: booking.status,
        checkOutDate: booking.checkOutDate,
        totalPrice: booking.totalPrice,
        nightPrices: booking.nightPrices,
      },
    },
    where: eq(bookingSubmissions.checkOutDate, booking.checkOutDate),
  };
}

/** The stay in house in a room, as the desk's refusal names it. */
export type RoomOccupant = {
  id: number;
  reference: string;
  fullName: string;
  checkInDate: string;
  checkOutDate: string;
};

/**
 * The stay in house in room `roomId` (checked in, not out) other than `exceptBookingId`, along the
 * partial index of the stays in house by room (migration 0099): at most one, the database's rule.
 */
export function roomOccupantQuery(db: Db, roomId: number, exceptBookingId: number) {
  return db
    .select({
      id: bookingSubmissions.id,
      reference: bookingSubmissions.reference,
      fullName: bookingSubmissions.fullName,
      checkInDate: bookingSubmissions.checkInDate,
      checkOutDate: bookingSubmissions.checkOutDate,
    })
    .from(bookingSubmissions)
    .where(
      and(
        eq(bookingSubmissions.roomId, roomId),
        isNotNull(bookingSubmissions.checkedInAt),
        isNull(bookingSubmissions.checkedOutAt),
        ne(bookingSubmissions.id, exceptBookingId),
      ),
    )
    .limit(1);
}

/**
 * 409 `room_occupied` for a room whose guest has not left: a stay checked in (or moved) there would
 * be a second stay in house in one room, which the POS and the outlets could not tell apart. Names
 * the stay, so the desk checks it out or chooses another room; no confirmation overrides it.
 */
export function roomOccupied(room: { id: number; number: string; status: string }, stay: RoomOccupant) {
  return new ApiError(409, 'room_occupied', undefined, { room, stay });
}

/** Whether a batch failed on the database's rule of one stay in house per room (migration 0099). */
export function isRoomOccupied(err: unknown): boolean {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  return text.includes('room_occupied');
}

/**
 * The condition, over a room's id, that a stay is in house there (for a room chooser that must not
 * offer it: an overstay holds no room night past its departure).
 */
export function roomOccupiedSql(roomId: SQL): SQL {
  return sql`exists (select 1 from booking_submissions occ indexed by booking_submissions_in_house_room_idx
    where occ.room_id = ${roomId} and occ.checked_in_at is not null and occ.checked_out_at is null)`;
}
