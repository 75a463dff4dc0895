import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { hotelToday } from '@shared/dates';
import { balanceRooms } from '@shared/housekeeping';
import type { HousekeepingTask, TaskStatus } from '@shared/housekeeping-tasks';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { PlainLink } from '@/components/ui/plain-button';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { lazy } from '@/lib/lazy';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { useAssignRooms, useMakeDay, useMoveTask, useTasks } from '../api/tasks';
import { boardRooms, matchesBoard, type BoardRoom } from '../lib/board-rooms';
import { BoardFloors } from './board-floors';

const RulesDialog = lazy(() => import('./rules-dialog'));

const finished = (t: HousekeepingTask) => t.status === 'done' || t.status === 'refused';

/**
 * /admin/housekeeping/board: the supervisor's board on a tablet (staff and up: the desk, managers,
 * admins; docs/decisions/091-housekeeping-tasks.md). The day's rooms by floor with their tasks and
 * how far each is; a floor or a room given to a housekeeper in one tap; "Balance" spreads the
 * rooms over the housekeepers on duty by credits (a departure clean counts more than a stay-over),
 * a floor kept together as far as evenness allows. Refreshed every 15 s and when the tablet comes
 * back to it. At a full house (120 rooms) only the rows of rooms on screen are drawn (BoardFloors);
 * the find (a room's number, a housekeeper's name) looks over every room of the day.
 */
export function HousekeepingBoardScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const tasks = useTasks();
  const assign = useAssignRooms();
  const makeDay = useMakeDay();
  const move = useMoveTask();
  const data = tasks.data;
  const [onDuty, setOnDuty] = useState<string[] | null>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [query, setQuery] = useState('');
  const manager = hasRole(useCurrentUser().data, 'manager');
  const housekeepers = data?.housekeepers ?? [];
  const duty = onDuty ?? housekeepers.map((h) => String(h.id));
  const rooms = data ? boardRooms(data.tasks) : [];
  const nameOf = new Map(housekeepers.map((h) => [h.id, h.fullName]));
  // The find looks over every room of the day; the board draws only the rows on screen.
  const found = rooms.filter((r) => matchesBoard(r, query, nameOf));
  const floors = [...new Set(found.map((r) => r.floor))].map((floor) => ({
    floor,
    rooms: found.filter((r) => r.floor === floor),
  }));

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

  const onMove = (task: HousekeepingTask, status: TaskStatus) => {
    const number = formatRoomNumber(task.room.number, language);
    move.mutate(
      { id: task.id, status },
      {
        onError: (error) =>
          showToast({
            variant: 'error',
            title: t`Room ${number}: not saved`,
            description: errorMessage(error, t`Check your connection and try again.`),
          }),
      },
    );
  };

  const assignRooms = (given: BoardRoom[], assignedTo: number | null) =>
    save(given.map((r) => ({ roomId: r.id, assignedTo })));

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:py-8">
      <AdminPageHeader
        title={<Trans>Housekeeping board</Trans>}
        actions={
          <div className="flex flex-wrap gap-2">
            {/* The tasks given to the supervisor themself (their inspections, a room they took). */}
            <PlainLink href="/housekeeping/tasks" variant="secondary" data-testid="board-my-tasks">
              <Trans>My tasks</Trans>
            </PlainLink>
            {manager ? (
              <Button variant="secondary" onPress={() => setRulesOpen(true)}>
                <Trans>Rules and credits…</Trans>
              </Button>
            ) : null}
          </div>
        }
        subtitle={
          data ? (
            data.date === hotelToday() ? (
              <Trans>Today, {formatDate(data.date, language)}. Refreshed every 15 seconds.</Trans>
            ) : (
              // Past midnight, before the day close: the open day's tasks are still the day's.
              <Trans>
                {formatDate(data.date, language)}, open until the day close. Refreshed every 15 seconds.
              </Trans>
            )
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

          {rooms.length > 0 && (
            <TextField
              label={t`Find a room or housekeeper`}
              type="search"
              placeholder={t`Room number or housekeeper’s name`}
              value={query}
              onChange={setQuery}
              className="w-full sm:max-w-md"
              data-testid="board-search"
            />
          )}
          {rooms.length > 0 && found.length === 0 && (
            <p className="rounded-xl bg-sand-100 p-4 text-slate-800" data-testid="board-no-match">
              <Trans>No room matches your search.</Trans>
            </p>
          )}
          <BoardFloors
            floors={floors}
            housekeepers={housekeepers}
            nameOf={nameOf}
            disabled={assign.isPending}
            onAssign={assignRooms}
            onMove={onMove}
            moving={move.isPending}
            onAssignFloor={(floor, assignedTo) =>
              assignRooms(
                rooms.filter((r) => r.floor === floor && r.credits > 0),
                assignedTo,
              )
            }
          />
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
