import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { stayNights } from '@shared/dates';
import { auditLog } from '../../platform/tables';
import { bookingRowsQuery } from './booking-rows';
import { bookingChange, heldTypesQuery, roomNightsStatements } from './desk-writes';
import { hotelRoomsQuery, roomNightsOfRoomsQuery } from '../inventory';
import { retakeHolds } from './room-assignment';
import type { Db } from '../../platform/env';
import { insertWhere, newChangeToken } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';

/**
 * Applying a reviewed set of room assignments (POST /api/admin/room-assignments, modules/front-desk:
 * the suggestion of its room-suggestion.ts once staff checked it): ONE batch, all or nothing.
 *
 * Each stay's booking row is stamped with a fresh token only while it is still approved or
 * confirmed, not checked out, with the dates read; its room nights are then inserted with
 * `booking_id` read back through that token. A stay that changed meanwhile stamps nothing, so
 * its nights would carry a null owner, which the room_nights owner check refuses: the whole
 * batch rolls back (409 `booking_changed`). Likewise a room retired or put out of order
 * meanwhile gives a null `room_id` (NOT NULL): nothing is applied. Two stays on one room-night
 * fail on the unique (room, night) index: 409 `room_taken`, naming the booking.
 *
 * Only rooms of the booked type (an upgrade is one stay at a time, PUT /:id/room). A stay that
 * had an upgrade gets its holds back in its booked type, as room-assignment.ts does.
 */

const ASSIGNABLE = ['approved', 'confirmed'] as const;

export type AssignmentInput = { bookingId: number; roomId: number };

function errorText(error: unknown): string {
  return String((error as { cause?: unknown })?.cause ?? '') + String(error);
}

/** The error's fields naming the stay: its id and its reference. */
const named = (booking: { id: number; reference: string }) => ({
  bookingId: String(booking.id),
  reference: booking.reference,
});

export async function applyAssignments(db: Db, actor: SessionUser, list: AssignmentInput[]) {
  const bookingIds = list.map((a) => a.bookingId);
  if (new Set(bookingIds).size !== bookingIds.length)
    throw new ApiError(400, 'validation_failed', { assignments: 'duplicate_booking' });
  const roomIds = [...new Set(list.map((a) => a.roomId))];
  const [bookings, rooms, holds] = await db.batch([
    bookingRowsQuery(db, bookingIds),
    hotelRoomsQuery(db, roomIds),
    heldTypesQuery(db, bookingIds),
  ]);
  const bookingById = new Map(bookings.map((b) => [b.id, b]));
  const roomById = new Map(rooms.map((r) => [r.id, r]));
  const heldIn = new Map(holds.map((h) => [h.bookingId, h.roomType]));

  const plan = list.map(({ bookingId, roomId }) => {
    const booking = bookingById.get(bookingId);
    const room = roomById.get(roomId);
    if (!booking) throw new ApiError(404, 'booking_not_found', { bookingId: String(bookingId) });
    const reference = named(booking);
    if (
      !(ASSIGNABLE as readonly string[]).includes(booking.status) ||
      booking.checkedOutAt ||
      booking.checkedInAt
    )
      throw new ApiError(409, 'room_assign_status', reference);
    if (!room || room.retiredAt) throw new ApiError(404, 'room_not_found', reference);
    if (room.roomType !== booking.roomType) throw new ApiError(422, 'room_type_mismatch', reference);
    if (room.status === 'out_of_order') throw new ApiError(409, 'room_out_of_order', reference);
    return { booking, room, token: newChangeToken() };
  });

  const statements: BatchItem<'sqlite'>[] = [];
  for (const { booking, room, token } of plan) {
    const nights = stayNights(booking.checkInDate, booking.checkOutDate);
    const change = bookingChange(db, booking.id, token);
    const { won } = change;
    statements.push(
      change.update(
        { roomId: room.id, updatedAt: new Date() },
        {
          status: ASSIGNABLE,
          notCheckedOut: true,
          stay: { checkInDate: booking.checkInDate, checkOutDate: booking.checkOutDate },
        },
      ),
      // A move: the old room's nights go in the same batch. Null owner (booking changed) or null
      // room (retired / out of order meanwhile): the constraints refuse the row and the whole
      // batch with it.
      ...roomNightsStatements(db, change, booking.id, room, nights),
    );
    const held = heldIn.get(booking.id) ?? booking.roomType;
    if (held !== booking.roomType) statements.push(...retakeHolds(db, booking, booking.roomType, won));
    statements.push(
      insertWhere(
        db,
        auditLog,
        auditEntry(
          actor,
          booking.roomId === null ? 'booking.room_assign' : 'booking.room_move',
          'booking',
          booking.id,
          { roomId: booking.roomId },
          { roomId: room.id, roomNumber: room.number, suggestion: true },
        ),
        won,
      ),
    );
  }
  try {
    await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (error) {
    const text = errorText(error);
    if (text.includes('UNIQUE constraint failed: room_nights.room_id, room_nights.night'))
      throw new ApiError(409, 'room_taken', named(await clashingBooking(db, plan)));
    if (text.includes('NOT NULL constraint failed: room_nights.room_id'))
      throw new ApiError(409, 'room_out_of_order');
    if (text.includes('CHECK constraint failed') && text.includes('room_nights'))
      throw new ApiError(409, 'booking_changed');
    if (text.includes('overbooked_room')) throw new ApiError(409, 'booked_type_full');
    // A guest in house moved into a room whose guest has not left (migration 0099).
    if (text.includes('room_occupied')) throw new ApiError(409, 'room_occupied');
    throw error;
  }
  return plan.map(({ booking, room }) => ({
    bookingId: booking.id,
    reference: booking.reference,
    roomId: room.id,
    roomNumber: room.number,
  }));
}

/**
 * The reference of the first stay of the set whose room is taken on one of its nights by
 * another stay or a block, or by another stay of the set itself (one read, after the refusal).
 */
type Planned = { id: number; reference: string; checkInDate: string; checkOutDate: string };

async function clashingBooking(db: Db, plan: { booking: Planned; room: { id: number } }[]): Promise<Planned> {
  const seen = new Map<string, Planned>();
  for (const { booking, room } of plan) {
    for (const night of stayNights(booking.checkInDate, booking.checkOutDate)) {
      const key = `${room.id}|${night}`;
      if (seen.has(key)) return booking;
      seen.set(key, booking);
    }
  }
  const ids = new Set(plan.map((p) => p.booking.id));
  const first = plan.reduce((min, p) => (p.booking.checkInDate < min ? p.booking.checkInDate : min), '9999');
  const last = plan.reduce((max, p) => (p.booking.checkOutDate > max ? p.booking.checkOutDate : max), '');
  const taken = await roomNightsOfRoomsQuery(db, [...new Set(plan.map((p) => p.room.id))], first, last);
  for (const row of taken) {
    if (row.bookingId !== null && ids.has(row.bookingId)) continue;
    const booking = seen.get(`${row.roomId}|${row.night}`);
    if (booking) return booking;
  }
  return plan[0]!.booking;
}
