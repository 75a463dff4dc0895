import { useLingui } from '@lingui/react/macro';
import type { RoomStatus } from '@shared/constants';
import type { HousekeepingTask, TaskKind, TaskStatus } from '@shared/housekeeping-tasks';
import { compareRoomNumbers } from '@shared/housekeeping';

/** The words of tasks' kinds, statuses and rooms' statuses, in the reader's language. */
export function useTaskWords() {
  const { t } = useLingui();
  const kind: Record<TaskKind, string> = {
    departure: t`Departure clean`,
    stay_over: t`Stay-over tidy`,
    inspection: t`Inspection`,
    turndown: t`Turndown`,
  };
  const status: Record<TaskStatus, string> = {
    pending: t`To do`,
    in_progress: t`In progress`,
    done: t`Done`,
    dnd: t`Do not disturb`,
    refused: t`Service refused`,
  };
  const room: Record<RoomStatus, string> = {
    clean: t`Clean`,
    dirty: t`Dirty`,
    inspected: t`Inspected`,
    out_of_order: t`Out of order`,
  };
  return { kind, status, room };
}

/** Badges: the word and a colour (never the colour alone), each at AA contrast. */
export const statusClass: Record<TaskStatus, string> = {
  pending: 'bg-sand-100 text-slate-900 ring-slate-700/30',
  in_progress: 'bg-amber-100 text-amber-950 ring-amber-700/40',
  done: 'bg-emerald-100 text-emerald-900 ring-emerald-700/30',
  dnd: 'bg-violet-100 text-violet-950 ring-violet-700/30',
  refused: 'bg-slate-200 text-slate-900 ring-slate-700/30',
};

const finished = (t: HousekeepingTask) => t.status === 'done' || t.status === 'refused';

/**
 * A housekeeper's order: what is left before what is finished; rush rooms (a guest arrives) first,
 * then VIPs, then by floor and number; a room's departure clean before its inspection.
 */
export function workOrder(tasks: HousekeepingTask[]): HousekeepingTask[] {
  const kindOrder: Record<TaskKind, number> = { departure: 0, stay_over: 1, turndown: 2, inspection: 3 };
  return [...tasks].sort(
    (a, b) =>
      Number(finished(a)) - Number(finished(b)) ||
      Number(b.rush) - Number(a.rush) ||
      Number(b.vip) - Number(a.vip) ||
      a.room.floor - b.room.floor ||
      compareRoomNumbers(a.room.number, b.room.number) ||
      kindOrder[a.kind] - kindOrder[b.kind],
  );
}

/** The hour and minute an instant was in Muscat ("09:41"), for the times a task was started and done. */
export function hotelClock(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Muscat',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}
