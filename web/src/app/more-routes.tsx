import type { ComponentType, ReactNode } from 'react';
import type { UserRole } from '@shared/constants';
import { sendAtOnce } from '@/lib/api-client';
import { lazy } from '@/lib/lazy';
import { queryClient } from '@/lib/query-client';
import { matchRoute } from '@/lib/route-match';
import { Route, Switch, usePathname, useSearch } from '@/lib/router';
import type { PhotoManagerSlot } from '@/entities/admin/media/photo-manager-slot';
import { currentUserQueryOptions, hasRole, hasSignedInHint } from '@/entities/session/use-current-user';
import { outletRoutes, outletsAdminRoute } from './outlet-routes';
import { chainAdminRoute, hotelsRoute } from './chain-routes';
import { revenueRoutes } from './revenue-routes';
import { extrasAdminRoute, privacyRoute, stayExtrasRoute, stayOrdersRoute } from './extras-routes';
import { RedirectIfSignedIn, RequireUser } from './route-guards';
import { floorRoutes } from './floor-routes';
import { isListQuery, screen, type FirstQuery, type Routes } from './route-screen';

/** Whether a first query is a list's first page (exported for its tests). */
export { isListQuery };

/**
 * The photo manager (features/admin/photos), a lazy chunk of its own, handed to the screens that
 * show one: a feature never imports another (docs/decisions/027-web-layout.md).
 */
const PhotoManager = lazy(
  () => import('@/features/admin/photos/components/photo-manager'),
  (module) => module.PhotoManager,
);
const withPhotoManager = (Screen: ComponentType<{ PhotoManager: PhotoManagerSlot }>) =>
  function ScreenWithPhotoManager() {
    return <Screen PhotoManager={PhotoManager} />;
  };

// Rarely shown: a chunk of its own, out of the landing page's first script.
const NotFoundScreen = lazy(
  () => import('@/components/not-found-screen'),
  (module) => module.NotFoundScreen,
);

const bookingPage = screen(
  () => import('@/features/bookings/components/manage/booking-page-screen'),
  (m) => m.BookingPageScreen,
);

/**
 * Every route of the two specs but the landing page (app/router.tsx): this table is a lazy chunk
 * of its own, and each screen in it another; admin screens live under features/admin so they
 * build into admin-* chunks (kept out of the precache and loaded only when opened).
 *
 * Guards (app/route-guards.tsx) wrap groups of routes: the spec lets a
 * visitor do almost everything signed out, so only the account's own pages
 * and the back office ask for a sign-in; the back office also asks for a role.
 */
const openRoutes: Routes = [
  [
    '/verify-email',
    screen(
      () => import('@/features/auth/components/verify-email-screen'),
      (m) => m.VerifyEmailScreen,
    ),
  ],
  [
    '/test-google',
    screen(
      () => import('@/features/auth/components/test-google-screen'),
      (m) => m.TestGoogleScreen,
    ),
  ],
  // An invoice's page is the worker's; offline the app says why there is none (web/src/sw.ts).
  [
    '/invoices/:id',
    screen(
      () => import('@/features/bookings/components/manage/invoice-offline-screen'),
      (m) => m.InvoiceOfflineScreen,
    ),
  ],
  [
    '/hotel-rating-event',
    screen(
      () => import('@/features/events/components/hotel-rating-event-screen'),
      (m) => m.HotelRatingEventScreen,
    ),
  ],
  // Manage my booking: with an account or without one (a lookup or an e-mail's link).
  [
    '/booking/:reference',
    bookingPage,
    ({ reference }, search) =>
      import('@/features/bookings/api/managed-booking').then((m) =>
        m.bookingPageFirstQueries(reference, search),
      ),
  ],
  ['/booking', bookingPage],
  stayExtrasRoute,
  stayOrdersRoute,
  hotelsRoute,
  privacyRoute,
  [
    '/dev/mailbox',
    screen(
      () => import('@/features/dev/components/dev-mailbox-screen'),
      (m) => m.DevMailboxScreen,
    ),
  ],
];

/** Signed-in visitors are sent on from these. */
const signedOutRoutes: Routes = [
  [
    '/login',
    screen(
      () => import('@/features/auth/components/login-screen'),
      (m) => m.LoginScreen,
    ),
  ],
  [
    '/register',
    screen(
      () => import('@/features/auth/components/register-screen'),
      (m) => m.RegisterScreen,
    ),
  ],
  [
    '/forgot-password',
    screen(
      () => import('@/features/auth/components/forgot-password-screen'),
      (m) => m.ForgotPasswordScreen,
    ),
  ],
];

/** The account's own pages. */
const accountRoutes: Routes = [
  [
    '/admin-welcome',
    screen(
      () => import('@/features/auth/components/welcome-splash-screen'),
      (m) => m.WelcomeSplashScreen,
    ),
  ],
  [
    '/dashboard',
    screen(
      () => import('@/features/account/components/welcome-dashboard-screen'),
      (m) => m.WelcomeDashboardScreen,
    ),
  ],
  [
    '/points-store',
    screen(
      () => import('@/features/points/components/points-store-screen'),
      (m) => m.PointsStoreScreen,
    ),
  ],
  [
    '/points-booking',
    screen(
      () => import('@/features/points/components/points-booking-screen'),
      (m) => m.PointsBookingScreen,
    ),
  ],
];

/** Back office for staff and admins (bookings, inventory, events, VIP usage). */
const ratingAdmin = screen(
  () => import('@/features/admin/events/components/rating-admin-screen'),
  (m) => m.RatingAdminScreen,
);
const locationAdmin = screen(
  () => import('@/features/admin/events/components/location-admin-screen'),
  (m) => m.LocationAdminScreen,
);
const inbox = () => import('@/features/admin/inbox/components/inbox-screen'); // decision 088
const whatsapp = () => import('@/features/admin/whatsapp/components/whatsapp-templates-screen');
const staffRoutes: Routes = [
  [
    '/admin',
    screen(
      () => import('@/features/admin/dashboard/components/admin-dashboard-screen'),
      (m) => m.AdminDashboardScreen,
    ),
  ],
  [
    '/admin/bookings',
    screen(
      () => import('@/features/admin/bookings/components/booking-alerts-screen'),
      (m) => m.BookingAlertsScreen,
    ),
    () => import('@/features/admin/bookings/api/first-queries').then((m) => m.bookingsDeskFirstQueries()),
  ],
  [
    '/admin/tape-chart',
    screen(
      () => import('@/features/admin/tape-chart/components/tape-chart-screen'),
      (m) => m.TapeChartScreen,
    ),
    () => import('@/features/admin/tape-chart/api/tape-chart').then((m) => m.tapeChartFirstQueries()),
  ],
  // Tax invoices and credit notes (managers credit an invoice).
  [
    '/admin/invoices',
    screen(
      () => import('@/features/admin/invoices/components/invoices-screen'),
      (m) => m.InvoicesScreen,
    ),
    () => import('@/features/admin/invoices/api/invoices').then((m) => m.invoicesFirstQueries()),
  ],
  // Online payments: what guests paid at the provider, refunds, the provider's refused webhooks.
  [
    '/admin/payments',
    screen(
      () => import('@/features/admin/payments/components/payments-screen'),
      (m) => m.PaymentsScreen,
    ),
  ],
  // Rates: the plans, and the calendar of prices and restrictions (managers change them).
  [
    '/admin/rates',
    screen(
      () => import('@/features/admin/rates/components/rate-calendar-screen'),
      (m) => m.RateCalendarScreen,
    ),
    () => import('@/features/admin/rates/api/rates').then((m) => m.rateCalendarFirstQueries()),
  ],
  [
    '/admin/rate-plans',
    screen(
      () => import('@/features/admin/rates/components/rate-plans-screen'),
      (m) => m.RatePlansScreen,
    ),
    () => import('@/features/admin/rates/api/rates').then((m) => m.ratePlansFirstQueries()),
  ],
  [
    '/admin/front-desk',
    screen(
      () => import('@/features/admin/front-desk/components/front-desk-screen'),
      (m) => m.FrontDeskScreen,
    ),
    () => import('@/features/admin/front-desk/api/front-desk').then((m) => m.frontDeskFirstQueries()),
  ],
  [
    '/admin/inventory',
    screen(
      () => import('@/features/admin/inventory/components/room-inventory-screen'),
      (m) => withPhotoManager(m.RoomInventoryScreen),
    ),
  ],
  [
    '/admin/vip',
    screen(
      () => import('@/features/admin/vip/components/vip-cards-screen'),
      (m) => m.VipCardsScreen,
    ),
  ],
  [
    '/admin/reviews',
    screen(
      () => import('@/features/admin/reviews/components/reviews-admin-screen'),
      (m) => m.ReviewsAdminScreen,
    ),
  ],
  [
    '/admin/offers',
    screen(
      () => import('@/features/admin/content/components/offers-screen'),
      (m) => withPhotoManager(m.OffersScreen),
    ),
  ],
  [
    '/admin/services',
    screen(
      () => import('@/features/admin/content/components/services-screen'),
      (m) => withPhotoManager(m.ServicesScreen),
    ),
  ],
  [
    '/admin/events',
    screen(
      () => import('@/features/admin/events/components/events-admin-screen'),
      (m) => m.EventsAdminScreen,
    ),
  ],
  [
    '/photography-admin',
    screen(
      () => import('@/features/admin/events/components/photography-admin-screen'),
      (m) => m.PhotographyAdminScreen,
    ),
  ],
  ['/admin/inbox', screen(inbox, (m) => m.InboxScreen)],
  [
    '/admin/stay-requests',
    screen(
      () => import('@/features/admin/stay-requests/components/stay-requests-screen'),
      (m) => m.StayRequestsScreen,
    ),
  ],
  // Guest profiles and the police registrations (their state, the day's file).
  // The supervisor's housekeeping board on a tablet: the day's tasks by floor, given to housekeepers.
  [
    '/admin/housekeeping/board',
    screen(
      () => import('@/features/admin/housekeeping-tasks/components/board-screen'),
      (m) => m.HousekeepingBoardScreen,
    ),
    () => import('@/features/admin/housekeeping-tasks/api/tasks').then((m) => m.tasksFirstQueries()),
  ],
  [
    '/admin/guests',
    screen(
      () => import('@/features/admin/guests/components/guests-screen'),
      (m) => m.GuestsScreen,
    ),
  ],
  [
    '/admin/registrations',
    screen(
      () => import('@/features/admin/registrations/components/registrations-screen'),
      (m) => m.RegistrationsScreen,
    ),
    () =>
      import('@/features/admin/registrations/api/registrations').then((m) => m.registrationsFirstQueries()),
  ],
  ['/rating-admin', ratingAdmin],
  ['/hotel-rating-admin', ratingAdmin],
  ['/location-admin', locationAdmin],
  ['/location-sharing-admin', locationAdmin],
  ['/admin/whatsapp', screen(whatsapp, (m) => m.WhatsAppTemplatesScreen)],
  // Group blocks: the list, and a block's nights, rooming list and folio.
  [
    '/admin/groups',
    screen(
      () => import('@/features/admin/groups/components/groups-screen'),
      (m) => m.GroupsScreen,
    ),
    () => import('@/features/admin/groups/api/groups').then((m) => m.groupsFirstQueries()),
  ],
  [
    '/admin/groups/:id',
    screen(
      () => import('@/features/admin/groups/components/group-screen'),
      (m) => m.GroupScreen,
    ),
    ({ id }) => import('@/features/admin/groups/api/groups').then((m) => m.groupFirstQueries(Number(id))),
  ],
];

/** The housekeeping board, for a phone on the floors: housekeepers and every role above them. */
const housekeeperRoutes: Routes = [
  [
    '/housekeeping',
    screen(
      () => import('@/features/admin/housekeeping/components/housekeeping-screen'),
      (m) => m.HousekeepingScreen,
    ),
  ],
  // A housekeeper's own tasks of the day, on their phone (a supervisor sees every task there).
  [
    '/housekeeping/tasks',
    screen(
      () => import('@/features/admin/housekeeping-tasks/components/my-tasks-screen'),
      (m) => m.MyTasksScreen,
    ),
    () => import('@/features/admin/housekeeping-tasks/api/tasks').then((m) => m.tasksFirstQueries()),
  ],
  ...floorRoutes(screen),
];

const reportsScreen = screen(
  () => import('@/features/admin/reports/components/reports-router'),
  (m) => m.ReportsRouter,
);

/** Managers and admins: the statistics, the taxes (admins change them), the day close, company accounts, the channel manager. */
const managerRoutes: Routes = [
  [
    '/admin/statistics',
    screen(
      () => import('@/features/admin/statistics/components/statistics-screen'),
      (m) => m.StatisticsScreen,
    ),
  ],
  [
    '/admin/taxes',
    screen(
      () => import('@/features/admin/taxes/components/tax-settings-screen'),
      (m) => m.TaxSettingsScreen,
    ),
    () => import('@/features/admin/taxes/api/taxes').then((m) => m.taxSettingsFirstQueries()),
  ],
  outletsAdminRoute,
  extrasAdminRoute,
  [
    '/admin/day-close',
    screen(
      () => import('@/features/admin/day-close/components/day-close-screen'),
      (m) => m.DayCloseScreen,
    ),
    () => import('@/features/admin/day-close/api/day-close').then((m) => m.dayCloseFirstQueries()),
  ],
  // The accountant's journal of the closed days and the hotel's accounts (decision 100).
  [
    '/admin/accounting',
    screen(
      () => import('@/features/admin/accounting/components/accounting-screen'),
      (m) => m.AccountingScreen,
    ),
    () => import('@/features/admin/accounting/api/accounting').then((m) => m.accountingFirstQueries()),
  ],
  [
    '/admin/city-ledger',
    screen(
      () => import('@/features/admin/city-ledger/components/city-ledger-screen'),
      (m) => m.CityLedgerScreen,
    ),
    () => import('@/features/admin/city-ledger/api/city-ledger').then((m) => m.cityLedgerFirstQueries()),
  ],
  // The channel manager link (the OTAs): managers read it, admins change it.
  [
    '/admin/channel',
    screen(
      () => import('@/features/admin/channel/components/channel-screen'),
      (m) => m.ChannelScreen,
    ),
    () => import('@/features/admin/channel/api/channel').then((m) => m.channelFirstQueries()),
  ],
  chainAdminRoute,
  // The manager reports: the hub and each report (a chunk of its own, features/admin/reports).
  ['/admin/reports', reportsScreen],
  [
    '/admin/reports/:report',
    reportsScreen,
    ({ report }, search) =>
      import('@/features/admin/reports/api/reports').then((m) => m.reportFirstQueries(report, search)),
  ],
  ...revenueRoutes,
];

/** Admins only (room types, rooms, chat Q&A, staff accounts, the audit log and the site settings). */
const adminOnlyRoutes: Routes = [
  [
    '/admin/room-types',
    screen(
      () => import('@/features/admin/room-types/components/room-types-screen'),
      (m) => withPhotoManager(m.RoomTypesScreen),
    ),
    () => import('@/features/admin/room-types/api/save-room-type').then((m) => m.roomTypesFirstQueries()),
  ],
  [
    '/admin/rooms',
    screen(
      () => import('@/features/admin/rooms/components/rooms-screen'),
      (m) => m.RoomsScreen,
    ),
  ],
  [
    '/admin/staff',
    screen(
      () => import('@/features/admin/staff/components/staff-accounts-screen'),
      (m) => m.StaffAccountsScreen,
    ),
  ],
  [
    '/admin/audit',
    screen(
      () => import('@/features/admin/audit/components/audit-log-screen'),
      (m) => m.AuditLogScreen,
    ),
  ],
  [
    '/admin/settings',
    screen(
      () => import('@/features/admin/content/components/site-settings-screen'),
      (m) => withPhotoManager(m.SiteSettingsScreen),
    ),
  ],
  [
    '/chat-qa-admin',
    screen(
      () => import('@/features/admin/chat-qa/components/chat-qa-admin-screen'),
      (m) => m.ChatQaAdminScreen,
    ),
  ],
];

/** Who may see a group's screens: anyone, a signed-in account, or one of at least a role. */
export type Needs = 'anyone' | 'user' | UserRole;

/** Each group of routes with the guard its screens render inside, and who the guard lets through. */
const groups: [Routes, (screen: ReactNode) => ReactNode, Needs][] = [
  [openRoutes, (screen) => screen, 'anyone'],
  [signedOutRoutes, (screen) => <RedirectIfSignedIn>{screen}</RedirectIfSignedIn>, 'anyone'],
  [accountRoutes, (screen) => <RequireUser>{screen}</RequireUser>, 'user'],
  [outletRoutes, (screen) => <RequireUser minRole="outlet">{screen}</RequireUser>, 'outlet'],
  [housekeeperRoutes, (screen) => <RequireUser minRole="housekeeper">{screen}</RequireUser>, 'housekeeper'],
  [staffRoutes, (screen) => <RequireUser minRole="staff">{screen}</RequireUser>, 'staff'],
  [managerRoutes, (screen) => <RequireUser minRole="manager">{screen}</RequireUser>, 'manager'],
  [adminOnlyRoutes, (screen) => <RequireUser minRole="admin">{screen}</RequireUser>, 'admin'],
];

/**
 * Whether a screen behind a sign-in is worth preloading: only where a session may be (the readable
 * hint) and, when the account is already known, one the guard lets through. This spares a
 * signed-out visitor's device the code and a request the server would refuse; it decides nothing:
 * the guards (route-guards.tsx) still choose what is shown, and the server what is answered.
 */
function mayBeShown(needs: Needs): boolean {
  if (needs === 'anyone') return true;
  if (!hasSignedInHint()) return false;
  const user = queryClient.getQueryData(currentUserQueryOptions().queryKey);
  return user === undefined || (user !== null && (needs === 'user' || hasRole(user, needs)));
}

/** The route an address opens, with its parameters and who may see it. */
function routeOf(path: string) {
  const url = new URL(path, 'http://localhost');
  for (const [routes, , needs] of groups) {
    for (const [pattern, Screen, firstQueries] of routes) {
      const [matches, params] = matchRoute(pattern, url.pathname);
      if (matches) return { Screen, firstQueries, params, search: url.searchParams, needs };
    }
  }
  return null;
}

/**
 * Who may open the screen at `path` (its guard's role), or null for an address no screen here
 * answers: what a menu offers a role is held to it (app/back-office-menus.test.tsx).
 */
export function routeNeeds(path: string): Needs | null {
  return routeOf(path)?.needs ?? null;
}

/**
 * The queries the screen at `path` (a path, perhaps with its query) shows first, as its own
 * `queryOptions`: none for a screen that has no such list, or that this visitor will not be shown
 * (mayBeShown). Exported for its test.
 */
export async function routeFirstQueries(path: string): Promise<FirstQuery[]> {
  const route = routeOf(path);
  if (!route?.firstQueries || !mayBeShown(route.needs)) return [];
  return route.firstQueries(route.params, route.search);
}

let preloaded: string | undefined;

/**
 * Starts what the screen at `path` needs first, all at once: its first data (the small chunk of
 * its query options, then the requests), the sign-in lookup its guard waits for, and its code
 * (one wave of chunks), in that order, as the browser queues requests in the order they are made.
 * The queries are the same options the screen then reads, so when it renders their answers are
 * there or on their way. A failed answer (a session that ended: 401, a role the server refuses:
 * 403) is only a query in error, which the screen, if its guard ever shows it, asks again as it
 * mounts. The same address twice in a row is started once.
 */
export function preloadRoute(path: string): void {
  if (path === preloaded) return;
  preloaded = path;
  const route = routeOf(path);
  if (!route || !mayBeShown(route.needs)) return;
  void routeFirstQueries(path)
    .then((queries) =>
      sendAtOnce(() =>
        Promise.all(
          queries.map((query) =>
            isListQuery(query) ? queryClient.prefetchInfiniteQuery(query) : queryClient.prefetchQuery(query),
          ),
        ),
      ),
    )
    .catch(() => undefined);
  if (route.needs !== 'anyone') {
    void sendAtOnce(() => queryClient.prefetchQuery(currentUserQueryOptions()));
  }
  route.Screen.preload();
}

/** The screen for an address other than the landing page's. */
export default function MoreRoutes() {
  // An address the app moves to (a link, a redirect) starts its screen's code and data together,
  // as the address it opened on did (app/router.tsx, preloadScreen).
  const pathname = usePathname();
  const search = useSearch();
  preloadRoute(search ? `${pathname}?${search}` : pathname);
  return (
    <Switch>
      {groups.flatMap(([routes, guard]) =>
        routes.map(([path, Screen]) => (
          <Route key={path} path={path}>
            {guard(<Screen />)}
          </Route>
        )),
      )}
      <Route component={NotFoundScreen} />
    </Switch>
  );
}
