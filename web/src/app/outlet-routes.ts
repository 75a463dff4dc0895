import { screen, type Routes } from './route-screen';

/** The outlets' tablets (docs/decisions/090-outlets.md): outlet staff and every role above them; the server decides which outlets. */
export const outletRoutes: Routes = [
  [
    '/outlet',
    screen(
      () => import('@/features/outlets/components/my-outlets-screen'),
      (m) => m.MyOutletsScreen,
    ),
    () => import('@/features/outlets/api/outlets').then((m) => m.myOutletsFirstQueries()),
  ],
  [
    '/outlet/:id',
    screen(
      () => import('@/features/outlets/components/outlet-screen'),
      (m) => m.OutletScreen,
    ),
    ({ id }) => import('@/features/outlets/api/outlets').then((m) => m.outletFirstQueries(Number(id))),
  ],
];

/** The outlets' admin (managers): their menus, hours, staff and point-of-sale keys. */
export const outletsAdminRoute: Routes[number] = [
  '/admin/outlets',
  screen(
    () => import('@/features/admin/outlets/components/outlets-admin-screen'),
    (m) => m.OutletsAdminScreen,
  ),
  () => import('@/features/admin/outlets/api/outlets-admin').then((m) => m.outletsAdminFirstQueries()),
];
