import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '@/components/ui/dialog';
import { LoadError } from '@/components/load-error';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { useRoomWorkOrders } from '../api/rooms';

/**
 * A room's history of work orders (its faults, newest first: what was wrong, who reported, took and
 * closed it, what was done). The default export, a lazy chunk of its own.
 */
export default function RoomWorkOrdersDialog({
  room,
  onClose,
}: {
  room: { id: number; number: string };
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const history = useRoomWorkOrders(room.id);
  const number = formatRoomNumber(room.number, language);
  return (
    <Modal
      isOpen
      size="md"
      title={t`Work orders of room ${number}`}
      onOpenChange={(open) => !open && onClose()}
    >
      {history.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : history.isError ? (
        <LoadError onRetry={() => void history.refetch()}>
          {errorMessage(history.error, t`The work orders could not be loaded.`)}
        </LoadError>
      ) : history.data.orders.length === 0 ? (
        <p className="text-slate-700" data-testid="room-history-empty">
          <Trans>No work orders for this room.</Trans>
        </p>
      ) : (
        <ol className="flex flex-col gap-2" data-testid="room-history">
          {history.data.orders.map((order) => (
            <li key={order.id} className="rounded-xl border border-sand-200 p-3 text-sm">
              <p className="font-semibold text-slate-900">
                <bdi>{order.note}</bdi>
              </p>
              <p className="text-slate-600">
                <Trans>
                  Reported by <bdi>{order.reportedBy ?? '—'}</bdi>,{' '}
                  {formatDateTime(order.createdAt, language)}
                </Trans>
              </p>
              {order.status === 'closed' ? (
                <p className="text-emerald-900">
                  <Trans>
                    Done: <bdi>{order.resolution ?? ''}</bdi>
                  </Trans>
                </p>
              ) : (
                <p className="text-amber-900">
                  {order.status === 'taken' ? (
                    <Trans>In progress</Trans>
                  ) : (
                    <Trans context="work order">Open</Trans>
                  )}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </Modal>
  );
}
