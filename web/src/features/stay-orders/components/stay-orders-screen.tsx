import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isBookingReference, normalizeBookingReference } from '@shared/booking-reference';
import { addDays } from '@shared/dates';
import { ORDER_RULES, hotelLocalTime, type StayOrderInput } from '@shared/outlet-orders';
import { hotelClock, isOpenAt } from '@shared/outlets';
import { LoadError } from '@/components/load-error';
import { Button, LinkButton } from '@/components/ui/button';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Select, SelectItem } from '@/components/ui/select';
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
import { minutesCount } from '@/lib/counts';
import { ApiRequestError, errorCode, errorMessage } from '@/lib/api-client';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { formatTimeOfDay } from '@/lib/format-time';
import { useParams, useSearchParams } from '@/lib/router';
import { useOnline } from '@/lib/use-online';
import { useOutboxEntries } from '@/offline/outbox';
import {
  type MenuItem,
  type MenuOutlet,
  type StayOrder,
  stayOrderKeys,
  useCancelOrder,
  useMenus,
  usePlaceOrder,
  useStayOrders,
} from '../api/stay-orders';
import { Separator } from '@/components/separator';

type Language = 'ar' | 'en';
/** What is in the basket: an item and how many. */
type Line = { itemId: number; quantity: number };
/** "As soon as possible": no time sent (the outlet must be open now). */
const NOW = 'now';

/**
 * /stay/:id/order (`?ref=` the booking's reference, for the way back): a guest in house orders
 * from the hotel's outlets (docs/decisions/102-outlet-orders.md): room service, the café, the spa's
 * treatments at a time, the laundry. Choose the outlet, tap items into the basket, pick a time (a
 * treatment needs one), add a note, send; the order lands on the outlet's tablet. "My orders"
 * below shows each one's state, live (the hotel's socket), with the outlet's reason when it
 * refused, and cancels one still waiting. The server decides everything (in house, credit, times).
 */
export function StayOrdersScreen() {
  const stayId = Number(useParams<{ id: string }>().id);
  const [search] = useSearchParams();
  const ref = normalizeBookingReference(search.get('ref') ?? '');
  const backHref = isBookingReference(ref) ? `/booking/${ref}` : '/booking';
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const online = useOnline();
  const orders = useStayOrders(stayId);
  const menus = useMenus();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: stayOrderKeys.of(stayId) }),
    [queryClient, stayId],
  );
  useLiveSocket({
    query: `?bookingId=${stayId}`,
    enabled: online && Number.isInteger(stayId) && orders.isSuccess,
    onEvent: (event) => {
      if (event.type === 'order' && event.bookingId === stayId) refresh();
    },
    onOpen: refresh,
  });

  return (
    <main
      className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:py-10"
      aria-labelledby="stay-orders-heading"
      data-testid="stay-orders"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="stay-orders-heading" className="text-3xl font-bold text-teal-800">
          <Trans>Order during your stay</Trans>
        </h1>
        <LinkButton variant="secondary" href={backHref}>
          <Trans>Back to your booking</Trans>
        </LinkButton>
      </div>
      {orders.isError ? (
        <LoadError onRetry={() => void orders.refetch()}>
          {errorMessage(orders.error, t`Your orders could not be loaded. Please try again.`)}
        </LoadError>
      ) : !orders.data || !menus.data ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the menus…</Trans>
        </p>
      ) : (
        <>
          {!orders.data.inHouse ? (
            <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950">
              <Trans>You can order once you have checked in, until you check out.</Trans>
            </p>
          ) : menus.data.outlets.length === 0 ? (
            <p className="text-slate-700">
              <Trans>The hotel takes no orders in the app at the moment.</Trans>
            </p>
          ) : (
            <OrderForm stayId={stayId} outlets={menus.data.outlets} online={online} />
          )}
          <QueuedOrders stayId={stayId} onSent={refresh} />
          <MyOrders stayId={stayId} orders={orders.data.orders} />
        </>
      )}
    </main>
  );
}

function OrderForm({ stayId, outlets, online }: { stayId: number; outlets: MenuOutlet[]; online: boolean }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [search] = useSearchParams();
  const wanted = Number(search.get('outlet'));
  const [outletId, setOutletId] = useState(() => (outlets.find((o) => o.id === wanted) ?? outlets[0]!).id);
  const outlet = outlets.find((o) => o.id === outletId) ?? outlets[0]!;
  const [lines, setLines] = useState<Line[]>([]);
  const [time, setTime] = useState<string>(NOW);
  const [note, setNote] = useState('');
  const [freeTimes, setFreeTimes] = useState<string[] | null>(null);
  // One key per order: a tap sent twice or a lost answer sent again is one order at the hotel.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const place = usePlaceOrder(stayId);
  const itemsById = new Map(outlet.items.map((i) => [i.id, i]));
  const total = lines.reduce((a, l) => a + (itemsById.get(l.itemId)?.priceBaisa ?? 0) * l.quantity, 0);
  const timed = lines.some((l) => itemsById.get(l.itemId)?.durationMinutes != null);
  const openNow = isOpenAt(outlet.opensAt, outlet.closesAt, hotelClock());
  const slots = useMemo(() => timeSlots(outlet), [outlet]);
  const name = (o: { nameAr: string; nameEn: string }) => (language === 'ar' ? o.nameAr : o.nameEn);

  const choose = (id: number) => {
    setOutletId(id);
    setLines([]);
    setTime(NOW);
    setFreeTimes(null);
    setKey(crypto.randomUUID());
  };
  const change = (itemId: number, by: number) => {
    setFreeTimes(null);
    setLines((current) => {
      const found = current.find((l) => l.itemId === itemId);
      if (!found) return by > 0 ? [...current, { itemId, quantity: by }] : current;
      return current
        .map((l) =>
          l.itemId === itemId ? { ...l, quantity: Math.min(ORDER_RULES.maxQuantity, l.quantity + by) } : l,
        )
        .filter((l) => l.quantity > 0);
    });
  };
  const quantityOf = (itemId: number) => lines.find((l) => l.itemId === itemId)?.quantity ?? 0;

  const clear = () => {
    setLines([]);
    setNote('');
    setTime(NOW);
    setFreeTimes(null);
    setKey(crypto.randomUUID());
  };

  /**
   * Offline, or no answer: the order waits in the phone's outbox under the same key (decision 007),
   * sent once when the network returns; if the hotel had it already, that send is its replay.
   */
  async function keepOnPhone(body: StayOrderInput) {
    try {
      const { enqueueEntry } = await import('@/offline/outbox');
      await enqueueEntry({
        kind: 'order',
        id: key,
        order: { stayId, body, outletNameAr: outlet.nameAr, outletNameEn: outlet.nameEn },
      });
      showToast({
        variant: 'success',
        title: t`Saved on your phone`,
        description: t`The order is sent when your phone is back online, once.`,
      });
      clear();
    } catch {
      showToast({ variant: 'error', title: t`The order was not sent`, description: t`Please try again.` });
    }
  }

  function send() {
    const body: StayOrderInput = {
      outletId: outlet.id,
      items: lines,
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(time !== NOW ? { time } : {}),
    };
    if (!online) {
      void keepOnPhone(body);
      return;
    }
    place.mutate(
      { body, key },
      {
        onSuccess: (answer) => {
          showToast({ variant: 'success', title: answer.message });
          clear();
        },
        onError: (failure) => {
          // No answer at all (the network went): kept on the phone with the same key.
          if (!(failure instanceof ApiRequestError)) {
            void keepOnPhone(body);
            return;
          }
          // Refused: nothing was ordered, so the next try is a new order (a new key).
          if (failure instanceof ApiRequestError && failure.status < 500) setKey(crypto.randomUUID());
          if (errorCode(failure) === 'order_time_taken') {
            const times = (failure as ApiRequestError).body?.error as { times?: unknown } | undefined;
            setFreeTimes(Array.isArray(times?.times) ? (times.times as string[]) : []);
          }
          showToast({
            variant: 'error',
            title: t`The order was not sent`,
            description: errorMessage(
              failure,
              t`Please check your connection and try again: the same order is not charged twice.`,
            ),
          });
        },
      },
    );
  }

  return (
    <section aria-labelledby="order-form-heading" className="flex flex-col gap-4">
      <h2 id="order-form-heading" className="sr-only">
        <Trans>New order</Trans>
      </h2>
      {outlets.length > 1 ? (
        <RadioGroup
          label={<Trans>Order from</Trans>}
          value={String(outlet.id)}
          onChange={(v) => choose(Number(v))}
          data-testid="order-outlets"
        >
          {outlets.map((o) => (
            <RadioOption key={o.id} value={String(o.id)} data-testid={`order-outlet-${o.id}`}>
              {name(o)}
            </RadioOption>
          ))}
        </RadioGroup>
      ) : null}
      <div className="flex flex-col gap-1">
        <h3 className="text-xl font-bold text-slate-900" data-testid="order-outlet-name">
          {name(outlet)}
        </h3>
        <p className={openNow ? 'text-slate-700' : 'font-semibold text-amber-900'}>
          {outlet.opensAt === outlet.closesAt ? (
            <Trans>Open all day</Trans>
          ) : openNow ? (
            <Trans>
              Open today from {formatTimeOfDay(outlet.opensAt, language)} to{' '}
              {formatTimeOfDay(outlet.closesAt, language)}
            </Trans>
          ) : (
            <Trans>
              Closed now: it opens at {formatTimeOfDay(outlet.opensAt, language)}. Choose a time to order for
              later.
            </Trans>
          )}
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2" data-testid="order-items">
        {outlet.items.map((item) => (
          <ItemCard
            key={item.id}
            item={item}
            quantity={quantityOf(item.id)}
            language={language}
            onChange={(by) => change(item.id, by)}
          />
        ))}
      </ul>
      <div className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6">
        <p className="flex justify-between text-xl font-bold" data-testid="order-total">
          <Trans>Total to your room</Trans> <bdi>{formatPrice(total, language)}</bdi>
        </p>
        <Select
          label={timed ? <Trans>Time of the treatment</Trans> : <Trans>When</Trans>}
          selectedKey={time}
          onSelectionChange={(k) => {
            setTime(String(k));
            setFreeTimes(null);
          }}
          isRequired={timed}
          data-testid="order-time"
        >
          {[
            ...(timed ? [] : [{ id: NOW, label: t`As soon as possible` }]),
            ...slots.map((s) => ({ id: s, label: slotLabel(s, language, t`Today`, t`Tomorrow`) })),
          ].map((o) => (
            <SelectItem key={o.id} id={o.id} textValue={o.label}>
              {o.label}
            </SelectItem>
          ))}
        </Select>
        {freeTimes ? (
          <div className="flex flex-col gap-2" data-testid="order-free-times">
            <p className="font-semibold text-slate-900">
              {freeTimes.length > 0 ? (
                <Trans>That time is taken. The next free times:</Trans>
              ) : (
                <Trans>That time is taken and nothing is free later that day.</Trans>
              )}
            </p>
            <div className="flex flex-wrap gap-2">
              {freeTimes.map((s) => (
                <Button
                  key={s}
                  variant="secondary"
                  onPress={() => {
                    setTime(s);
                    setFreeTimes(null);
                  }}
                >
                  {slotLabel(s, language, t`Today`, t`Tomorrow`)}
                </Button>
              ))}
            </div>
          </div>
        ) : null}
        <TextField
          label={<Trans>A note for the outlet (optional)</Trans>}
          description={<Trans>Allergies, how you like it, where to leave it.</Trans>}
          multiline
          rows={2}
          maxLength={ORDER_RULES.noteMax}
          value={note}
          onChange={setNote}
        />
        {!online ? (
          <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950">
            <Trans>No connection now: the order is kept on your phone and sent when it is back online.</Trans>
          </p>
        ) : null}
        <Button
          onPress={send}
          isDisabled={lines.length === 0 || (timed && time === NOW) || place.isPending}
          data-testid="order-send"
        >
          {place.isPending ? <Trans>Sending…</Trans> : <Trans>Send the order</Trans>}
        </Button>
        <p className="text-sm text-slate-700">
          <Trans>It is charged to your room once the outlet accepts it.</Trans>
        </p>
      </div>
    </section>
  );
}

function ItemCard({
  item,
  quantity,
  language,
  onChange,
}: {
  item: MenuItem;
  quantity: number;
  language: Language;
  onChange: (by: number) => void;
}) {
  const { t } = useLingui();
  const itemName = language === 'ar' ? item.nameAr : item.nameEn;
  return (
    <li
      className="flex gap-3 rounded-2xl border border-sand-200 bg-white p-3 shadow-sm"
      data-testid="order-item"
    >
      {item.photoUrl ? (
        <img
          src={item.photoUrl}
          alt=""
          loading="lazy"
          decoding="async"
          width={96}
          height={96}
          className="size-24 shrink-0 rounded-xl bg-sand-100 object-cover"
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col justify-between gap-2">
        <div>
          <p className="font-bold text-slate-900">{itemName}</p>
          <p className="flex flex-wrap gap-x-3 text-slate-700">
            <bdi>{formatPrice(item.priceBaisa, language)}</bdi>
            {item.durationMinutes ? (
              <span data-testid="order-item-duration">{minutesCount(item.durationMinutes, language)}</span>
            ) : null}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            className="size-11"
            isDisabled={quantity === 0}
            onPress={() => onChange(-1)}
          >
            <span aria-hidden="true">−</span>
            <span className="sr-only">{t`One less ${itemName}`}</span>
          </Button>
          <span
            className="min-w-8 text-center text-lg font-bold"
            aria-live="polite"
            data-testid="order-quantity"
          >
            {formatCount(quantity, language)}
          </span>
          <Button
            variant="secondary"
            className="size-11"
            isDisabled={quantity >= ORDER_RULES.maxQuantity}
            onPress={() => onChange(1)}
            data-testid={`order-add-${item.id}`}
          >
            <span aria-hidden="true">+</span>
            <span className="sr-only">{t`One more ${itemName}`}</span>
          </Button>
        </div>
      </div>
    </li>
  );
}

/** The orders kept on this phone for the stay, waiting for the network (decision 007's outbox). */
function QueuedOrders({ stayId, onSent }: { stayId: number; onSent: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const entries = useOutboxEntries('order').filter((e) => e.order?.stayId === stayId);
  const waiting = entries.filter((e) => e.state === 'waiting' || e.state === 'sending');
  const sent = entries.filter((e) => e.state !== 'waiting' && e.state !== 'sending').length;
  // One sent or refused meanwhile: the list below reads the hotel's answer.
  useEffect(() => {
    if (sent > 0) onSent();
  }, [sent, onSent]);
  if (waiting.length === 0) return null;
  return (
    <section
      aria-labelledby="queued-orders-heading"
      className="flex flex-col gap-2"
      data-testid="queued-orders"
    >
      <h2 id="queued-orders-heading" className="text-lg font-bold text-slate-900">
        <Trans>Kept on your phone</Trans>
      </h2>
      <ul className="flex flex-col gap-2" aria-label={t`Kept on your phone`}>
        {waiting.map((e) => (
          <li
            key={e.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-dashed border-amber-400 bg-amber-50 p-3 text-amber-950"
            data-testid="queued-order"
          >
            <span className="font-semibold">
              {language === 'ar' ? e.order?.outletNameAr : e.order?.outletNameEn}
            </span>
            <span>
              <Trans>Sent when your phone is back online</Trans>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MyOrders({ stayId, orders }: { stayId: number; orders: StayOrder[] }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const cancel = useCancelOrder(stayId);
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="my-orders-heading" className="flex flex-col gap-3">
      <h2 id="my-orders-heading" className="text-xl font-bold text-slate-900">
        <Trans>My orders</Trans>
      </h2>
      <ul className="flex flex-col gap-2" aria-label={t`My orders`}>
        {orders.map((o) => (
          <li
            key={o.id}
            className="flex flex-col gap-2 rounded-xl border border-sand-200 bg-white p-3"
            data-testid="my-order"
            data-status={o.status}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold text-slate-900">
                {language === 'ar' ? o.outletNameAr : o.outletNameEn}
                {o.time ? ` · ${slotLabel(o.time, language, t`Today`, t`Tomorrow`)}` : ''}
              </span>
              <span
                className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${ORDER_STATUS_CLASS[o.status]}`}
                data-testid="my-order-status"
              >
                <span className="sr-only">
                  <Trans>Status:</Trans>{' '}
                </span>
                {labelOf(i18n, ORDER_STATUS_LABELS, o.status)}
              </span>
            </div>
            <ul className="text-slate-800">
              {o.lines.map((l) => (
                <li key={l.itemId} className="flex justify-between gap-2">
                  <span>
                    {language === 'ar' ? l.nameAr : l.nameEn} × {formatCount(l.quantity, language)}
                  </span>
                  <bdi>{formatPrice(l.amountBaisa, language)}</bdi>
                </li>
              ))}
            </ul>
            {o.refusal ? (
              <p className="text-sm text-red-900" data-testid="my-order-refusal">
                <Trans>Why:</Trans> {labelOf(i18n, ORDER_REFUSAL_LABELS, o.refusal.reason)}
                {o.refusal.note ? (
                  <>
                    <Separator />
                    <span dir="auto">{o.refusal.note}</span>
                  </>
                ) : null}
              </p>
            ) : null}
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-bold">
                <Trans>Total</Trans> <bdi>{formatPrice(o.totalBaisa, language)}</bdi>
              </span>
              {o.status === 'sent' ? (
                <Button
                  variant="secondary"
                  isDisabled={cancel.isPending}
                  onPress={() =>
                    cancel.mutate(o.id, {
                      onSuccess: (answer) => showToast({ variant: 'success', title: answer.message }),
                      onError: (failure) =>
                        showToast({
                          variant: 'error',
                          title: t`The order was not cancelled`,
                          description: errorMessage(failure, t`Please try again.`),
                        }),
                    })
                  }
                  data-testid="my-order-cancel"
                >
                  <Trans>Cancel the order</Trans>
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

const STEP_MS = ORDER_RULES.slotStepMinutes * 60_000;

/** The half hours of the next day the outlet is open at (`YYYY-MM-DDTHH:MM`, hotel time). */
function timeSlots(outlet: Pick<MenuOutlet, 'opensAt' | 'closesAt'>, now = Date.now()): string[] {
  const first = Math.ceil((now + 5 * 60_000) / STEP_MS) * STEP_MS;
  const slots: string[] = [];
  for (let at = first; at < now + 24 * 3_600_000; at += STEP_MS) {
    const local = hotelLocalTime(new Date(at));
    if (isOpenAt(outlet.opensAt, outlet.closesAt, local.slice(11))) slots.push(local);
  }
  return slots;
}

/** "Today 18:00" / "Tomorrow 09:30" (another day: its date) in the language's words and digits. */
function slotLabel(value: string, language: Language, today: string, tomorrow: string): string {
  const date = value.slice(0, 10);
  const now = hotelLocalTime(new Date()).slice(0, 10);
  const day = date === now ? today : date === addDays(now, 1) ? tomorrow : formatDate(date, language);
  return `${day} ${formatTimeOfDay(value.slice(11), language)}`;
}
