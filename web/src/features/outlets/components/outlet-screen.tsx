import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { useParams } from '@/lib/router';
import { hotelClock, isOpenAt } from '@shared/outlets';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { Button } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { toArabicIndicDigits } from '@shared/digits';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatPrice } from '@/lib/format';
import { lazy } from '@/lib/lazy';
import { useOnline } from '@/lib/use-online';
import { type OutletCheck, type OutletScreenData, useOutletScreen, usePostCheck } from '../api/outlets';
import { DayChecks } from './day-checks';
import { SettlePanel, type Settle } from './settle-panel';
import { SettledCheck } from './settled-check';

/** The guests' app orders (decision 102): a chunk of its own, only on an outlet that takes them. */
const AppOrders = lazy(
  () => import('./app-orders'),
  (m) => m.AppOrders,
);

/** A line of the check being rung up: an item and how many. */
export type CheckLine = { itemId: number; quantity: number };

/**
 * /outlet/:id: an outlet's tablet, all day, for a waiter (docs/decisions/090-outlets.md). Tap items
 * into the check (big buttons; + and − on its lines), then charge it to an in-house room (the
 * guest's surname shown to compare; a room that takes no charge says why) or take payment here
 * (cash, or card with the terminal's approval code: the check is its own tax invoice). The day's
 * checks are listed under it; a manager voids one with a reason. The server decides everything.
 */
export function OutletScreen() {
  return <OutletView outletId={Number(useParams<{ id: string }>().id)} />;
}

/** The outlet `outletId`'s screen, once read (its loading and error states before). */
export function OutletView({ outletId }: { outletId: number }) {
  const screen = useOutletScreen(outletId);
  const { t } = useLingui();
  if (screen.isError) {
    return (
      <main className="mx-auto flex max-w-5xl flex-col gap-4 p-4">
        <p role="alert" className="text-red-700">
          {errorMessage(screen.error, t`The outlet could not be loaded. Please try again.`)}
        </p>
      </main>
    );
  }
  if (!screen.data) {
    return (
      <main className="mx-auto max-w-5xl p-4" aria-busy="true">
        <p className="text-slate-700">
          <Trans>Loading the outlet…</Trans>
        </p>
      </main>
    );
  }
  return <Outlet data={screen.data} />;
}

function Outlet({ data }: { data: OutletScreenData }) {
  const { t } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const [lines, setLines] = useState<CheckLine[]>([]);
  // One key per check: a tap sent twice (a slow network) is one check at the server.
  const [checkKey, setCheckKey] = useState(() => crypto.randomUUID());
  const post = usePostCheck(data.outlet.id);
  // The check just settled: its receipt and invoice to print, until the next one.
  const [settled, setSettled] = useState<{ check: OutletCheck; message: string } | null>(null);
  const outlet = data.outlet;
  const name = language === 'ar' ? outlet.nameAr : outlet.nameEn;
  const open = isOpenAt(outlet.opensAt, outlet.closesAt, hotelClock());
  const itemsById = new Map(data.items.map((i) => [i.id, i]));
  const total = lines.reduce((sum, l) => sum + (itemsById.get(l.itemId)?.priceBaisa ?? 0) * l.quantity, 0);

  const change = (itemId: number, by: number) =>
    setLines((current) => {
      const found = current.find((l) => l.itemId === itemId);
      if (!found) return by > 0 ? [...current, { itemId, quantity: by }] : current;
      return current
        .map((l) => (l.itemId === itemId ? { ...l, quantity: Math.min(99, l.quantity + by) } : l))
        .filter((l) => l.quantity > 0);
    });

  function settle(choice: Settle) {
    post.mutate(
      { body: { items: lines, settle: choice }, key: checkKey },
      {
        onSuccess: (answer) => {
          showToast({ variant: 'success', title: answer.message });
          setSettled({ check: answer.check, message: answer.message });
          setLines([]);
          setCheckKey(crypto.randomUUID());
        },
        onError: (failure) =>
          showToast({
            variant: 'error',
            title: t`The check was not settled`,
            description: errorMessage(failure, t`Please try again.`),
          }),
      },
    );
  }

  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-5 p-4" data-testid="outlet-screen">
      <AdminPageHeader
        title={name}
        subtitle={
          open && outlet.opensAt === outlet.closesAt ? (
            <Trans>Open all day</Trans>
          ) : open ? (
            <Trans>
              Open today from <bdi dir="ltr">{clock(outlet.opensAt, language)}</bdi> to{' '}
              <bdi dir="ltr">{clock(outlet.closesAt, language)}</bdi>
            </Trans>
          ) : (
            <span className="font-semibold text-red-700" data-testid="outlet-closed">
              <Trans>
                Closed now: checks are taken from <bdi dir="ltr">{clock(outlet.opensAt, language)}</bdi> to{' '}
                <bdi dir="ltr">{clock(outlet.closesAt, language)}</bdi>
              </Trans>
            </span>
          )
        }
        backHref="/outlet"
      />
      {!online ? (
        <OfflineNote>
          <Trans>You are offline: checks can be rung up again once the tablet is back online.</Trans>
        </OfflineNote>
      ) : null}
      {outlet.appOrders ? (
        <Suspense fallback={null}>
          <AppOrders outletId={outlet.id} />
        </Suspense>
      ) : null}
      <div className="grid gap-5 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="outlet-menu-heading" className="flex flex-col gap-3">
          <h2 id="outlet-menu-heading" className="text-xl font-bold text-slate-900">
            <Trans>Menu</Trans>
          </h2>
          <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3" data-testid="outlet-items">
            {data.items.map((item) => (
              <li key={item.id}>
                <Button
                  variant="secondary"
                  className="flex min-h-24 w-full flex-col items-start justify-between gap-1 p-3 text-start"
                  onPress={() => change(item.id, 1)}
                  data-testid={`outlet-item-${item.id}`}
                >
                  <span className="text-lg font-bold">{language === 'ar' ? item.nameAr : item.nameEn}</span>
                  <bdi className="text-slate-700">{formatPrice(item.priceBaisa, language)}</bdi>
                </Button>
              </li>
            ))}
          </ul>
          {data.items.length === 0 ? (
            <p className="text-slate-700">
              <Trans>No items on this outlet's menu yet: a manager adds them under Outlets.</Trans>
            </p>
          ) : null}
        </section>
        <section
          aria-labelledby="outlet-check-heading"
          className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
          data-testid="outlet-check"
        >
          <h2 id="outlet-check-heading" className="text-xl font-bold text-slate-900">
            <Trans>The check</Trans>
          </h2>
          {lines.length === 0 ? (
            <p className="text-slate-700">
              <Trans>Tap items to add them to the check.</Trans>
            </p>
          ) : (
            <ul className="flex flex-col gap-2">
              {lines.map((line) => {
                const item = itemsById.get(line.itemId);
                if (!item) return null;
                const itemName = language === 'ar' ? item.nameAr : item.nameEn;
                return (
                  <li
                    key={line.itemId}
                    className="flex items-center justify-between gap-2"
                    data-testid="check-line"
                  >
                    <span className="min-w-0 flex-1">
                      {itemName}{' '}
                      <span className="text-slate-700">× {formatCount(line.quantity, language)}</span>
                    </span>
                    <bdi>{formatPrice(item.priceBaisa * line.quantity, language)}</bdi>
                    <Button variant="secondary" className="size-12" onPress={() => change(line.itemId, -1)}>
                      <span aria-hidden="true">−</span>
                      <span className="sr-only">{t`One less ${itemName}`}</span>
                    </Button>
                    <Button variant="secondary" className="size-12" onPress={() => change(line.itemId, 1)}>
                      <span aria-hidden="true">+</span>
                      <span className="sr-only">{t`One more ${itemName}`}</span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          <p
            className="flex justify-between border-t border-sand-200 pt-3 text-xl font-bold"
            data-testid="check-total"
          >
            <Trans>Total</Trans> <bdi>{formatPrice(total, language)}</bdi>
          </p>
          <SettlePanel
            rooms={data.rooms}
            disabled={lines.length === 0 || !open || !online || post.isPending}
            onSettle={settle}
          />
        </section>
      </div>
      {settled ? (
        <SettledCheck check={settled.check} message={settled.message} onDone={() => setSettled(null)} />
      ) : null}
      <DayChecks outletId={outlet.id} checks={data.checks} mayVoid={data.mayVoid} />
    </main>
  );
}

/** A time of day (`HH:MM`) in the language's digits. */
const clock = (time: string, language: 'ar' | 'en') => (language === 'ar' ? toArabicIndicDigits(time) : time);
