import { Trans } from '@lingui/react/macro';
import { type ComponentType, Suspense } from 'react';
import { NotFoundScreen } from '@/components/not-found-screen';
import { lazy } from '@/lib/lazy';
import { useParams } from '@/lib/router';
import type { RevenueScreen } from '../api/revenue';

/** Each screen a chunk of its own, fetched when it is opened (the charts' code comes with the backtest's). */
const SCREENS: Record<RevenueScreen, ComponentType> = {
  prices: lazy(
    () => import('./prices-screen'),
    (m) => m.PricesScreen,
  ),
  settings: lazy(
    () => import('./price-settings-screen'),
    (m) => m.PriceSettingsScreen,
  ),
  history: lazy(
    () => import('./history-screen'),
    (m) => m.HistoryScreen,
  ),
  events: lazy(
    () => import('./events-screen'),
    (m) => m.EventsScreen,
  ),
  backtest: lazy(
    () => import('./backtest-screen'),
    (m) => m.BacktestScreen,
  ),
};

/**
 * /admin/revenue and /admin/revenue/:screen (managers). Revenue management opens on its price
 * calendar, the next 90 nights (/admin/revenue/prices is the same screen); the tabs lead to the rest.
 */
export function RevenueRouter() {
  const { screen = 'prices' } = useParams<{ screen?: string }>();
  const Screen = Object.hasOwn(SCREENS, screen) ? SCREENS[screen as RevenueScreen] : null;
  if (!Screen) return <NotFoundScreen />;
  return (
    <Suspense
      fallback={
        <p role="status" className="mx-auto w-full max-w-6xl px-4 py-8 text-slate-700">
          <Trans>Loading…</Trans>
        </p>
      }
    >
      <Screen />
    </Suspense>
  );
}
