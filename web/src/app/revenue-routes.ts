import { screen, type Routes } from './route-screen';

const revenueScreen = screen(
  () => import('@/features/admin/revenue/components/revenue-router'),
  (m) => m.RevenueRouter,
);

/**
 * Revenue management (managers; docs/decisions/094): the hub and each screen, a chunk of its own
 * (features/admin/revenue): the history import, the Gulf's calendar, the backtest.
 */
export const revenueRoutes: Routes = [
  [
    '/admin/revenue',
    revenueScreen,
    (_params, search) =>
      import('@/features/admin/revenue/api/revenue').then((m) => m.revenueFirstQueries(undefined, search)),
  ],
  [
    '/admin/revenue/:screen',
    revenueScreen,
    ({ screen }, search) =>
      import('@/features/admin/revenue/api/revenue').then((m) => m.revenueFirstQueries(screen, search)),
  ],
];
