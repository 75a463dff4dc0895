import { RootLayout } from '../components/layout/root-layout';
import { AccountNav, AdminFooterLink } from '../features/auth/components/account-nav';
import { useCurrentUser } from '../features/auth/api/use-current-user';
import { MyBookingsButton } from '../features/bookings/components/my-bookings-button';
import { SuccessRecordWatcher } from '../features/bookings/components/success-record-watcher';

/**
 * The root layout with the account parts plugged in: header My bookings,
 * name/e-mail and logout, footer Admin button; and the booking success toast.
 */
export function AppLayout() {
  const signedIn = !!useCurrentUser().data;
  return (
    <>
      <RootLayout
        account={
          <>
            <MyBookingsButton />
            <AccountNav />
          </>
        }
        footerActions={<AdminFooterLink />}
        compactBrand={signedIn}
      />
      <SuccessRecordWatcher />
    </>
  );
}
