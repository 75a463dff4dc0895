import type { RoomStatus } from './constants';

/**
 * The housekeeping board's order: which rooms to clean on a day, and in what order.
 * One function for both sides: the worker answers GET /api/admin/housekeeping with it, and the
 * phone re-applies it to its optimistic copy when a room is marked clean or dirty, so a tap moves
 * the room exactly where the next poll will put it.
 */

/** Why a room is on the day's list: a stay left it, a stay-over's daily service, or it is dirty. */
export const TO_CLEAN_REASONS = ['departure', 'stay_over', 'dirty'] as const;
export type ToCleanReason = (typeof TO_CLEAN_REASONS)[number];

/** What the order needs of a room on the day. */
export type BoardRoomState = {
  id: number;
  number: string;
  floor: number;
  status: RoomStatus;
  /** When the status was last set (ms), null: never since the room was made. */
  statusChangedAt: number | null;
  /** Out of order that night (a block), whatever the status says. */
  blocked: boolean;
  departure: boolean;
  stayOver: boolean;
  arrival: boolean;
};

/** Rooms by number as people read them: "9" before "10", "A2" before "A10". */
export const compareRoomNumbers = (a: string, b: string) =>
  a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });

/**
 * The rooms to clean on the day that starts at `dayStart` (ms, hotel midnight), in order:
 * 1. dirty rooms a stay leaves that day (they must be ready for the next guest);
 * 2. stay-overs (occupied that night and the one before): their daily service, until the room is
 *    marked clean or inspected that day;
 * 3. any other dirty room.
 * Within each group a room someone arrives in that day comes first, then by floor and number.
 * Rooms out of order are not cleaned.
 */
export function toCleanOrder(
  rooms: readonly BoardRoomState[],
  dayStart: number,
): { roomId: number; why: ToCleanReason }[] {
  const listed: { room: BoardRoomState; why: ToCleanReason }[] = [];
  for (const room of rooms) {
    if (room.blocked || room.status === 'out_of_order') continue;
    const dirty = room.status === 'dirty';
    const servicedToday = !dirty && room.statusChangedAt !== null && room.statusChangedAt >= dayStart;
    if (dirty && room.departure) listed.push({ room, why: 'departure' });
    else if (room.stayOver && !servicedToday) listed.push({ room, why: 'stay_over' });
    else if (dirty) listed.push({ room, why: 'dirty' });
  }
  const rank = (why: ToCleanReason) => TO_CLEAN_REASONS.indexOf(why);
  listed.sort(
    (a, b) =>
      rank(a.why) - rank(b.why) ||
      Number(b.room.arrival) - Number(a.room.arrival) ||
      a.room.floor - b.room.floor ||
      compareRoomNumbers(a.room.number, b.room.number),
  );
  return listed.map(({ room, why }) => ({ roomId: room.id, why }));
}

/**
 * The rooms of a day spread over `housekeepers` so that each has about the same credits, a
 * floor's rooms kept together as far as the evenness allows: rooms by floor and number, each
 * housekeeper takes rooms in that order until their share is reached (the room that crosses the
 * share goes to whichever side leaves them closer to it). Inspections are the supervisor's and
 * count for nobody. Answers room id -> housekeeper id.
 */
export function balanceRooms(
  rooms: { roomId: number; number: string; floor: number; credits: number }[],
  housekeepers: number[],
): Map<number, number> {
  const out = new Map<number, number>();
  if (housekeepers.length === 0) return out;
  const sorted = [...rooms].sort((a, b) => a.floor - b.floor || compareRoomNumbers(a.number, b.number));
  const total = sorted.reduce((sum, r) => sum + r.credits, 0);
  let person = 0;
  let given = 0;
  let givenTotal = 0;
  for (const room of sorted) {
    const left = housekeepers.length - person;
    const share = (total - givenTotal + given) / left;
    if (person < housekeepers.length - 1 && given > 0 && given + room.credits - share > share - given) {
      person += 1;
      given = 0;
    }
    out.set(room.roomId, housekeepers[person]!);
    given += room.credits;
    givenTotal += room.credits;
  }
  return out;
}
