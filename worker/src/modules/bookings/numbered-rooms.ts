import { and, eq, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { bookingSubmissions, type BookingSubmission } from './tables';
import type { Db } from '../../platform/env';
import { holdsRoomNightSql, numberedRoomNightsStatement, roomNumberOf } from '../inventory';

/**
 * The guest's numbered-room booking (decision 047) over the inventory's rooms: the room a new
 * booking asked for, and the number of a booking's room (the room list is the inventory's).
 */

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
