import { Trans, useLingui } from '@lingui/react/macro';
import { useSyncExternalStore } from 'react';
import { taskMoves } from '@shared/housekeeping';
import type { HousekeepingTask, TaskStatus } from '@shared/housekeeping-tasks';
import { Button } from '@/components/ui/button';
import { useWindowRows } from '@/components/admin/window-list';
import { Select, SelectItem } from '@/components/ui/select';
import { useLanguage } from '@/hooks/use-language';
import { formatTimeOfDay } from '@/lib/format-time';
import { formatCount } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import type { BoardRoom } from '../lib/board-rooms';
import { statusClass, useTaskWords } from '../lib/task-words';

export const NOBODY = 'nobody';

/** A floor's header before it is measured (its heading and its housekeeper's choice, with the gap above). */
const HEADER_HEIGHT = 96;
/** A row of room cards before it is measured (a card with two tasks and its choice, and the gap under). */
const ROW_HEIGHT = 236;

/** Tailwind's sm (640 px) and wider: the rooms stand two by two. */
const TWO_COLUMNS = '(min-width: 640px)';

function onWidthChange(notify: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(TWO_COLUMNS);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
}

function twoColumns() {
  return typeof window.matchMedia === 'function' && window.matchMedia(TWO_COLUMNS).matches;
}

/**
 * The board's floors, each with only the rows of rooms on screen drawn (docs/decisions/087-staff-
 * screens-at-a-full-house.md; @tanstack/react-virtual through `useWindowRows`, the window being what
 * scrolls, as the tape chart's rooms): a full house is 120 rooms, each a card with its tasks and a
 * housekeeper's choice. Every floor keeps its section, heading and floor choice, and in its rooms'
 * place the height of the rows not drawn; each card says where it stands on its floor
 * (`aria-posinset`, `aria-setsize`). Up to four tablet screens of rooms, every room is drawn.
 */
export function BoardFloors({
  floors,
  housekeepers,
  nameOf,
  disabled,
  onAssign,
  onAssignFloor,
  onMove,
  moving,
}: {
  floors: { floor: number; rooms: BoardRoom[] }[];
  housekeepers: { id: number; fullName: string }[];
  nameOf: ReadonlyMap<number, string>;
  disabled: boolean;
  /** Give rooms to a housekeeper (null: to nobody). */
  onAssign: (rooms: BoardRoom[], assignedTo: number | null) => void;
  /** Give a whole floor's rooms to a housekeeper, those the find hides too. */
  onAssignFloor: (floor: number, assignedTo: number | null) => void;
  /** Move a task (the supervisor's inspection: started, then passed). */
  onMove: (task: HousekeepingTask, status: TaskStatus) => void;
  /** A move on its way: the task buttons wait. */
  moving: boolean;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const columns = useSyncExternalStore(onWidthChange, twoColumns, () => false) ? 2 : 1;
  const entries = floors.flatMap((group, f) => {
    const rows: { floor: number; first: number; rooms?: BoardRoom[] }[] = [{ floor: f, first: 0 }];
    for (let first = 0; first < group.rooms.length; first += columns) {
      rows.push({ floor: f, first, rooms: group.rooms.slice(first, first + columns) });
    }
    return rows;
  });
  const headerIndex = entries.flatMap((entry, i) => (entry.rooms ? [] : [i]));
  const { virtualizer, startRef } = useWindowRows<HTMLDivElement>({
    count: entries.length,
    estimateSize: (i) => (entries[i]?.rooms ? ROW_HEIGHT : HEADER_HEIGHT),
    overscan: 3,
  });
  const inRange = new Set(virtualizer.getVirtualItems().map((item) => item.index));
  const rowsOf = (f: number) =>
    entries.flatMap((entry, index) => (entry.floor === f && entry.rooms ? [{ entry, index }] : []));
  /** The height of a floor's rows not drawn, before or after those that are. */
  const spacer = (rows: ReturnType<typeof rowsOf>, where: 'before' | 'after') => {
    const drawn = rows.filter(({ index }) => inRange.has(index));
    const skipped =
      drawn.length === 0
        ? where === 'before'
          ? rows
          : []
        : rows.filter(({ index }) =>
            where === 'before' ? index < drawn[0]!.index : index > drawn.at(-1)!.index,
          );
    const height = skipped.reduce(
      (sum, { index }) => sum + (virtualizer.measurementsCache[index]?.size ?? ROW_HEIGHT),
      0,
    );
    return height > 0 ? (
      <div aria-hidden="true" data-testid="board-rows-not-drawn" style={{ height }} />
    ) : null;
  };
  const assigneeItems = [
    { id: NOBODY, name: t`Nobody` },
    ...housekeepers.map((h) => ({ id: String(h.id), name: h.fullName })),
  ];
  const toWhom = (key: string | number | null) => (key === NOBODY ? null : Number(key));

  return (
    <div ref={startRef} data-testid="board-floors">
      {floors.map(({ floor, rooms }, f) => {
        const floorLabel = formatCount(floor, language);
        const rows = rowsOf(f);
        return (
          <section key={floor} aria-labelledby={`floor-${floor}`} data-testid="board-floor">
            <div
              ref={virtualizer.measureElement}
              data-index={headerIndex[f]}
              className="flex flex-wrap items-end justify-between gap-3 pt-6 pb-3"
            >
              <h2 id={`floor-${floor}`} className="text-2xl font-bold text-teal-800">
                <Trans>Floor {floorLabel}</Trans>
              </h2>
              {housekeepers.length > 0 && (
                <Select
                  label={<Trans>Give floor {floorLabel} to</Trans>}
                  className="w-64"
                  items={assigneeItems}
                  selectedKey={null}
                  placeholder={t`Choose a housekeeper`}
                  isDisabled={disabled}
                  onSelectionChange={(key) => onAssignFloor(floor, toWhom(key))}
                >
                  {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
                </Select>
              )}
            </div>
            <div role="list" aria-labelledby={`floor-${floor}`}>
              {spacer(rows, 'before')}
              {rows
                .filter(({ index }) => inRange.has(index))
                .map(({ entry, index }) => (
                  <div
                    key={entry.rooms![0]!.id}
                    ref={virtualizer.measureElement}
                    data-index={index}
                    role="none"
                    className={`grid gap-3 pb-3 ${columns === 2 ? 'grid-cols-2' : 'grid-cols-1'}`}
                  >
                    {entry.rooms!.map((room, i) => (
                      <RoomCard
                        key={room.id}
                        room={room}
                        position={entry.first + i + 1}
                        of={rooms.length}
                        housekeepers={housekeepers.length}
                        assigneeItems={assigneeItems}
                        given={room.assignedTo === null || nameOf.has(room.assignedTo)}
                        disabled={disabled}
                        onAssign={(key) => onAssign([room], toWhom(key))}
                        onMove={onMove}
                        moving={moving}
                      />
                    ))}
                  </div>
                ))}
              {spacer(rows, 'after')}
            </div>
          </section>
        );
      })}
    </div>
  );
}

function RoomCard({
  room,
  position,
  of,
  housekeepers,
  assigneeItems,
  given,
  disabled,
  onAssign,
  onMove,
  moving,
}: {
  room: BoardRoom;
  /** Its place among its floor's rooms, from 1, and their number. */
  position: number;
  of: number;
  housekeepers: number;
  assigneeItems: { id: string; name: string }[];
  /** False when it is given to an account that is no longer a housekeeper. */
  given: boolean;
  disabled: boolean;
  onAssign: (key: string | number | null) => void;
  onMove: (task: HousekeepingTask, status: TaskStatus) => void;
  moving: boolean;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const words = useTaskWords();
  const number = formatRoomNumber(room.number, language);
  return (
    <div
      role="listitem"
      aria-posinset={position}
      aria-setsize={of}
      data-testid="board-room"
      data-room={room.number}
      className="flex flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-2xl font-bold text-slate-900">
          <span className="sr-only">
            <Trans>Room</Trans>{' '}
          </span>
          {number}
        </h3>
        <span data-testid="board-room-status" className="text-sm font-semibold text-slate-700">
          {words.room[room.status]}
        </span>
      </div>
      {(room.rush || room.vip) && (
        <p className="flex flex-wrap gap-2">
          {room.rush && (
            <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-sm font-bold text-white">
              {room.rushBy ? (
                <Trans>
                  Rush: by <bdi>{formatTimeOfDay(room.rushBy, language)}</bdi>
                </Trans>
              ) : (
                <Trans>Rush</Trans>
              )}
            </span>
          )}
          {room.vip && (
            <span className="rounded-full bg-gold-700 px-2.5 py-0.5 text-sm font-bold text-white">
              <Trans>VIP</Trans>
            </span>
          )}
        </p>
      )}
      <ul className="flex flex-col gap-1">
        {room.tasks.map((task) => (
          <li
            key={task.id}
            className="flex flex-col gap-1.5 text-sm"
            data-testid="board-task"
            data-kind={task.kind}
          >
            <div className="flex items-center justify-between gap-2">
              <span className="text-slate-900">{words.kind[task.kind]}</span>
              <span
                data-testid="board-task-status"
                className={`rounded-full px-2 py-0.5 font-semibold ring-1 ${statusClass[task.status]}`}
              >
                {words.status[task.status]}
              </span>
            </div>
            {task.kind === 'inspection' && (task.status === 'pending' || task.status === 'in_progress') && (
              // The inspection is the supervisor's: started and passed here, each only when its rules
              // allow (after the room's departure clean is done), as the server holds them.
              <div className="flex flex-wrap items-center gap-2">
                {task.status === 'pending' ? (
                  <Button
                    variant="secondary"
                    aria-label={t`Start inspection, room ${number}`}
                    isDisabled={moving || !taskMoves(task).includes('in_progress')}
                    onPress={() => onMove(task, 'in_progress')}
                  >
                    <Trans>Start inspection</Trans>
                  </Button>
                ) : (
                  <Button
                    aria-label={t`Mark inspected, room ${number}`}
                    isDisabled={moving || !taskMoves(task).includes('done')}
                    onPress={() => onMove(task, 'done')}
                  >
                    <Trans>Mark inspected</Trans>
                  </Button>
                )}
                {task.waitingFor === 'clean' && (
                  <span className="text-slate-700">
                    <Trans>After the departure clean.</Trans>
                  </span>
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {room.credits > 0 && housekeepers > 0 && (
        <Select
          label={<Trans>Room {number} to</Trans>}
          items={assigneeItems}
          selectedKey={room.assignedTo === null ? NOBODY : String(room.assignedTo)}
          isDisabled={disabled}
          onSelectionChange={onAssign}
        >
          {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
        </Select>
      )}
      {!given && (
        <p className="text-sm text-slate-700">
          <Trans>Given to an account that is no longer a housekeeper.</Trans>
        </p>
      )}
    </div>
  );
}
