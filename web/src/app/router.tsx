import type { RouteObject } from 'react-router';
import { LandingScreen } from './landing-screen';
import { NotFoundScreen } from '../components/not-found-screen';
import { AppLayout } from './app-layout';
import { preloadAriaScope } from '../components/aria-scope/aria-scope';

/**
 * A lazy screen: its code and react-aria's providers (every screen but the landing page renders
 * inside them, decision 020) are fetched together, not one after the other.
 */
const screen =
  <T,>(load: () => Promise<T>) =>
  () => {
    preloadAriaScope();
    return load();
  };
import { RedirectIfSignedIn, RequireUser } from './route-guards';

/**
 * Every route of the two specs. The landing page is in the main bundle;
 * every other screen is a lazy chunk, and admin screens live under
 * features/admin so they build into admin-* chunks (kept out of the
 * precache and loaded only when opened).
 *
 * Guards (app/route-guards.tsx) wrap groups of routes: the spec lets a
 * visitor do almost everything signed out, so only the account's own pages
 * and the back office ask for a sign-in; the back office also asks for a role.
 */
const guestRoutes: RouteObject[] = [
  { index: true, Component: LandingScreen },
  { path: 'hotel', Component: LandingScreen },
  {
    Component: RedirectIfSignedIn,
    children: [
      { path: 'login', lazy: screen(() => import('../features/auth/components/login-screen')) },
      { path: 'register', lazy: screen(() => import('../features/auth/components/register-screen')) },
      {
        path: 'forgot-password',
        lazy: screen(() => import('../features/auth/components/forgot-password-screen')),
      },
    ],
  },
  { path: 'verify-email', lazy: screen(() => import('../features/auth/components/verify-email-screen')) },
  { path: 'test-google', lazy: screen(() => import('../features/auth/components/test-google-screen')) },
  {
    element: <RequireUser />,
    children: [
      {
        path: 'admin-welcome',
        lazy: screen(() => import('../features/auth/components/welcome-splash-screen')),
      },
      {
        path: 'dashboard',
        lazy: screen(() => import('../features/account/components/welcome-dashboard-screen')),
      },
      {
        path: 'points-store',
        lazy: screen(() => import('../features/points/components/points-store-screen')),
      },
      {
        path: 'points-booking',
        lazy: screen(() => import('../features/points/components/points-booking-screen')),
      },
    ],
  },
  {
    path: 'hotel-rating-event',
    lazy: screen(() => import('../features/events/components/hotel-rating-event-screen')),
  },
  { path: 'dev/mailbox', lazy: screen(() => import('../features/dev/components/dev-mailbox-screen')) },
];

/** Back office for staff and admins (DESIGN.md: bookings, inventory, events, VIP usage). */
const staffRoutes: RouteObject[] = [
  { path: 'admin', lazy: screen(() => import('../features/admin/dashboard/admin-dashboard-screen')) },
  { path: 'admin/bookings', lazy: screen(() => import('../features/admin/bookings/booking-alerts-screen')) },
  {
    path: 'admin/inventory',
    lazy: screen(() => import('../features/admin/inventory/room-inventory-screen')),
  },
  { path: 'admin/vip', lazy: screen(() => import('../features/admin/vip/vip-cards-screen')) },
  { path: 'admin/reviews', lazy: screen(() => import('../features/admin/reviews/reviews-admin-screen')) },
  { path: 'admin/offers', lazy: screen(() => import('../features/admin/content/offers-screen')) },
  { path: 'admin/services', lazy: screen(() => import('../features/admin/content/services-screen')) },
  {
    path: 'photography-admin',
    lazy: screen(() => import('../features/admin/events/photography-admin-screen')),
  },
  { path: 'rating-admin', lazy: screen(() => import('../features/admin/events/rating-admin-screen')) },
  { path: 'hotel-rating-admin', lazy: screen(() => import('../features/admin/events/rating-admin-screen')) },
  { path: 'location-admin', lazy: screen(() => import('../features/admin/events/location-admin-screen')) },
  {
    path: 'location-sharing-admin',
    lazy: screen(() => import('../features/admin/events/location-admin-screen')),
  },
];

/** Admins only (DESIGN.md: statistics, chat Q&A, staff accounts, and the audit log). */
const adminOnlyRoutes: RouteObject[] = [
  { path: 'admin/statistics', lazy: screen(() => import('../features/admin/statistics/statistics-screen')) },
  { path: 'admin/staff', lazy: screen(() => import('../features/admin/staff/staff-accounts-screen')) },
  { path: 'admin/audit', lazy: screen(() => import('../features/admin/audit/audit-log-screen')) },
  { path: 'admin/settings', lazy: screen(() => import('../features/admin/content/site-settings-screen')) },
  { path: 'chat-qa-admin', lazy: screen(() => import('../features/admin/chat-qa/chat-qa-admin-screen')) },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: AppLayout,
    // Opened directly on a lazy screen, the router waits for its chunk before the first render:
    // an empty page meanwhile (as before), said explicitly so React Router does not warn.
    hydrateFallbackElement: <div />,
    children: [
      ...guestRoutes,
      { element: <RequireUser minRole="staff" />, children: staffRoutes },
      { element: <RequireUser minRole="admin" />, children: adminOnlyRoutes },
      { path: '*', Component: NotFoundScreen },
    ],
  },
];
