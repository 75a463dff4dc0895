import { Trans, useLingui } from '@lingui/react/macro';
import { Separator } from '@/components/separator';
import { Suspense, useState } from 'react';
import { hotelToday } from '@shared/dates';
import { taskMoves } from '@shared/housekeeping';
import type { HousekeepingTask, TaskStatus } from '@shared/housekeeping-tasks';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { PlainLink } from '@/components/ui/plain-button';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { formatTimeOfDay } from '@/lib/format-time';
import { lazy } from '@/lib/lazy';
import { useOnline } from '@/lib/use-online';
import { useCurrentUser } from '@/entities/session/use-current-user';
import { useMoveTask, useTasks } from '../api/tasks';
import { hotelClock, statusClass, useTaskWords, workOrder } from '../lib/task-words';

const MinibarDialog = lazy(() => import('./minibar-dialog'));

/**
 * /housekeeping/tasks: a housekeeper's day on their phone (their home screen: where they land after
 * signing in, with the housekeeping board a tap away). Only the tasks a
 * supervisor gave them (the server answers no other), what is left first: rooms a guest arrives in
 * ("rush") before the others, VIPs marked. Each task is started and finished (the times kept), or
 * marked "do not disturb" (tried again later) or "service refused"; the minibar taken is charged to
 * the room. A departure clean waits for the guest's check-out; an inspection for the clean.
 * A supervisor (linked from the board) sees here what is theirs: the tasks given to them and the
 * day's inspections no one else was given (decision 091: the inspection stays the supervisor's).
 */
export function MyTasksScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const tasks = useTasks();
  const move = useMoveTask();
  const [minibarFor, setMinibarFor] = useState<HousekeepingTask | null>(null);
  const me = useCurrentUser().data?.id;
  const data = tasks.data;
  const theirs = (task: HousekeepingTask) =>
    !data?.supervisor || task.assignedTo === me || (task.kind === 'inspection' && task.assignedTo === null);
  const list = data ? workOrder(data.tasks.filter(theirs)) : [];
  const done = list.filter((task) => task.status === 'done' || task.status === 'refused').length;

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

  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-6">
      <AdminPageHeader
        title={<Trans>My tasks</Trans>}
        backHref={null}
        // Their home after signing in (decision 091); the rooms' board a tap away.
        actions={
          <PlainLink href="/housekeeping" variant="secondary" data-testid="my-tasks-board">
            <Trans>Housekeeping board</Trans>
          </PlainLink>
        }
        subtitle={
          data ? (
            data.date === hotelToday() ? (
              <Trans>
                Today, {formatDate(data.date, language)}: {formatCount(done, language)} of{' '}
                {formatCount(list.length, language)} done.
              </Trans>
            ) : (
              // Past midnight, before the day close: the open day's tasks are still the day's.
              <Trans>
                {formatDate(data.date, language)}, open until the day close: {formatCount(done, language)} of{' '}
                {formatCount(list.length, language)} done.
              </Trans>
            )
          ) : undefined
        }
      />
      {!online && (
        <OfflineNote>
          <Trans>You are offline. This is the last list loaded; changing a task needs a connection.</Trans>
        </OfflineNote>
      )}
      {tasks.isError && !data && (
        <LoadError onRetry={() => void tasks.refetch()}>
          <Trans>Your tasks could not be loaded. Check your connection and try again.</Trans>
        </LoadError>
      )}
      {tasks.isPending && (
        <p role="status" className="text-slate-700">
          <Trans>Loading your tasks…</Trans>
        </p>
      )}
      {data && list.length === 0 && (
        <p className="rounded-xl bg-sand-100 p-4 text-slate-800" data-testid="no-tasks">
          <Trans>No task is given to you today yet. Your supervisor assigns the rooms.</Trans>
        </p>
      )}
      {list.length > 0 && (
        <ol className="flex flex-col gap-3" aria-label={t`My tasks`}>
          {list.map((task) => (
            <li key={task.id}>
              <TaskCard
                task={task}
                disabled={!online || move.isPending}
                onMove={onMove}
                onMinibar={data && data.minibar.length > 0 ? setMinibarFor : undefined}
              />
            </li>
          ))}
        </ol>
      )}
      {minibarFor && data ? (
        <Suspense fallback={null}>
          <MinibarDialog task={minibarFor} items={data.minibar} onClose={() => setMinibarFor(null)} />
        </Suspense>
      ) : null}
    </main>
  );
}

function TaskCard({
  task,
  disabled,
  onMove,
  onMinibar,
}: {
  task: HousekeepingTask;
  disabled: boolean;
  onMove: (task: HousekeepingTask, status: TaskStatus) => void;
  onMinibar?: (task: HousekeepingTask) => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const words = useTaskWords();
  const number = formatRoomNumber(task.room.number, language);
  const guestRoom = task.kind === 'stay_over' || task.kind === 'turndown';
  const open = task.status === 'pending' || task.status === 'dnd';
  // Each action only when the task's rules and what it waits for allow it (the server's own rules).
  const moves = taskMoves(task);
  const cannot = (to: TaskStatus) => disabled || !moves.includes(to);
  const time = (iso: string) => formatTimeOfDay(hotelClock(iso), language);
  // The minibar is checked in a room a guest still holds (a stay-over, a turndown, a departure before check-out).
  const minibar = onMinibar && task.kind !== 'inspection' && !(task.kind === 'departure' && task.checkedOut);

  return (
    <article
      data-testid="task-card"
      data-room={task.room.number}
      data-kind={task.kind}
      data-status={task.status}
      aria-label={t`Room ${number}: ${words.kind[task.kind]}`}
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="text-3xl leading-tight font-bold text-slate-900">
            <span className="sr-only">
              <Trans>Room</Trans>{' '}
            </span>
            {number}
          </h2>
          <p className="text-base font-semibold text-slate-800">{words.kind[task.kind]}</p>
        </div>
        <span
          data-testid="task-status"
          className={`shrink-0 rounded-full px-3 py-1 text-base font-bold ring-1 ${statusClass[task.status]}`}
        >
          {words.status[task.status]}
        </span>
      </div>
      {(task.rush || task.vip) && (
        <p className="flex flex-wrap gap-2">
          {task.rush && (
            <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-sm font-bold text-white">
              {task.rushBy ? (
                <Trans>
                  Rush: an early check-in, ready by <bdi>{formatTimeOfDay(task.rushBy, language)}</bdi>
                </Trans>
              ) : (
                <Trans>Rush: a guest arrives today</Trans>
              )}
            </span>
          )}
          {task.vip && (
            <span className="rounded-full bg-gold-700 px-2.5 py-0.5 text-sm font-bold text-white">
              <Trans>VIP</Trans>
            </span>
          )}
        </p>
      )}
      {task.waitingFor === 'checkout' && open && (
        <p className="text-sm text-slate-700">
          <Trans>The guest has not checked out yet.</Trans>
        </p>
      )}
      {task.waitingFor === 'clean' && open && (
        <p className="text-sm text-slate-700">
          <Trans>The departure clean is not done yet.</Trans>
        </p>
      )}
      {(task.startedAt || task.finishedAt) && (
        <p className="text-sm text-slate-700">
          {task.startedAt ? <Trans>Started {time(task.startedAt)}</Trans> : null}
          {task.startedAt && task.finishedAt ? <Separator /> : null}
          {task.finishedAt ? <Trans>Finished {time(task.finishedAt)}</Trans> : null}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {open && (
          <Button isDisabled={cannot('in_progress')} onPress={() => onMove(task, 'in_progress')}>
            <Trans>Start</Trans>
          </Button>
        )}
        {task.status === 'in_progress' && (
          <Button isDisabled={cannot('done')} onPress={() => onMove(task, 'done')}>
            <Trans>Finish</Trans>
          </Button>
        )}
        {guestRoom && task.status === 'pending' && (
          <Button variant="secondary" isDisabled={cannot('dnd')} onPress={() => onMove(task, 'dnd')}>
            <Trans>Do not disturb</Trans>
          </Button>
        )}
        {guestRoom && open && (
          <Button variant="secondary" isDisabled={cannot('refused')} onPress={() => onMove(task, 'refused')}>
            <Trans>Service refused</Trans>
          </Button>
        )}
        {minibar && (
          <Button variant="secondary" isDisabled={disabled} onPress={() => onMinibar(task)}>
            <Trans>Minibar…</Trans>
          </Button>
        )}
      </div>
    </article>
  );
}
