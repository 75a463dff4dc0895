import { screen, type Routes } from './route-screen';

/**
 * What a guest buys around the stay. The extras a guest adds to a stay before arriving (docs/decisions/098-stay-extras.md): the stay's
 * page of extras (anyone: the server decides, by the account or this device's grant of the booking),
 * and the hotel's offers (managers).
 */
export const stayExtrasRoute: Routes[number] = [
  '/booking/:reference/extras',
  screen(
    () => import('@/features/bookings/components/extras/stay-extras-screen'),
    (m) => m.StayExtrasScreen,
  ),
];

export const extrasAdminRoute: Routes[number] = [
  '/admin/extras',
  screen(
    () => import('@/features/admin/extras/components/extras-admin-screen'),
    (m) => m.ExtrasAdminScreen,
  ),
  () => import('@/features/admin/extras/api/extras-admin').then((m) => m.extrasAdminFirstQueries()),
];

/**
 * A guest in house orders from the outlets (docs/decisions/102-outlet-orders.md): the server
 * decides whose stay it is (its account, or this device's grant of its link).
 */
export const stayOrdersRoute: Routes[number] = [
  '/stay/:id/order',
  screen(
    () => import('@/features/stay-orders/components/stay-orders-screen'),
    (m) => m.StayOrdersScreen,
  ),
  ({ id }) =>
    import('@/features/stay-orders/api/stay-orders').then((m) => m.stayOrdersFirstQueries(Number(id))),
];

/** The privacy policy (anyone), beside the guest's other pages kept out of more-routes.tsx. */
export const privacyRoute: Routes[number] = [
  '/privacy',
  screen(
    () => import('@/features/privacy/components/privacy-screen'),
    (m) => m.PrivacyScreen,
  ),
];
