import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { RootLayout } from '../components/layout/root-layout';
import { OutboxIndicator } from '../components/outbox/outbox-indicator';
import { AccountNav, AdminFooterLink } from '../features/auth/components/account-nav';
import { hasRole, useCurrentUser } from '../entities/session/use-current-user';
import { useSiteSettings } from '../entities/site-settings/get-site-settings';
import { MyBookingsButton } from '../features/bookings/components/my-bookings-button';
import { AriaRouting } from './providers';
import { SuccessRecordWatcher } from '../features/bookings/components/success-record-watcher';
import { PointsBadge } from '../features/points/components/points-badge';

// Loaded only while the site is in maintenance: nothing of it in the landing's first script.
const MaintenanceNotice = lazy(() => import('../components/maintenance/maintenance-notice'));

/** Pages a guest still reaches in maintenance: staff must be able to sign in. */
const OPEN_IN_MAINTENANCE = new Set(['/login', '/forgot-password', '/dev/mailbox']);

/**
 * The root layout with the account parts plugged in: header My bookings,
 * name/e-mail and logout, then the points badge and Use Points (a row of
 * their own on phones; guests only: staff and admins have no bookings or
 * points of their own in the header); footer Admin button; and the booking
 * success toast.
 * The outbox indicator (offline, n waiting) comes first in the header.
 * In maintenance (site settings), guests get the maintenance page instead of
 * the screen and staff a banner (issue 14).
 */
export function AppLayout() {
  const user = useCurrentUser().data;
  const signedIn = !!user;
  const maintenance = useSiteSettings().data?.maintenanceMode === true;
  const { pathname } = useLocation();
  const isStaff = hasRole(user, 'staff');
  const blocked = maintenance && !isStaff && !OPEN_IN_MAINTENANCE.has(pathname);
  return (
    <>
      <AriaRouting>
        <RootLayout
          account={
            <>
              <OutboxIndicator />
              {isStaff ? null : <MyBookingsButton />}
              <AccountNav />
            </>
          }
          headerAside={signedIn && !isStaff ? <PointsBadge /> : null}
          footerActions={<AdminFooterLink />}
          compactBrand={signedIn}
          notice={
            maintenance && isStaff ? (
              <Suspense fallback={null}>
                <MaintenanceNotice as={hasRole(user, 'admin') ? 'admin' : 'staff'} />
              </Suspense>
            ) : null
          }
          replaceScreen={
            blocked ? (
              <Suspense fallback={null}>
                <MaintenanceNotice as="page" />
              </Suspense>
            ) : undefined
          }
        />
      </AriaRouting>
      <SuccessRecordWatcher />
    </>
  );
}
