import type { RoomStatus } from '@shared/constants';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { addDays } from '@shared/dates';
import { compareRoomNumbers, toCleanOrder, type ToCleanReason } from '@shared/housekeeping';
import { hotelInstant } from '@shared/stay-policy';
import { roomNightsWithStaysQuery } from '../bookings';
import { roomsInServiceQuery } from '../inventory';
import type { Db } from '../../platform/env';

/**
 * The housekeeping board: every room in service, by floor, with its status and what
 * that day brings to it, and the rooms to clean in order (shared/src/housekeeping.ts).
 *
 * What a room's day is comes from `room_nights` alone, room by room: the night before the day and
 * the day's own night. A stay on the night before and not on the day's night leaves that day
 * (`departure`, also when it was moved to another room or checked out early: the check-out
 * deletes the nights from that day on); the same stay on both is a `stayOver`; a stay on the
 * day's night and not the night before arrives (`arrival`; a room can see a departure and an
 * arrival the same day); no stay on the day's night is `vacant`. A block on the day's night is
 * the room out of order, with its reason and dates.
 *
 * Cost: one D1 round trip of two statements, whatever the history: the hotel's rooms (a few
 * dozen rows) and the two nights' `room_nights` along room_nights_night_idx, each joined to its
 * stay or block by primary key.
 */

export type HousekeepingRoom = {
  id: number;
  /** As the hotel writes it ("204"); shown isolated, left to right. */
  number: string;
  roomType: RoomTypeCode;
  floor: number;
  status: RoomStatus;
  notes: string | null;
  /** When the status was last set (ISO), null if never. */
  statusChangedAt: string | null;
  /** The block of the day's night: the room is out of order from `from` to `to` (exclusive). */
  outOfOrder: { from: string; to: string; reason: string } | null;
  /** A stay leaves the room that day. */
  departure: boolean;
  /** The stay leaving that day has checked out at the desk. */
  checkedOut: boolean;
  /** A late check-out granted to the stay leaving that day ('HH:MM'); null: the hotel's time. */
  lateCheckOut: string | null;
  /** The same stay sleeps in the room that night and the night before. */
  stayOver: boolean;
  /** A stay starts in the room that day. */
  arrival: boolean;
  /** That arriving stay has checked in: its guest is in the room (in house), not expected. */
  arrived: boolean;
  /** Nobody sleeps in the room that night. */
  vacant: boolean;
};

export type HousekeepingBoard = {
  date: string;
  floors: { floor: number; rooms: HousekeepingRoom[] }[];
  toClean: { roomId: number; why: ToCleanReason }[];
};

type NightRow = {
  roomId: number;
  night: string;
  bookingId: number | null;
  blockFrom: string | null;
  blockTo: string | null;
  reason: string | null;
  checkedOutAt: Date | null;
  checkedInAt: Date | null;
  departureTime: string | null;
};

export async function housekeepingBoard(db: Db, date: string): Promise<HousekeepingBoard> {
  const before = addDays(date, -1);
  const [rooms, nights] = await db.batch([
    roomsInServiceQuery(db),
    roomNightsWithStaysQuery(db, [before, date]),
  ]);

  const nightBefore = new Map<number, NightRow>();
  const nightOf = new Map<number, NightRow>();
  for (const row of nights) (row.night === date ? nightOf : nightBefore).set(row.roomId, row);

  const board: HousekeepingRoom[] = rooms.map((room) => {
    const last = nightBefore.get(room.id);
    const tonight = nightOf.get(room.id);
    const stayedLast = last?.bookingId != null ? last.bookingId : null;
    const staysTonight = tonight?.bookingId != null ? tonight.bookingId : null;
    const departure = stayedLast !== null && stayedLast !== staysTonight;
    const blocked = tonight !== undefined && tonight.bookingId === null && tonight.reason !== null;
    return {
      id: room.id,
      number: room.number,
      roomType: room.roomType,
      floor: room.floor,
      status: room.status,
      notes: room.notes,
      statusChangedAt: room.statusChangedAt?.toISOString() ?? null,
      outOfOrder: blocked
        ? { from: tonight.blockFrom!, to: tonight.blockTo!, reason: tonight.reason! }
        : null,
      departure,
      checkedOut: departure && last!.checkedOutAt !== null,
      lateCheckOut: departure ? last!.departureTime : null,
      stayOver: stayedLast !== null && stayedLast === staysTonight,
      arrival: staysTonight !== null && staysTonight !== stayedLast,
      arrived: staysTonight !== null && staysTonight !== stayedLast && tonight!.checkedInAt !== null,
      vacant: staysTonight === null,
    };
  });
  board.sort((a, b) => a.floor - b.floor || compareRoomNumbers(a.number, b.number));

  const floors: HousekeepingBoard['floors'] = [];
  for (const room of board) {
    const current = floors.at(-1);
    if (current?.floor === room.floor) current.rooms.push(room);
    else floors.push({ floor: room.floor, rooms: [room] });
  }

  const toClean = toCleanOrder(
    board.map((room) => ({
      ...room,
      statusChangedAt: room.statusChangedAt === null ? null : Date.parse(room.statusChangedAt),
      blocked: room.outOfOrder !== null,
    })),
    hotelInstant(date, '00:00').getTime(),
  );
  return { date, floors, toClean };
}
