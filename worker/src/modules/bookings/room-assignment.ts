import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { hotelToday, stayNights } from '@shared/dates';
import { auditLog } from '../../platform/tables';
import { bookingNights, bookingSubmissions, type BookingSubmission } from './tables';
import {
  freeRoomsQuery,
  holdRoomNightsStatement,
  releaseRoomNightsStatement,
  roomQuery,
  roomReadySql,
  roomToCleanStatement,
  type HotelRoom,
} from '../inventory';
import type { Db } from '../../platform/env';
import { insertWhere, newChangeToken, rowExists } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';
import { isRoomOccupied, roomOccupantQuery, roomOccupied } from './stay-guards';

/**
 * Which room a stay sleeps in (the front desk's assignments, moves and check-ins ask here:
 * modules/front-desk). A stay's nights in a room are rows of
 * `room_nights` (migration 0035), whose unique (room, night) index is the database's refusal of
 * two stays in one room on one night: of many assignments racing for one room, one batch
 * commits and the others fail on the index (409 `room_taken`).
 *
 * An assignment is one batch, guarded like every state change (platform/atomic.ts): the booking row
 * is stamped with a fresh token only if it is still approved or confirmed, not checked out and
 * still has the dates that were read; every following statement runs only where that token is.
 * A move frees the old room's nights and takes the new room's in the same batch.
 *
 * An upgrade (a room of another type, only when staff say so): the stay's per-night holds move
 * to the room's type, so the no-overbooking trigger counts the room it really uses (and refuses
 * it when that type is sold out), and the booked type's room is free to sell again. The price
 * and the booked type stay as they were. Moving back to a room of the booked type, or taking
 * the room away, returns the holds to the booked type.
 */

/** The statuses a stay can be given a room in: accepted by the hotel, not yet over. */
export const ASSIGNABLE_STATUSES = ['approved', 'confirmed'] as const;

/** The nights an assignment places: the whole stay, or for a guest already in, tonight on. */
function nightsToPlace(booking: BookingSubmission, today: string): string[] {
  const nights = stayNights(booking.checkInDate, booking.checkOutDate);
  return booking.checkedInAt ? nights.filter((night) => night >= today) : nights;
}

/** The guard of a booking still as read: approved or confirmed, not checked out, same dates. */
function stillAssignable(booking: BookingSubmission): SQL {
  return and(
    eq(bookingSubmissions.id, booking.id),
    inArray(bookingSubmissions.status, [...ASSIGNABLE_STATUSES]),
    isNull(bookingSubmissions.checkedOutAt),
    eq(bookingSubmissions.checkInDate, booking.checkInDate),
    eq(bookingSubmissions.checkOutDate, booking.checkOutDate),
  )!;
}

async function readBooking(db: Db, id: number): Promise<BookingSubmission> {
  const booking = await db.select().from(bookingSubmissions).where(eq(bookingSubmissions.id, id)).get();
  if (!booking) throw new ApiError(404, 'booking_not_found');
  if (!(ASSIGNABLE_STATUSES as readonly string[]).includes(booking.status) || booking.checkedOutAt)
    throw new ApiError(409, 'room_assign_status');
  return booking;
}

/**
 * The type the stay's holds are counted in now (the booked type, or an upgrade's); null when it
 * holds no night (an OTA booking kept unplaced: a room given to it takes its holds too).
 */
async function heldType(db: Db, booking: BookingSubmission) {
  const hold = await db
    .select({ roomType: bookingNights.roomType })
    .from(bookingNights)
    .where(eq(bookingNights.bookingId, booking.id))
    .limit(1)
    .get();
  return hold?.roomType ?? null;
}

/** Statements moving the stay's holds to `roomType` (a no-op list when they are already there). */
export function retakeHolds(
  db: Db,
  booking: BookingSubmission,
  roomType: HotelRoom['roomType'],
  guard: SQL,
): BatchItem<'sqlite'>[] {
  const booked = roomType === booking.roomType;
  const nights = stayNights(booking.checkInDate, booking.checkOutDate);
  return [
    db.delete(bookingNights).where(and(eq(bookingNights.bookingId, booking.id), guard)),
    insertWhere(
      db,
      bookingNights,
      {
        bookingId: booking.id,
        night: sql`value`,
        roomType,
        bedType: booked ? booking.bedType : null,
        smokingType: booked ? booking.smokingPreference : null,
      },
      guard,
      eachOf(nights),
    ),
  ];
}

/** The nights as rows (`value`) for an INSERT ... SELECT: one statement, one bound value. */
function eachOf(nights: string[]): SQL {
  return sql`json_each(${JSON.stringify(nights)})`;
}

function isRoomTaken(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? '') + String(error);
  return text.includes('UNIQUE constraint failed: room_nights.room_id, room_nights.night');
}

function isOverbooked(error: unknown): boolean {
  const text = String((error as { cause?: unknown })?.cause ?? '') + String(error);
  return text.includes('overbooked_room');
}

/** Room `roomId` to be cleaned (a guest left it), unless out of order, under `guard`. */
const roomToClean = roomToCleanStatement;

/** Booking `bookingId`'s room nights from `from` on given up, under `guard`. */
function releaseNights(db: Db, bookingId: number, from: string, guard: SQL) {
  return releaseRoomNightsStatement(db, bookingId, guard, from);
}

/**
 * A guest leaving their room for good (the desk's check-out), as statements for the caller's batch
 * under `guard`: the room to be cleaned (unless out of order; none without a room) and the stay's
 * room nights from `from` (today) on released.
 *
 * @example statements.push(...leaveRoomStatements(db, { bookingId: 7, roomId: 3, from: today, by: user.id, now }, won));
 */
export function leaveRoomStatements(
  db: Db,
  stay: { bookingId: number; roomId: number | null; from: string; by: number; now: Date },
  guard: SQL,
) {
  return [
    ...(stay.roomId === null ? [] : [roomToClean(db, stay.roomId, stay.by, stay.now, guard)]),
    releaseNights(db, stay.bookingId, stay.from, guard),
  ];
}

export type AssignOptions = {
  upgrade?: boolean;
  now?: Date;
  /**
   * Check the guest in with the assignment, in its batch (the desk's check-in of a stay without a
   * room): the booking row is stamped only if it is not checked in yet and, when `roomReady`, the
   * room is still clean or inspected; the check-in's audit line follows the assignment's.
   */
  checkIn?: { by: SessionUser; at: Date; roomReady: boolean; audit: (won: SQL) => BatchItem<'sqlite'> };
};

/**
 * Assigns (or moves) an approved or confirmed stay to `roomId`, in one batch. 404 for an unknown
 * booking or room (or a retired one), 409 `room_assign_status` for a stay that cannot have a
 * room, 422 `room_type_mismatch` for a room of another type without `upgrade`, 409
 * `room_out_of_order` for a room out of service now, 409 `room_taken` when another stay or an
 * out-of-order period has the room on one of the nights, 409 `upgrade_type_full` when an
 * upgrade's type has no room left to count it in, 409 `booking_changed` when the booking changed
 * meanwhile.
 */
export async function assignRoom(
  db: Db,
  actor: SessionUser,
  bookingId: number,
  roomId: number,
  options: AssignOptions = {},
): Promise<{ booking: BookingSubmission; room: HotelRoom }> {
  const [booking, room] = await Promise.all([readBooking(db, bookingId), roomQuery(db, roomId).get()]);
  if (!room || room.retiredAt) throw new ApiError(404, 'room_not_found');
  if (room.roomType !== booking.roomType && !options.upgrade) throw new ApiError(422, 'room_type_mismatch');
  if (room.status === 'out_of_order') throw new ApiError(409, 'room_out_of_order');
  const today = hotelToday(options.now);
  const nights = nightsToPlace(booking, today);
  if (nights.length === 0) throw new ApiError(409, 'room_assign_status');
  const from = nights[0]!;
  const holdsIn = await heldType(db, booking);

  const token = newChangeToken();
  const won = rowExists(
    bookingSubmissions,
    and(eq(bookingSubmissions.id, booking.id), eq(bookingSubmissions.changeToken, token))!,
  );
  const statements: BatchItem<'sqlite'>[] = [
    db
      .update(bookingSubmissions)
      .set({
        roomId: room.id,
        changeToken: token,
        updatedAt: options.now ?? new Date(),
        ...(options.checkIn && { checkedInAt: options.checkIn.at, checkedInBy: options.checkIn.by.id }),
      })
      .where(
        and(
          stillAssignable(booking),
          options.checkIn ? isNull(bookingSubmissions.checkedInAt) : undefined,
          options.checkIn?.roomReady ? roomReadySql(room.id) : undefined,
        ),
      ),
    releaseNights(db, booking.id, from, won),
    holdRoomNightsStatement(db, room, booking.id, nights, won),
    ...(holdsIn !== room.roomType ? retakeHolds(db, booking, room.roomType, won) : []),
    // A guest in house moved to another room leaves the old one to be cleaned (as a check-out does).
    ...(booking.checkedInAt !== null &&
    booking.checkedOutAt === null &&
    booking.roomId !== null &&
    booking.roomId !== room.id
      ? [roomToClean(db, booking.roomId, actor.id, options.now ?? new Date(), won)]
      : []),
    insertWhere(
      db,
      auditLog,
      auditEntry(
        actor,
        booking.roomId === null ? 'booking.room_assign' : 'booking.room_move',
        'booking',
        booking.id,
        { roomId: booking.roomId },
        { roomId: room.id, roomNumber: room.number, from, upgrade: room.roomType !== booking.roomType },
      ),
      won,
    ),
    ...(options.checkIn ? [options.checkIn.audit(won)] : []),
  ];
  let results: unknown[];
  try {
    results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (error) {
    if (isRoomTaken(error)) throw new ApiError(409, 'room_taken');
    // A guest in house moved into a room whose guest has not left (migration 0099).
    if (isRoomOccupied(error)) {
      const [occupant] = await roomOccupantQuery(db, room.id, booking.id);
      throw occupant ? roomOccupied(room, occupant) : new ApiError(409, 'booking_changed');
    }
    if (isOverbooked(error))
      throw new ApiError(
        409,
        room.roomType === booking.roomType ? 'channel_still_no_room' : 'upgrade_type_full',
      );
    throw error;
  }
  if ((results[0] as { meta: { changes: number } }).meta.changes === 0)
    throw new ApiError(409, 'booking_changed');
  return {
    booking: {
      ...booking,
      roomId: room.id,
      changeToken: token,
      ...(options.checkIn && { checkedInAt: options.checkIn.at, checkedInBy: options.checkIn.by.id }),
    },
    room,
  };
}

/**
 * The room a stay without one is checked into: a room of its type, in service (neither out of
 * order nor out of service by a work order: `outOfService`, the work orders' condition on a room's
 * id, given by the caller), free on every night of the stay; clean or inspected ones first, then by
 * floor and number. Null when none is.
 */
export async function freeRoomFor(db: Db, booking: BookingSubmission, outOfService: (roomId: SQL) => SQL) {
  return (
    (await freeRoomsQuery(db, {
      roomType: booking.roomType,
      from: booking.checkInDate,
      to: booking.checkOutDate,
      outOfService,
    })
      .limit(1)
      .get()) ?? null
  );
}

/**
 * Takes a stay out of its room (staff), in one batch: its room nights from tonight (a guest in
 * house) or all of them go, `room_id` is cleared, an upgrade's holds return to the booked type.
 */
export async function unassignRoom(
  db: Db,
  actor: SessionUser,
  bookingId: number,
  options: { now?: Date } = {},
): Promise<BookingSubmission> {
  const booking = await readBooking(db, bookingId);
  if (booking.roomId === null) return booking;
  const nights = nightsToPlace(booking, hotelToday(options.now));
  const from = nights[0] ?? booking.checkOutDate;
  const holdsIn = await heldType(db, booking);
  const token = newChangeToken();
  const won = rowExists(
    bookingSubmissions,
    and(eq(bookingSubmissions.id, booking.id), eq(bookingSubmissions.changeToken, token))!,
  );
  const statements: BatchItem<'sqlite'>[] = [
    db
      .update(bookingSubmissions)
      .set({ roomId: null, changeToken: token, updatedAt: options.now ?? new Date() })
      .where(stillAssignable(booking)),
    releaseNights(db, booking.id, from, won),
    // An upgrade's holds go back to the booked type (a stay that held none keeps none).
    ...(holdsIn !== null && holdsIn !== booking.roomType
      ? retakeHolds(db, booking, booking.roomType, won)
      : []),
    insertWhere(
      db,
      auditLog,
      auditEntry(
        actor,
        'booking.room_unassign',
        'booking',
        booking.id,
        { roomId: booking.roomId },
        { roomId: null },
      ),
      won,
    ),
  ];
  let results: unknown[];
  try {
    results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (error) {
    // An upgraded stay whose booked type has since sold out cannot go back to it without a room.
    if (isOverbooked(error)) throw new ApiError(409, 'booked_type_full');
    throw error;
  }
  if ((results[0] as { meta: { changes: number } }).meta.changes === 0)
    throw new ApiError(409, 'booking_changed');
  return { ...booking, roomId: null, changeToken: token };
}
