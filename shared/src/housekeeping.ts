import type { RoomStatus } from './constants';
import { addDays } from './dates';

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

// Housekeeping's tasks (decision 091): their kinds, statuses and moves, and the day they are of.

/** A departure clean, a stay-over tidy, the inspection after a departure clean, a turndown. */
export const TASK_KINDS = ['departure', 'stay_over', 'inspection', 'turndown'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** `dnd`: the guest's "do not disturb"; `refused`: the guest refused the service. */
export const TASK_STATUSES = ['pending', 'in_progress', 'done', 'dnd', 'refused'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * Where a task may go from where it is. Done and refused are final (a mistake is told to the
 * supervisor, who sets the room's status on the board). Do not disturb is tried again later.
 * A departure clean and an inspection are of an empty room: no guest to refuse them or hang a sign.
 */
const MOVES: Record<TaskStatus, readonly TaskStatus[]> = {
  pending: ['in_progress', 'dnd', 'refused'],
  dnd: ['in_progress', 'refused', 'pending'],
  in_progress: ['done', 'pending'],
  done: [],
  refused: [],
};

export function canMoveTask(kind: TaskKind, from: TaskStatus, to: TaskStatus): boolean {
  if ((to === 'dnd' || to === 'refused') && (kind === 'departure' || kind === 'inspection')) return false;
  return MOVES[from].includes(to);
}

/**
 * The day housekeeping works on (decision 091, amended): the business day not yet closed, not the
 * calendar's. The day close (the cron at 03:00, or a manager) closes a day and makes the next one's
 * tasks; between midnight and the close the day before is still open, its unfinished tasks (a rush
 * clean among them) still to do, and the new day has no tasks yet. So: the day after the last
 * closed one (the day after today when today was closed early, the night audit run before
 * midnight), never further back than yesterday (a hotel whose closes stopped keeps the calendar's
 * pace); today when no day was ever closed (a hotel that makes its days by hand).
 *
 * @example
 * housekeepingDay('2026-03-11', '2026-03-09') // '2026-03-10': 00:30, the 10th not closed yet
 * housekeepingDay('2026-03-11', '2026-03-10') // '2026-03-11': after the close
 * housekeepingDay('2026-03-11', null) // '2026-03-11'
 */
export function housekeepingDay(today: string, lastClosed: string | null): string {
  if (lastClosed === null) return today;
  const open = addDays(lastClosed, 1);
  const yesterday = addDays(today, -1);
  return open < yesterday ? yesterday : open;
}

/**
 * What keeps a task from starting now, as the server refuses it: a departure clean whose guest has
 * not checked out (409 `task_guest_not_out`), an inspection whose room's departure clean is not done
 * (409 `task_clean_first`); null when nothing does.
 */
export type TaskWait = 'checkout' | 'clean' | null;

/**
 * The moves a person may make on `task` now: its rules (`canMoveTask`) and what it waits for. The
 * phone and the board offer these and no other; the server refuses the rest with the same words.
 *
 * @example taskMoves(task).includes('in_progress') // "Start" enabled
 */
export function taskMoves(task: { kind: TaskKind; status: TaskStatus; waitingFor: TaskWait }): TaskStatus[] {
  return TASK_STATUSES.filter(
    (to) =>
      to !== task.status &&
      canMoveTask(task.kind, task.status, to) &&
      !(to === 'in_progress' && task.waitingFor !== null),
  );
}
