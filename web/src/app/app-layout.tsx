import { type ReactNode, Suspense, useMemo } from 'react';
import { landingLazy, lazy } from '@/lib/lazy';
import { usePathname } from '@/lib/router';
import { RootLayout } from '@/components/layout/root-layout';
import { OutboxIndicator } from '@/components/outbox/outbox-indicator';
import {
  AccountIdentityOnBar,
  AccountNav,
  AdminFooterLink,
  preloadSignedInAccount,
} from '@/features/auth/components/account-nav';
import { hasRole, hasSignedInHint, isLookingUp, useCurrentUser } from '@/entities/session/use-current-user';
import { useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { AriaScope } from '@/components/aria-scope/aria-scope';
import { SuccessRecordWatcher } from '@/features/bookings/components/success-record-watcher';
import { useOutboxInUse } from '@/offline/use-outbox-in-use';
import { useOnline } from '@/lib/use-online';
import { OfflineBanner } from '@/components/outbox/offline-banner';
import { usePushOptInOffered } from '@/lib/push-offer';
import { useAccountPartsLive } from './last-known-account';

// The signed-in parts of the header (the account's name and logout, the points badge) are chunks
// of their own: every signed-out visitor loads the landing page's first script without them. A
// browser that holds a session fetches them as the page starts (preloadSignedInParts).
const PointsBadge = landingLazy(
  () => import('@/features/points/components/points-badge'),
  (module) => module.PointsBadge,
);
// The bell: its count and code load only for a signed-in user.
const NotificationBell = landingLazy(() => import('@/components/notifications/notification-bell'));
// My bookings (and the list of the files its panel needs): only for a signed-in guest.
const MyBookingsButton = landingLazy(
  () => import('@/features/bookings/components/my-bookings-button'),
  (module) => module.MyBookingsButton,
);

/**
 * Fetches the signed-in parts of the header ahead on a device that holds a session, together with
 * the sign-in lookup: as the app starts, right after the first requests of the screen it opens on
 * (app/start.tsx), which the screen needs more. Resolves once they render at once (lib/lazy.ts).
 */
export function preloadSignedInParts(): Promise<unknown> {
  if (!hasSignedInHint()) return Promise.resolve();
  return Promise.all([
    preloadSignedInAccount(),
    PointsBadge.preload(),
    NotificationBell.preload(),
    MyBookingsButton.preload(),
  ]);
}

// Reads the outbox (Dexie): tells what became of entries and reviews delivered later, on any page.
const OutboxAnnouncements = lazy(() =>
  import('./rare-parts').then((module) => module?.loadOutboxAnnouncements()),
);

// Web Push for guests: offered after a booking request or an entry, never on load.
const PushOptIn = lazy(() => import('./rare-parts').then((module) => module?.loadPushOptIn()));

// Loaded only while the site is in maintenance: nothing of it in the landing's first script.
const MaintenanceNotice = lazy(() =>
  import('./rare-parts').then((module) => module?.loadMaintenanceNotice()),
);

/** Where the points badge and Use Points stand, after the guest's name on a phone's bar. */
export function PointsPlace({ children }: { children: ReactNode }) {
  return <div className="flex shrink-0 items-center justify-end gap-2">{children}</div>;
}

/** The footer's extra button (the admin's), the same element on every render. */
const footerActions = <AdminFooterLink />;

/** Pages a guest still reaches in maintenance: staff must be able to sign in. */
const OPEN_IN_MAINTENANCE = new Set(['/login', '/forgot-password', '/dev/mailbox']);

/**
 * The root layout with the account parts plugged in: header notifications bell (guests their
 * own, staff the alerts of new requests and entries), My bookings,
 * name/e-mail and logout, then the points badge and Use Points (a row of
 * their own on phones; guests only: staff and admins have no bookings or
 * points of their own in the header); footer Admin button; and the booking
 * success toast.
 * The outbox indicator (offline, n waiting) comes first in the header.
 * In maintenance (site settings), guests get the maintenance page instead of
 * the screen and staff a banner.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const me = useCurrentUser();
  // A header drawn from what the phone last knew (app/last-known-account.tsx) stays until every
  // part of the app's own can render in one frame; until then the app shows none of its own.
  const live = useAccountPartsLive({
    ready: preloadSignedInParts,
    confirmed: me.isFetchedAfterMount && !isLookingUp(me),
  });
  const user = live ? me.data : undefined;
  const signedIn = !!user;
  const maintenance = useSiteSettings().data?.maintenanceMode === true;
  const pathname = usePathname();
  const isStaff = hasRole(user, 'staff');
  // Any of the hotel's own accounts, outlet staff and housekeepers included: no bookings or points
  // of their own in the header, and the site in maintenance stays open to them.
  const isHotel = hasRole(user, 'outlet');
  const blocked = maintenance && !isHotel && !OPEN_IN_MAINTENANCE.has(pathname);
  // The landing page (in the first script) uses no react-aria; every other screen is lazy and
  // renders inside react-aria's providers (decision 020).
  const landing = pathname === '/' || pathname === '/hotel';
  const isAdmin = hasRole(user, 'admin');
  // Only on a device that has used the outbox (a first visit never loads Dexie).
  const outboxInUse = useOutboxInUse();
  const pushOffered = usePushOptInOffered();
  // The same elements while what they show is the same: the layout (memoized) then renders again
  // only when something in it changes, not each time the user or the settings are looked up.
  const account = useMemo(
    () => (
      <>
        <OutboxIndicator />
        {signedIn && (isStaff || !isHotel) ? (
          <Suspense fallback={null}>
            <NotificationBell scope={isStaff ? 'staff' : 'mine'} />
          </Suspense>
        ) : null}
        {signedIn && !isHotel ? (
          <Suspense fallback={null}>
            <MyBookingsButton />
          </Suspense>
        ) : null}
        {live ? <AccountNav /> : null}
      </>
    ),
    [isStaff, isHotel, signedIn, live],
  );
  const headerAside = useMemo(
    () =>
      signedIn && !isHotel ? (
        <>
          <AccountIdentityOnBar />
          <PointsPlace>
            <Suspense fallback={null}>
              <PointsBadge />
            </Suspense>
          </PointsPlace>
        </>
      ) : null,
    [signedIn, isHotel],
  );
  const online = useOnline();
  const offlineBanner = useMemo(() => (online ? null : <OfflineBanner />), [online]);
  const notice = useMemo(
    () => (
      <>
        {maintenance && isHotel ? (
          <AriaScope>
            <MaintenanceNotice as={isAdmin ? 'admin' : 'staff'} />
          </AriaScope>
        ) : null}
        {/* Under the header, in the page's flow: it covers nothing the guest may want to tap. */}
        {pushOffered ? (
          <AriaScope>
            <PushOptIn />
          </AriaScope>
        ) : null}
      </>
    ),
    [maintenance, isHotel, isAdmin, pushOffered],
  );
  const replaceScreen = useMemo(
    () =>
      blocked ? (
        <AriaScope>
          <MaintenanceNotice as="page" />
        </AriaScope>
      ) : undefined,
    [blocked],
  );
  return (
    <>
      <RootLayout
        account={account}
        headerAside={headerAside}
        footerActions={footerActions}
        compactBrand={signedIn}
        screenNeedsAria={!landing}
        notice={notice}
        headerNotice={offlineBanner}
        replaceScreen={replaceScreen}
      >
        {children}
      </RootLayout>
      <SuccessRecordWatcher />
      {outboxInUse && (
        <Suspense fallback={null}>
          <OutboxAnnouncements />
        </Suspense>
      )}
    </>
  );
}
