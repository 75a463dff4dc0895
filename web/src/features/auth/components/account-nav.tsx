import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { PlainButton, PlainLink } from '../../../components/ui/plain-button';
import { hasRole, isLookingUp, useCurrentUser } from '../../../entities/session/use-current-user';
import { useSignOut } from '../../../entities/session/use-sign-out';

const headerLinkClass =
  'rounded-lg px-3 py-1.5 text-sm font-semibold text-teal-800 no-underline outline-none hover:bg-sand-100 focus-visible:outline-3 focus-visible:outline-gold-700';

/**
 * The header's account part (spec section 2): signed in, the user's name and
 * e-mail (a link to their welcome page) and a logout button; signed out, a
 * "Log in" link. Nothing shows while the first lookup runs, so no link flashes.
 */
export function AccountNav() {
  const me = useCurrentUser();
  const signOut = useSignOut();
  const user = me.data;
  if (isLookingUp(me)) return null;
  if (!user) {
    return (
      <Link to="/login" className={headerLinkClass}>
        <Trans>Log in</Trans>
      </Link>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-1">
      <Link
        to="/dashboard"
        data-testid="header-user"
        className="flex min-w-0 flex-col rounded-lg px-2 py-1 text-start leading-tight no-underline outline-none hover:bg-sand-100 focus-visible:outline-3 focus-visible:outline-gold-700"
      >
        {/* Its own direction (a Latin name in the Arabic header too), so it is cut at its end. */}
        <span
          dir="auto"
          className="max-w-32 truncate text-sm font-semibold text-slate-900 sm:max-w-56"
          data-testid="header-user-name"
        >
          {user.fullName}
        </span>
        <bdi dir="ltr" className="max-w-32 truncate text-xs text-slate-600 sm:max-w-56">
          {user.email}
        </bdi>
      </Link>
      <PlainButton
        variant="ghost"
        className="whitespace-nowrap px-2.5 py-1.5 text-sm"
        isPending={signOut.isPending || signOut.isSuccess}
        onPress={() => signOut.mutate()}
      >
        <Trans>Log out</Trans>
      </PlainButton>
    </div>
  );
}

/** Spec: the footer's Admin button shows only to the admin (by role, decided by the server). */
export function AdminFooterLink() {
  const user = useCurrentUser().data;
  if (!hasRole(user, 'admin')) return null;
  return (
    <PlainLink href="/admin" variant="secondary" className="self-start">
      <Trans>Admin</Trans>
    </PlainLink>
  );
}
