import type { ComponentType, ReactNode } from 'react';
import { lazy } from '@/lib/lazy';
import { Route, Switch } from '@/lib/router';
import { preloadAriaScope } from '@/components/aria-scope/aria-scope';
import type { PhotoManagerSlot } from '@/entities/admin/media/photo-manager-slot';
import { RedirectIfSignedIn, RequireUser } from './route-guards';

/**
 * A lazy screen (`pick` names its export): its code and react-aria's providers (every screen but
 * the landing page renders inside them, decision 020) are fetched together, not one after the
 * other. While they load, the layout's Suspense boundary shows an empty page.
 */
const screen = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  lazy(() => {
    preloadAriaScope();
    return load();
  }, pick);

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

type Routes = [path: string, Screen: ComponentType][];

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
  [
    '/hotel-rating-event',
    screen(
      () => import('@/features/events/components/hotel-rating-event-screen'),
      (m) => m.HotelRatingEventScreen,
    ),
  ],
  // Manage my booking: with an account or without one (a lookup or an e-mail's link).
  ['/booking/:reference', bookingPage],
  ['/booking', bookingPage],
  [
    '/privacy',
    screen(
      () => import('@/features/privacy/components/privacy-screen'),
      (m) => m.PrivacyScreen,
    ),
  ],
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
  ],
  [
    '/admin/tape-chart',
    screen(
      () => import('@/features/admin/tape-chart/components/tape-chart-screen'),
      (m) => m.TapeChartScreen,
    ),
  ],
  [
    '/admin/front-desk',
    screen(
      () => import('@/features/admin/front-desk/components/front-desk-screen'),
      (m) => m.FrontDeskScreen,
    ),
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
  // The housekeeping board, for a phone on the floors.
  [
    '/housekeeping',
    screen(
      () => import('@/features/admin/housekeeping/components/housekeeping-screen'),
      (m) => m.HousekeepingScreen,
    ),
  ],
  [
    '/admin/stay-requests',
    screen(
      () => import('@/features/admin/stay-requests/components/stay-requests-screen'),
      (m) => m.StayRequestsScreen,
    ),
  ],
  ['/rating-admin', ratingAdmin],
  ['/hotel-rating-admin', ratingAdmin],
  ['/location-admin', locationAdmin],
  ['/location-sharing-admin', locationAdmin],
];

/** Admins only (statistics, chat Q&A, staff accounts, and the audit log). */
const adminOnlyRoutes: Routes = [
  [
    '/admin/rooms',
    screen(
      () => import('@/features/admin/rooms/components/rooms-screen'),
      (m) => m.RoomsScreen,
    ),
  ],
  [
    '/admin/statistics',
    screen(
      () => import('@/features/admin/statistics/components/statistics-screen'),
      (m) => m.StatisticsScreen,
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

/** Each group of routes with the guard its screens render inside. */
const groups: [Routes, (screen: ReactNode) => ReactNode][] = [
  [openRoutes, (screen) => screen],
  [signedOutRoutes, (screen) => <RedirectIfSignedIn>{screen}</RedirectIfSignedIn>],
  [accountRoutes, (screen) => <RequireUser>{screen}</RequireUser>],
  [staffRoutes, (screen) => <RequireUser minRole="staff">{screen}</RequireUser>],
  [adminOnlyRoutes, (screen) => <RequireUser minRole="admin">{screen}</RequireUser>],
];

/** The screen for an address other than the landing page's. */
export default function MoreRoutes() {
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
