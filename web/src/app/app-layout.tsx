import { RootLayout } from '../components/layout/root-layout';
import { AccountNav, AdminFooterLink } from '../features/auth/components/account-nav';
import { useCurrentUser } from '../features/auth/api/use-current-user';

/** The root layout with the account parts plugged in: header name/e-mail/logout, footer Admin button. */
export function AppLayout() {
  const signedIn = !!useCurrentUser().data;
  return <RootLayout account={<AccountNav />} footerActions={<AdminFooterLink />} compactBrand={signedIn} />;
}
