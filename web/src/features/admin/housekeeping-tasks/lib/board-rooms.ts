import { toLatinDigits } from '@shared/digits';
import { compareRoomNumbers } from '@shared/housekeeping';
import type { HousekeepingTask } from '@shared/housekeeping-tasks';
import { normalizeText } from '@shared/text-normalize';

/** A room of the board: its cleaning tasks (given together) and its inspection (the supervisor's). */
export type BoardRoom = {
  id: number;
  number: string;
  floor: number;
  status: HousekeepingTask['room']['status'];
  tasks: HousekeepingTask[];
  /** Who has its cleaning tasks (null: nobody yet). */
  assignedTo: number | null;
  /** The credits of its cleaning tasks (the balance spreads these). */
  credits: number;
  rush: boolean;
  /** The hour an early check-in wants it by (the earliest of its tasks'), if any. */
  rushBy?: string | null;
  vip: boolean;
};

/** The day's tasks as the board's rooms, by floor and room number. */
export function boardRooms(tasks: HousekeepingTask[]): BoardRoom[] {
  const rooms = new Map<number, BoardRoom>();
  for (const task of tasks) {
    const room =
      rooms.get(task.room.id) ??
      ({ ...task.room, tasks: [], assignedTo: null, credits: 0, rush: false, vip: false } as BoardRoom);
    room.tasks.push(task);
    if (task.kind !== 'inspection') {
      room.credits += task.credits;
      room.assignedTo ??= task.assignedTo;
    }
    room.rush ||= task.rush;
    if (task.rushBy && (!room.rushBy || task.rushBy < room.rushBy)) room.rushBy = task.rushBy;
    room.vip ||= task.vip;
    rooms.set(task.room.id, room);
  }
  return [...rooms.values()].sort((a, b) => a.floor - b.floor || compareRoomNumbers(a.number, b.number));
}

/**
 * Whether a room answers the board's find, over every room of the day (the board draws only those
 * on screen, docs/decisions/087-staff-screens-at-a-full-house.md): its number as typed or its start
 * ("2" finds the second floor's rooms, "21" 210-219), or the name of the housekeeper it is given
 * to (Arabic letters folded, any case); Arabic-Indic digits count as digits.
 */
export function matchesBoard(room: BoardRoom, query: string, nameOf: ReadonlyMap<number, string>): boolean {
  const typed = toLatinDigits(query).trim();
  if (!typed) return true;
  if (toLatinDigits(room.number).toLowerCase().startsWith(typed.toLowerCase())) return true;
  const folded = normalizeText(typed);
  const name = room.assignedTo === null ? undefined : nameOf.get(room.assignedTo);
  return folded.length > 0 && name !== undefined && normalizeText(name).includes(folded);
}
