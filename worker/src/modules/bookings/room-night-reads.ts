import { and, gte, lt } from 'drizzle-orm';
import { roomNights } from './tables';
import type { Db } from '../../platform/env';

/**
 * The numbered rooms' held nights (room_nights), read for the front desk's room suggestion.
 */

/**
 * Every room night held on the nights [from, to): which room, which night.
 *
 * @example const [rooms, taken] = await db.batch([activeRoomsQuery(db), heldRoomNightsQuery(db, date, addDays(date, 30))]);
 */
export function heldRoomNightsQuery(db: Db, from: string, to: string) {
  return db
    .select({ roomId: roomNights.roomId, night: roomNights.night })
    .from(roomNights)
    .where(and(gte(roomNights.night, from), lt(roomNights.night, to)));
}
