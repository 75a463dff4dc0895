import { screen, type Routes } from './route-screen';

/**
 * The chain's screens (docs/decisions/103): the guests' list of the chain's hotels with a search
 * across them (open to all), and the chain's reports (managers' menu; the server answers the
 * chain manager and the deployment's admin only).
 */
export const hotelsRoute: Routes[number] = [
  '/hotels',
  screen(
    () => import('@/features/hotels/components/hotels-screen'),
    (m) => m.HotelsScreen,
  ),
  () => import('@/features/hotels/api/hotels').then((m) => m.hotelsFirstQueries()),
];

export const chainAdminRoute: Routes[number] = [
  '/admin/chain',
  screen(
    () => import('@/features/admin/chain/components/chain-screen'),
    (m) => m.ChainScreen,
  ),
  () => import('@/features/admin/chain/api/chain').then((m) => m.chainFirstQueries()),
];
