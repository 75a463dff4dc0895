import { MAX_STAY_NIGHTS, type RoomStatus } from '@shared/constants';
import { addDays, stayNights } from '@shared/dates';
import { roomSuggestionReads } from '../bookings';
import type { Db } from '../../platform/env';
import { sortRooms } from './tape-chart';
import { outOfServiceRoomsQuery } from '../work-orders';

/**
 * The room suggestion: the arrivals of `date` and the day after (approved or
 * confirmed, no room yet), each given a free room of its booked type for the whole stay —
 * clean or inspected first, else a dirty one flagged `notClean`, else listed as unplaceable.
 * Never two stays on one room-night, counting the suggestion's own picks. Staff review the set
 * and apply it with POST /api/admin/room-assignments (modules/bookings/room-assignment-set.ts, one batch).
 *
 * Rooms out of service (a work order's) are passed by, as rooms out of order are.
 *
 * One D1 round trip: the rooms, the two days' unassigned arrivals, and the room nights from `date`
 * to the longest stay they can have (MAX_STAY_NIGHTS), never the history.
 */

const READY: ReadonlySet<RoomStatus> = new Set(['clean', 'inspected']);

export type RoomOption = { roomId: number; number: string; status: RoomStatus };

export async function suggestRooms(db: Db, date: string) {
  const nightsTo = addDays(date, 2 + MAX_STAY_NIGHTS);
  const [rooms, taken, arrivals, outOfService] = await db.batch([
    ...roomSuggestionReads(db, date, nightsTo),
    outOfServiceRoomsQuery(db),
  ]);
  const existing = new Set(taken.map((n) => `${n.roomId}|${n.night}`));
  const occupied = new Set(existing);
  // Out of order, or out of service by a work order (sold, but not given by the desk's choice).
  const notServing = new Set(outOfService.map((r) => r.roomId));
  const usable = sortRooms(rooms).filter(
    (room) => room.status !== 'out_of_order' && !notServing.has(room.id),
  );

  // Longer stays first on a day: they are the hardest to place.
  const ordered = [...arrivals].sort(
    (a, b) =>
      a.checkInDate.localeCompare(b.checkInDate) ||
      b.checkOutDate.localeCompare(a.checkOutDate) ||
      a.bookingId - b.bookingId,
  );
  const assignments = [];
  const unplaceable = [];
  for (const booking of ordered) {
    const nights = stayNights(booking.checkInDate, booking.checkOutDate);
    const freeIn = (set: Set<string>) =>
      usable.filter(
        (room) =>
          room.roomType === booking.roomType && nights.every((night) => !set.has(`${room.id}|${night}`)),
      );
    const free = freeIn(occupied);
    const candidates: RoomOption[] = freeIn(existing).map((room) => ({
      roomId: room.id,
      number: room.number,
      status: room.status,
    }));
    const pick = free.find((room) => READY.has(room.status)) ?? free[0];
    if (!pick) {
      unplaceable.push(booking);
      continue;
    }
    for (const night of nights) occupied.add(`${pick.id}|${night}`);
    assignments.push({
      ...booking,
      roomId: pick.id,
      roomNumber: pick.number,
      roomStatus: pick.status,
      notClean: !READY.has(pick.status),
      /** Every room of the type free for the whole stay before the suggestion's own picks. */
      candidates,
    });
  }
  return { date, assignments, unplaceable };
}

export type RoomSuggestion = Awaited<ReturnType<typeof suggestRooms>>;
