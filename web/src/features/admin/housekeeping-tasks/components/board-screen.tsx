import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { balanceRooms, type HousekeepingTask } from '@shared/housekeeping-tasks';
import { compareRoomNumbers } from '@shared/housekeeping';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Select, SelectItem } from '@/components/ui/select';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { lazy } from '@/lib/lazy';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { useAssignRooms, useMakeDay, useTasks } from '../api/tasks';
import { statusClass, useTaskWords } from '../lib/task-words';

/** A room of the board: its cleaning tasks (given together) and its inspection (the supervisor's). */
type BoardRoom = {
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
  vip: boolean;
};

const NOBODY = 'nobody';

const RulesDialog = lazy(() => import('./rules-dialog'));

function boardRooms(tasks: HousekeepingTask[]): BoardRoom[] {
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
    room.vip ||= task.vip;
    rooms.set(task.room.id, room);
  }
  return [...rooms.values()].sort((a, b) => a.floor - b.floor || compareRoomNumbers(a.number, b.number));
}

const finished = (t: HousekeepingTask) => t.status === 'done' || t.status === 'refused';

/**
 * /admin/housekeeping/board: the supervisor's board on a tablet (staff and up: the desk, managers,
 * admins; docs/decisions/091-housekeeping-tasks.md). The day's rooms by floor with their tasks and
 * how far each is; a floor or a room given to a housekeeper in one tap; "Balance" spreads the
 * rooms over the housekeepers on duty by credits (a departure clean counts more than a stay-over),
 * a floor kept together as far as evenness allows. Refreshed every 15 s and when the tablet comes
 * back to it.
 */
export function HousekeepingBoardScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const tasks = useTasks();
  const assign = useAssignRooms();
  const makeDay = useMakeDay();
  const words = useTaskWords();
  const data = tasks.data;
  const [onDuty, setOnDuty] = useState<string[] | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const manager = hasRole(useCurrentUser().data, 'manager');
  const housekeepers = data?.housekeepers ?? [];
  const duty = onDuty ?? housekeepers.map((h) => String(h.id));
  const rooms = data ? boardRooms(data.tasks) : [];
  const floors = [...new Set(rooms.map((r) => r.floor))];
  const nameOf = new Map(housekeepers.map((h) => [h.id, h.fullName]));

  const save = (changes: { roomId: number; assignedTo: number | null }[]) => {
    if (!data || changes.length === 0) return;
    assign.mutate(
      { date: data.date, rooms: changes },
      {
        onSuccess: (answer) => showToast({ variant: 'success', title: answer.message }),
        onError: (error) =>
          showToast({
            variant: 'error',
            title: t`The rooms were not assigned`,
            description: errorMessage(error, t`Check your connection and try again.`),
          }),
      },
    );
  };
  const balance = () => {
    const given = balanceRooms(
      rooms
        .filter((r) => r.credits > 0)
        .map((r) => ({ roomId: r.id, number: r.number, floor: r.floor, credits: r.credits })),
      duty.map(Number),
    );
    save([...given].map(([roomId, assignedTo]) => ({ roomId, assignedTo })));
  };

  const people = housekeepers.map((h) => {
    const theirs = rooms.filter((r) => r.assignedTo === h.id);
    const theirTasks = theirs.flatMap((r) => r.tasks.filter((task) => task.kind !== 'inspection'));
    return {
      ...h,
      rooms: theirs.length,
      credits: theirs.reduce((sum, r) => sum + r.credits, 0),
      done: theirTasks.filter(finished).length,
      total: theirTasks.length,
    };
  });

  const assigneeItems = [
    { id: NOBODY, name: t`Nobody` },
    ...housekeepers.map((h) => ({ id: String(h.id), name: h.fullName })),
  ];

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:py-8">
      <AdminPageHeader
        title={<Trans>Housekeeping board</Trans>}
        actions={
          manager ? (
            <Button variant="secondary" onPress={() => setRulesOpen(true)}>
              <Trans>Rules and credits…</Trans>
            </Button>
          ) : undefined
        }
        subtitle={
          data ? (
            <Trans>Today, {formatDate(data.date, language)}. Refreshed every 15 seconds.</Trans>
          ) : undefined
        }
      />
      {tasks.isError && !data && (
        <LoadError onRetry={() => void tasks.refetch()}>
          <Trans>The tasks could not be loaded. Check your connection and try again.</Trans>
        </LoadError>
      )}
      {tasks.isPending && (
        <p role="status" className="text-slate-700">
          <Trans>Loading the tasks…</Trans>
        </p>
      )}
      {data && !data.made && (
        <section
          className="flex flex-col items-start gap-3 rounded-2xl bg-sand-100 p-4"
          data-testid="board-not-made"
        >
          <p className="text-slate-800">
            <Trans>
              Today’s tasks are not made yet: the day close makes each new day’s. Make them now from the
              rooms’ stays.
            </Trans>
          </p>
          <Button isDisabled={makeDay.isPending} onPress={() => makeDay.mutate(data.date)}>
            <Trans>Make today’s tasks</Trans>
          </Button>
        </section>
      )}
      {data && data.made && (
        <>
          <section
            aria-labelledby="duty-heading"
            className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-4"
          >
            <h2 id="duty-heading" className="text-xl font-bold text-teal-800">
              <Trans>Housekeepers</Trans>
            </h2>
            {housekeepers.length === 0 ? (
              <p className="text-slate-800">
                <Trans>No housekeeper account yet: an admin adds them under Staff.</Trans>
              </p>
            ) : (
              <>
                <CheckboxGroup
                  label={<Trans>On duty today</Trans>}
                  value={duty}
                  onChange={setOnDuty}
                  optionsClassName="flex flex-wrap gap-x-5 gap-y-1"
                >
                  {housekeepers.map((h) => (
                    <Checkbox key={h.id} value={String(h.id)}>
                      {h.fullName}
                    </Checkbox>
                  ))}
                </CheckboxGroup>
                <div>
                  <Button
                    isDisabled={duty.length === 0 || assign.isPending || rooms.length === 0}
                    onPress={balance}
                  >
                    <Trans>Balance the rooms</Trans>
                  </Button>
                </div>
                <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2" aria-label={t`Each housekeeper’s day`}>
                  {people.map((p) => (
                    <li
                      key={p.id}
                      data-testid="housekeeper-load"
                      className="flex flex-col rounded-xl bg-sand-50 p-3 ring-1 ring-sand-200"
                    >
                      <span className="font-semibold text-slate-900">{p.fullName}</span>
                      <span className="text-sm text-slate-700">
                        <Trans>
                          {formatCount(p.rooms, language)} rooms · {formatCount(p.credits, language)} credits
                          · {formatCount(p.done, language)} of {formatCount(p.total, language)} done
                        </Trans>
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>

          {rooms.length === 0 && (
            <p className="rounded-xl bg-sand-100 p-4 text-slate-800" data-testid="board-empty">
              <Trans>No room needs housekeeping today.</Trans>
            </p>
          )}

          {floors.map((floor) => {
            const onFloor = rooms.filter((r) => r.floor === floor);
            const floorLabel = formatCount(floor, language);
            return (
              <section
                key={floor}
                aria-labelledby={`floor-${floor}`}
                data-testid="board-floor"
                className="flex flex-col gap-3"
              >
                <div className="flex flex-wrap items-end justify-between gap-3">
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
                      isDisabled={assign.isPending}
                      onSelectionChange={(key) =>
                        save(
                          onFloor
                            .filter((r) => r.credits > 0)
                            .map((r) => ({ roomId: r.id, assignedTo: key === NOBODY ? null : Number(key) })),
                        )
                      }
                    >
                      {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
                    </Select>
                  )}
                </div>
                <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                  {onFloor.map((room) => {
                    const number = formatRoomNumber(room.number, language);
                    return (
                      <li
                        key={room.id}
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
                          <span
                            data-testid="board-room-status"
                            className="text-sm font-semibold text-slate-700"
                          >
                            {words.room[room.status]}
                          </span>
                        </div>
                        {(room.rush || room.vip) && (
                          <p className="flex flex-wrap gap-2">
                            {room.rush && (
                              <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-sm font-bold text-white">
                                <Trans>Rush</Trans>
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
                            <li key={task.id} className="flex items-center justify-between gap-2 text-sm">
                              <span className="text-slate-900">{words.kind[task.kind]}</span>
                              <span
                                data-testid="board-task-status"
                                className={`rounded-full px-2 py-0.5 font-semibold ring-1 ${statusClass[task.status]}`}
                              >
                                {words.status[task.status]}
                              </span>
                            </li>
                          ))}
                        </ul>
                        {room.credits > 0 && housekeepers.length > 0 && (
                          <Select
                            label={<Trans>Room {number} to</Trans>}
                            items={assigneeItems}
                            selectedKey={room.assignedTo === null ? NOBODY : String(room.assignedTo)}
                            isDisabled={assign.isPending}
                            onSelectionChange={(key) =>
                              save([{ roomId: room.id, assignedTo: key === NOBODY ? null : Number(key) }])
                            }
                          >
                            {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
                          </Select>
                        )}
                        {room.assignedTo !== null && !nameOf.has(room.assignedTo) && (
                          <p className="text-sm text-slate-700">
                            <Trans>Given to an account that is no longer a housekeeper.</Trans>
                          </p>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </section>
            );
          })}
        </>
      )}
      {rulesOpen ? (
        <Suspense fallback={null}>
          <RulesDialog onClose={() => setRulesOpen(false)} />
        </Suspense>
      ) : null}
    </main>
  );
}
