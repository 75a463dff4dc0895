import { RootLayout } from '../components/layout/root-layout';
import { OutboxIndicator } from '../components/outbox/outbox-indicator';
import { AccountNav, AdminFooterLink } from '../features/auth/components/account-nav';
import { useCurrentUser } from '../entities/session/use-current-user';
import { MyBookingsButton } from '../features/bookings/components/my-bookings-button';
import { AriaRouting } from './providers';
import { SuccessRecordWatcher } from '../features/bookings/components/success-record-watcher';
import { PointsBadge } from '../features/points/components/points-badge';

/**
 * The root layout with the account parts plugged in: header My bookings,
 * name/e-mail and logout, then the points badge and Use Points (a row of
 * their own on phones); footer Admin button; and the booking success toast.
 * The outbox indicator (offline, n waiting) comes first in the header.
 */
export function AppLayout() {
  const signedIn = !!useCurrentUser().data;
  return (
    <>
      <AriaRouting>
        <RootLayout
          account={
            <>
              <OutboxIndicator />
              <MyBookingsButton />
              <AccountNav />
            </>
          }
          headerAside={signedIn ? <PointsBadge /> : null}
          footerActions={<AdminFooterLink />}
          compactBrand={signedIn}
        />
      </AriaRouting>
      <SuccessRecordWatcher />
    </>
  );
}
