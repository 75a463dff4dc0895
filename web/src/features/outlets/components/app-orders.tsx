import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import {
  ORDER_REFUSAL_REASONS,
  ORDER_RULES,
  hotelLocalTime,
  type OrderRefusalReason,
} from '@shared/outlet-orders';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { labelOf } from '@/entities/bookings/booking-labels';
import { useLiveSocket } from '@/entities/conversations/live-socket';
import {
  ORDER_REFUSAL_LABELS,
  ORDER_STATUS_CLASS,
  ORDER_STATUS_LABELS,
} from '@/entities/outlet-orders/order-labels';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate, formatDateTime, formatPrice } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { formatTimeOfDay } from '@/lib/format-time';
import { useOnline } from '@/lib/use-online';
import {
  type OutletOrder,
  outletKeys,
  useAcceptOrder,
  useOutletOrders,
  useRefuseOrder,
} from '../api/outlets';

/**
 * The guests' app orders on the outlet's tablet (docs/decisions/102-outlet-orders.md), a lazy part
 * of /outlet/:id: those waiting, oldest first, each with the room, the guest's surname, what was
 * ordered, the time and the note; Accept (its check to the room, on the folio at once) or Refuse with
 * a reason the guest reads in their language. A new order arrives live (the hotel's socket, tag
 * `outlet:<id>`) with a sound; those answered in the last day are listed below.
 */
export function AppOrders({ outletId }: { outletId: number }) {
  const { t } = useLingui();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const online = useOnline();
  const orders = useOutletOrders(outletId);
  const sound = useRef<HTMLAudioElement | null>(null);
  const [refusing, setRefusing] = useState<OutletOrder | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: outletKeys.orders(outletId) });
  useLiveSocket({
    query: `?as=outlet&outletId=${outletId}`,
    enabled: online,
    onEvent: (event) => {
      if (event.type !== 'order' || event.outletId !== outletId) return;
      refresh();
      // A guest's new order: a sound, so a busy waiter hears it (a browser may refuse it until the
      // tablet was touched once; the list shows it anyway).
      if (event.status === 'sent') {
        sound.current ??= new Audio('/sounds/new-order.wav');
        void sound.current.play().catch(() => undefined);
      }
      // The check an accepted order became is among the day's checks.
      if (event.status === 'accepted')
        void queryClient.invalidateQueries({ queryKey: outletKeys.screen(outletId) });
    },
    onOpen: refresh,
  });
  if (!orders.data) {
    return orders.isError ? (
      <p role="alert" className="text-red-700">
        {errorMessage(orders.error, t`The guests' orders could not be loaded.`)}
      </p>
    ) : null;
  }
  const { open, decided } = orders.data;
  return (
    <section aria-labelledby="app-orders-heading" className="flex flex-col gap-3" data-testid="app-orders">
      <h2 id="app-orders-heading" className="text-xl font-bold text-slate-900">
        <Trans>Guests' orders from the app</Trans>{' '}
        <span
          className="rounded-full bg-amber-100 px-2.5 py-0.5 text-base text-amber-950"
          data-testid="app-orders-count"
        >
          {formatCount(open.length, language)}
        </span>
      </h2>
      {open.length === 0 ? (
        <p className="text-slate-700">
          <Trans>No orders waiting. A new one appears here with a sound.</Trans>
        </p>
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" aria-live="polite">
          {open.map((order) => (
            <OrderCard key={order.id} outletId={outletId} order={order} onRefuse={() => setRefusing(order)} />
          ))}
        </ul>
      )}
      {decided.length > 0 ? (
        <details className="rounded-2xl border border-sand-200 bg-white p-3">
          <summary className="cursor-pointer font-semibold text-slate-900">
            <Trans>Answered in the last day</Trans> ({formatCount(decided.length, language)})
          </summary>
          <ul className="mt-2 flex flex-col divide-y divide-sand-200">
            {decided.map((order) => (
              <DecidedRow key={order.id} order={order} />
            ))}
          </ul>
        </details>
      ) : null}
      {refusing ? (
        <RefuseDialog outletId={outletId} order={refusing} onClose={() => setRefusing(null)} />
      ) : null}
    </section>
  );
}

function Who({ order }: { order: OutletOrder }) {
  const language = useLanguage();
  return (
    <span className="font-bold text-slate-900">
      {order.roomNumber ? (
        <Trans>Room {formatRoomNumber(order.roomNumber, language)}</Trans>
      ) : (
        <Trans>Checked out</Trans>
      )}
      {order.guestSurname ? (
        <span className="font-normal text-slate-700"> · {order.guestSurname}</span>
      ) : null}
    </span>
  );
}

function OrderCard({
  outletId,
  order,
  onRefuse,
}: {
  outletId: number;
  order: OutletOrder;
  onRefuse: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const accept = useAcceptOrder(outletId);
  return (
    <li
      className="flex flex-col gap-2 rounded-2xl border-2 border-amber-300 bg-white p-4 shadow-sm"
      data-testid="app-order"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Who order={order} />
        <span className="text-sm text-slate-700">{formatDateTime(order.createdAt, language)}</span>
      </div>
      {order.time ? (
        <p className="font-semibold text-teal-900" data-testid="app-order-time">
          {order.time.slice(0, 10) !== hotelLocalTime(new Date()).slice(0, 10) ? (
            <span className="me-2">{formatDate(order.time.slice(0, 10), language)}</span>
          ) : null}
          <Trans>For {formatTimeOfDay(order.time.slice(11), language)}</Trans>
          {order.endsAt ? <> – {formatTimeOfDay(order.endsAt.slice(11), language)}</> : null}
        </p>
      ) : (
        <p className="font-semibold text-teal-900">
          <Trans>As soon as possible</Trans>
        </p>
      )}
      <ul className="text-lg">
        {order.lines.map((l) => (
          <li key={l.itemId} className="flex justify-between gap-2">
            <span>
              {language === 'ar' ? l.nameAr : l.nameEn} × {formatCount(l.quantity, language)}
            </span>
            <bdi>{formatPrice(l.amountBaisa, language)}</bdi>
          </li>
        ))}
      </ul>
      {order.note ? (
        <p className="rounded-lg bg-sand-50 p-2 text-slate-900" dir="auto" data-testid="app-order-note">
          {order.note}
        </p>
      ) : null}
      <p className="flex justify-between border-t border-sand-200 pt-2 font-bold">
        <Trans>Total</Trans> <bdi>{formatPrice(order.totalBaisa, language)}</bdi>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          className="min-h-12 flex-1"
          isDisabled={!online || accept.isPending}
          onPress={() =>
            accept.mutate(order.id, {
              onSuccess: (answer) => showToast({ variant: 'success', title: answer.message }),
              onError: (failure) =>
                showToast({
                  variant: 'error',
                  title: t`The order was not accepted`,
                  description: errorMessage(failure, t`Please try again.`),
                }),
            })
          }
          data-testid="app-order-accept"
        >
          <Trans>Accept and charge the room</Trans>
        </Button>
        <Button
          variant="secondary"
          className="min-h-12"
          isDisabled={!online}
          onPress={onRefuse}
          data-testid="app-order-refuse"
        >
          <Trans>Refuse</Trans>
        </Button>
      </div>
    </li>
  );
}

function DecidedRow({ order }: { order: OutletOrder }) {
  const { i18n } = useLingui();
  const language = useLanguage();
  return (
    <li
      className="flex flex-wrap items-center gap-3 py-2"
      data-testid="app-order-decided"
      data-status={order.status}
    >
      <Who order={order} />
      <span className="min-w-0 flex-1 text-slate-800">
        {order.lines
          .map((l) => `${language === 'ar' ? l.nameAr : l.nameEn} × ${formatCount(l.quantity, language)}`)
          .join('، ')}
      </span>
      <bdi className="font-semibold">{formatPrice(order.totalBaisa, language)}</bdi>
      <span
        className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${ORDER_STATUS_CLASS[order.status]}`}
      >
        {labelOf(i18n, ORDER_STATUS_LABELS, order.status)}
        {order.refusal ? ` · ${labelOf(i18n, ORDER_REFUSAL_LABELS, order.refusal.reason)}` : ''}
      </span>
    </li>
  );
}

function RefuseDialog({
  outletId,
  order,
  onClose,
}: {
  outletId: number;
  order: OutletOrder;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const refuse = useRefuseOrder(outletId);
  const [reason, setReason] = useState<OrderRefusalReason | null>(null);
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  return (
    <Modal
      title={<Trans>Refuse the order</Trans>}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      size="sm"
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          setTried(true);
          if (!reason) return;
          refuse.mutate(
            { orderId: order.id, body: { reason, ...(note.trim() ? { note: note.trim() } : {}) } },
            {
              onSuccess: (answer) => {
                showToast({ variant: 'success', title: answer.message });
                onClose();
              },
              onError: (failure) =>
                showToast({
                  variant: 'error',
                  title: t`The order was not refused`,
                  description: errorMessage(failure, t`Please try again.`),
                }),
            },
          );
        }}
      >
        <p className="text-slate-800">
          <Trans>The guest reads the reason in their own language.</Trans>
        </p>
        <RadioGroup
          label={<Trans>Why</Trans>}
          value={reason}
          onChange={(v) => setReason(v as OrderRefusalReason)}
          isRequired
          isInvalid={tried && !reason}
          errorMessage={t`Choose a reason`}
          optionsClassName="flex flex-col gap-2"
        >
          {ORDER_REFUSAL_REASONS.map((r) => (
            <RadioOption key={r} value={r}>
              {labelOf(i18n, ORDER_REFUSAL_LABELS, r)}
            </RadioOption>
          ))}
        </RadioGroup>
        <TextField
          label={<Trans>A word to the guest (optional)</Trans>}
          multiline
          rows={2}
          maxLength={ORDER_RULES.refusalNoteMax}
          value={note}
          onChange={setNote}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Keep it</Trans>
          </Button>
          <Button type="submit" isDisabled={refuse.isPending} data-testid="app-order-refuse-confirm">
            <Trans>Refuse the order</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
