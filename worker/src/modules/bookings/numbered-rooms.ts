import { and, eq, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { bookingSubmissions, type BookingSubmission } from './tables';
import type { Db } from '../../platform/env';
import { ApiError } from '../../platform/api-error';
import { roomTypeQuery } from '../catalog';
import { holdsRoomNightSql, numberedRoomNightsStatement, roomNumberOf, roomsOfTypeQuery } from '../inventory';
import { roomAvailability } from './availability';

/**
 * The guest's numbered-room booking (decision 047) over the inventory's rooms: the room list of a
 * type with what can be sold, the room a new booking asked for, and the number of a booking's room.
 */

/** One numbered room of the guest's room list: free for the whole window or not. */
export type ListedRoom = { id: number; number: string; floor: number; available: boolean };

/**
 * GET /api/room-list (guests; spec "Room lists per type"): the active rooms of a type, and
 * `availableCount`, the type's rooms still sellable for the window: the same figure as the room
 * card's "rooms left" (modules/bookings/availability.ts: the allotment less every night's holds
 * and rooms out of order, on the busiest night), so the two never disagree. A room is available
 * when no stay or out-of-order period takes it on any night of [from, to) and the type still has
 * a room to sell (unassigned bookings hold the type's count without a room of their own, so
 * more rooms may be free than can be sold: the list then says how many of them can be booked).
 */
export async function numberedRoomList(db: Db, roomType: RoomTypeCode, w: { from: string; to: string }) {
  const [rows, sellable] = await Promise.all([roomsOfTypeQuery(db, roomType, w), roomAvailability(db, w)]);
  // No room: perhaps a code the hotel has no type of, refused as a malformed one is.
  if (rows.length === 0 && (await roomTypeQuery(db, roomType)).length === 0)
    throw new ApiError(400, 'validation_failed', { roomType: 'invalid_room_type' });
  const availableCount = Math.max(0, sellable.find((r) => r.roomType === roomType)?.availableCount ?? 0);
  const rooms = rows.map((r): ListedRoom => ({
    id: r.id,
    number: r.number,
    floor: r.floor,
    available: !r.taken && availableCount > 0,
  }));
  // Never more than the rooms free: a room taken by a stay is not for sale, whatever the count.
  return { availableCount: Math.min(availableCount, rooms.filter((r) => r.available).length), rooms };
}

/**
 * The statements, inside a new booking's batch, that give it the numbered room it asked for:
 * the room's nights (the unique room-night index refuses a night already taken, and with it
 * the whole booking: 409 numbered_room_taken) and the booking's room, set only if its nights are
 * there (a room retired meanwhile gives neither).
 */
export function numberedRoomStatements(
  db: Db,
  bookingId: SQL,
  reference: string,
  stay: { roomId: number; roomType: RoomTypeCode; checkInDate: string; checkOutDate: string },
): BatchItem<'sqlite'>[] {
  return [
    numberedRoomNightsStatement(db, bookingId, stay),
    db
      .update(bookingSubmissions)
      .set({ roomId: stay.roomId })
      .where(and(eq(bookingSubmissions.reference, reference), holdsRoomNightSql(bookingId, stay.roomId))),
  ];
}

/** The number of the room a booking is (or was last) assigned to, for its guest's page. */
export function bookingRoomNumber(db: Db, booking: BookingSubmission): Promise<string | null> {
  return roomNumberOf(db, booking.roomId);
}
