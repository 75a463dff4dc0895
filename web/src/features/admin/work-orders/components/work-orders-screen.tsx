import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, Suspense, useState } from 'react';
import { addDays } from '@shared/dates';
import type { WorkOrderPriority } from '@shared/work-order-schemas';
import { Button, LinkButton } from '@/components/ui/button';
import { lazy } from '@/lib/lazy';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { LoadError } from '@/components/load-error';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import {
  type WorkOrder,
  type WorkOrderFilter,
  useWorkOrderStep,
  useWorkOrders,
  workOrderPhotoUrl,
} from '../api/work-orders';

// Reporting a fault (its date picker included): a chunk of its own, loaded when opened.
const ReportFaultDialog = lazy(() => import('./report-fault-dialog'));

/**
 * /admin/work-orders: the faults reported in rooms and public areas. Anyone on the staff reports
 * one (a housekeeper from the floors too); a technician sees the open list on a phone, urgent
 * first, takes an order and closes it with what was done (a manager or an admin may too). Every
 * rule is the server's (modules/work-orders); its refusals show in the user's language.
 */
export function WorkOrdersScreen() {
  const { t } = useLingui();
  const user = useCurrentUser().data;
  const technician = hasRole(user, 'maintenance');
  const [filter, setFilter] = useState<WorkOrderFilter>('active');
  const list = useWorkOrders(filter);
  const [reporting, setReporting] = useState(false);

  const filters: { key: WorkOrderFilter; label: string }[] = [
    { key: 'active', label: t({ message: 'Open', context: 'work order' }) },
    ...(technician ? [{ key: 'mine' as const, label: t`Mine` }] : []),
    { key: 'closed', label: t({ message: 'Closed', context: 'work order' }) },
  ];

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-teal-800 sm:text-3xl">
          <Trans>Work orders</Trans>
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button onPress={() => setReporting(true)} isDisabled={!list.data} data-testid="report-fault">
            <Trans>Report a fault</Trans>
          </Button>
          {hasRole(user, 'staff') ? (
            <LinkButton href="/admin" variant="secondary">
              <Trans>Back to the admin dashboard</Trans>
            </LinkButton>
          ) : (
            <LinkButton href="/admin/lost-found" variant="secondary">
              <Trans>Log a found item</Trans>
            </LinkButton>
          )}
        </div>
      </div>

      <div role="group" aria-label={t`Which orders`} className="flex flex-wrap gap-2">
        {filters.map((f) => (
          <Button
            key={f.key}
            variant={filter === f.key ? 'primary' : 'secondary'}
            aria-pressed={filter === f.key}
            className="px-4 py-2 text-sm"
            onPress={() => setFilter(f.key)}
          >
            {f.label}
          </Button>
        ))}
      </div>

      {list.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading work orders…</Trans>
        </p>
      ) : list.isError ? (
        <LoadError onRetry={() => void list.refetch()}>
          {errorMessage(list.error, t`The work orders could not be loaded.`)}
        </LoadError>
      ) : list.data.orders.length === 0 ? (
        <p className="rounded-2xl bg-sand-50 p-4 text-slate-700" data-testid="no-work-orders">
          {filter === 'closed' ? (
            <Trans>No closed work orders yet.</Trans>
          ) : (
            <Trans>No open work orders.</Trans>
          )}
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" data-testid="work-orders">
          {list.data.orders.map((order) => (
            <OrderCard key={order.id} order={order} canWork={technician} me={user?.id ?? 0} />
          ))}
        </ul>
      )}

      {reporting && list.data ? (
        <Suspense fallback={null}>
          <ReportFaultDialog
            rooms={list.data.rooms}
            today={list.data.today}
            onClose={() => setReporting(false)}
          />
        </Suspense>
      ) : null}
    </main>
  );
}

function PriorityBadge({ priority }: { priority: WorkOrderPriority }) {
  const styles: Record<WorkOrderPriority, string> = {
    urgent: 'bg-red-700 text-white',
    high: 'bg-amber-100 text-amber-900',
    normal: 'bg-sand-100 text-slate-800',
    low: 'bg-slate-100 text-slate-700',
  };
  const words: Record<WorkOrderPriority, ReactNode> = {
    urgent: <Trans>Urgent</Trans>,
    high: <Trans>High</Trans>,
    normal: <Trans>Normal</Trans>,
    low: <Trans>Low</Trans>,
  };
  return (
    <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${styles[priority]}`}>
      {words[priority]}
    </span>
  );
}

function OrderCard({ order, canWork, me }: { order: WorkOrder; canWork: boolean; me: number }) {
  const { t } = useLingui();
  const language = useLanguage();
  const step = useWorkOrderStep();
  const [closing, setClosing] = useState(false);
  const [resolution, setResolution] = useState('');
  const [error, setError] = useState<string | undefined>();
  const place = order.roomNumber
    ? t`Room ${formatRoomNumber(order.roomNumber, language)}`
    : (order.area ?? '');
  const mine = order.takenById === me;

  function run(which: 'take' | 'close') {
    step.mutate(
      { id: order.id, step: which, resolution },
      {
        onSuccess: (result) => {
          setClosing(false);
          showToast({ variant: 'success', title: result.message });
        },
        onError: (failure) => {
          setError(fieldErrorsOf(failure).resolution);
          showToast({
            variant: 'error',
            title: t`The work order was not changed`,
            description: errorMessage(failure, t`Please try again.`),
          });
        },
      },
    );
  }

  return (
    <li
      className="flex flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
      data-testid={`work-order-${order.id}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-bold text-slate-900">
          <bdi>{place}</bdi>
        </p>
        <PriorityBadge priority={order.priority} />
      </div>
      <p className="whitespace-pre-line text-slate-800">
        <bdi>{order.note}</bdi>
      </p>
      {order.roomState === 'out_of_order' && order.outOfOrderFrom && order.outOfOrderTo ? (
        <p className="rounded-xl bg-red-50 px-3 py-1.5 text-sm text-red-900">
          <Trans>
            Out of order {formatDate(order.outOfOrderFrom, language)} –{' '}
            {formatDate(addDays(order.outOfOrderTo, -1), language)}
          </Trans>
        </p>
      ) : order.roomState === 'out_of_service' ? (
        <p className="rounded-xl bg-amber-50 px-3 py-1.5 text-sm text-amber-900">
          <Trans>Out of service: not given to arrivals</Trans>
        </p>
      ) : null}
      {order.hasPhoto ? (
        <a href={workOrderPhotoUrl(order.id)} target="_blank" rel="noreferrer" className="self-start">
          <img
            src={workOrderPhotoUrl(order.id)}
            alt={order.note}
            loading="lazy"
            className="h-24 w-32 rounded-xl border border-sand-200 object-cover"
          />
        </a>
      ) : null}
      <p className="text-sm text-slate-600">
        <Trans>
          Reported by <bdi>{order.reportedBy ?? '—'}</bdi>, {formatDateTime(order.createdAt, language)}
        </Trans>
      </p>
      {order.takenBy ? (
        <p className="text-sm text-slate-600">
          {order.status === 'closed' ? (
            <Trans>
              Closed by <bdi>{order.closedBy ?? order.takenBy}</bdi>
            </Trans>
          ) : (
            <Trans>
              Taken by <bdi>{order.takenBy}</bdi>
            </Trans>
          )}
        </p>
      ) : null}
      {order.resolution ? (
        <p className="rounded-xl bg-emerald-50 px-3 py-1.5 text-sm text-emerald-900">
          <Trans>
            Done: <bdi>{order.resolution}</bdi>
          </Trans>
        </p>
      ) : null}
      {canWork && order.status !== 'closed' ? (
        closing ? (
          <div className="flex flex-col gap-2">
            <TextField
              label={t`What was done`}
              value={resolution}
              onChange={setResolution}
              multiline
              rows={2}
              isRequired
              isInvalid={!!error}
              errorMessage={error}
            />
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onPress={() => setClosing(false)}>
                <Trans>Cancel</Trans>
              </Button>
              <Button isPending={step.isPending} onPress={() => run('close')} data-testid="confirm-close">
                <Trans>Close the order</Trans>
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            {!mine && (
              <Button
                isPending={step.isPending && step.variables?.step === 'take'}
                onPress={() => run('take')}
              >
                <Trans>Take</Trans>
                <span className="sr-only"> · {place}</span>
              </Button>
            )}
            <Button variant="secondary" onPress={() => setClosing(true)}>
              <Trans>Close</Trans>
              <span className="sr-only"> · {place}</span>
            </Button>
          </div>
        )
      ) : null}
    </li>
  );
}
