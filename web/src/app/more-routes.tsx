import type { ComponentType, ReactNode } from 'react';
import { lazy } from '@/lib/lazy';
import { Route, Switch } from '@/lib/router';
import { preloadAriaScope } from '@/components/aria-scope/aria-scope';
import { RedirectIfSignedIn, RequireUser } from './route-guards';

/**
 * A lazy screen (its module exports `Component`): its code and react-aria's providers (every
 * screen but the landing page renders inside them, decision 020) are fetched together, not one
 * after the other. While they load, the layout's Suspense boundary shows an empty page.
 */
const screen = (load: () => Promise<{ Component: ComponentType }>) =>
  lazy(
    () => {
      preloadAriaScope();
      return load();
    },
    (module) => module.Component,
  );

// Rarely shown: a chunk of its own, out of the landing page's first script.
const NotFoundScreen = lazy(
  () => import('@/components/not-found-screen'),
  (module) => module.NotFoundScreen,
);

type Routes = [path: string, Screen: ComponentType][];

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
  ['/verify-email', screen(() => import('@/features/auth/components/verify-email-screen'))],
  ['/test-google', screen(() => import('@/features/auth/components/test-google-screen'))],
  ['/hotel-rating-event', screen(() => import('@/features/events/components/hotel-rating-event-screen'))],
  ['/dev/mailbox', screen(() => import('@/features/dev/components/dev-mailbox-screen'))],
];

/** Signed-in visitors are sent on from these. */
const signedOutRoutes: Routes = [
  ['/login', screen(() => import('@/features/auth/components/login-screen'))],
  ['/register', screen(() => import('@/features/auth/components/register-screen'))],
  ['/forgot-password', screen(() => import('@/features/auth/components/forgot-password-screen'))],
];

/** The account's own pages. */
const accountRoutes: Routes = [
  ['/admin-welcome', screen(() => import('@/features/auth/components/welcome-splash-screen'))],
  ['/dashboard', screen(() => import('@/features/account/components/welcome-dashboard-screen'))],
  ['/points-store', screen(() => import('@/features/points/components/points-store-screen'))],
  ['/points-booking', screen(() => import('@/features/points/components/points-booking-screen'))],
];

/** Back office for staff and admins (DESIGN.md: bookings, inventory, events, VIP usage). */
const ratingAdmin = screen(() => import('@/features/admin/events/rating-admin-screen'));
const locationAdmin = screen(() => import('@/features/admin/events/location-admin-screen'));
const staffRoutes: Routes = [
  ['/admin', screen(() => import('@/features/admin/dashboard/admin-dashboard-screen'))],
  ['/admin/bookings', screen(() => import('@/features/admin/bookings/booking-alerts-screen'))],
  ['/admin/inventory', screen(() => import('@/features/admin/inventory/room-inventory-screen'))],
  ['/admin/vip', screen(() => import('@/features/admin/vip/vip-cards-screen'))],
  ['/admin/reviews', screen(() => import('@/features/admin/reviews/reviews-admin-screen'))],
  ['/admin/offers', screen(() => import('@/features/admin/content/offers-screen'))],
  ['/admin/services', screen(() => import('@/features/admin/content/services-screen'))],
  ['/photography-admin', screen(() => import('@/features/admin/events/photography-admin-screen'))],
  ['/rating-admin', ratingAdmin],
  ['/hotel-rating-admin', ratingAdmin],
  ['/location-admin', locationAdmin],
  ['/location-sharing-admin', locationAdmin],
];

/** Admins only (DESIGN.md: statistics, chat Q&A, staff accounts, and the audit log). */
const adminOnlyRoutes: Routes = [
  ['/admin/statistics', screen(() => import('@/features/admin/statistics/statistics-screen'))],
  ['/admin/staff', screen(() => import('@/features/admin/staff/staff-accounts-screen'))],
  ['/admin/audit', screen(() => import('@/features/admin/audit/audit-log-screen'))],
  ['/admin/settings', screen(() => import('@/features/admin/content/site-settings-screen'))],
  ['/chat-qa-admin', screen(() => import('@/features/admin/chat-qa/chat-qa-admin-screen'))],
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
