import type { ComponentType } from 'react';

/**
 * The screens anyone on the staff opens from the floors, beside the housekeeping board: reporting
 * a fault (a technician's home, where they take and close work orders) and logging a found item.
 * Given the route table's own screen maker (app/more-routes.tsx), whose guard for these is the
 * housekeeper's rank.
 */
/** A route's parts as a tuple the route table takes (not read-only). */
const route = <T extends unknown[]>(...parts: T): T => parts;

export function floorRoutes<S>(screen: <M>(load: () => Promise<M>, pick: (module: M) => ComponentType) => S) {
  return [
    route(
      '/admin/work-orders',
      screen(
        () => import('@/features/admin/work-orders/components/work-orders-screen'),
        (m) => m.WorkOrdersScreen,
      ),
      () => import('@/features/admin/work-orders/api/work-orders').then((m) => m.workOrdersFirstQueries()),
    ),
    route(
      '/admin/lost-found',
      screen(
        () => import('@/features/admin/lost-found/components/lost-found-screen'),
        (m) => m.LostFoundScreen,
      ),
      () => import('@/features/admin/lost-found/api/lost-found').then((m) => m.lostFoundFirstQueries()),
    ),
  ];
}
