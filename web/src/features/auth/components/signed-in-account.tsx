import { Trans, useLingui } from '@lingui/react/macro';
import type { SessionUser } from '@shared/auth-schemas';
import { Link } from '@/lib/router';
import { PlainButton } from '@/components/ui/plain-button';
import { roleName } from '@/entities/session/role-names';
import { useSignOut } from '@/entities/session/use-sign-out';
import { LogOutIcon } from '@/components/more-icons';
import { useWideScreen } from '@/hooks/use-wide-screen';

/**
 * The header's account part for a signed-in user (spec section 2): their name and e-mail (a link
 * to their welcome page, `Identity`) and a logout button. A chunk of its own (account-nav.tsx), so the
 * landing page's first script, which every signed-out visitor loads, does not carry it.
 */
/**
 * Who is signed in: the name and e-mail, a link to their welcome page. In the header's row, or, for
 * a guest on a phone, at the start of the bar under it (where the points are), since one phone
 * row with the bell, My bookings, log out and the language left it a few letters.
 */
export function Identity({ user }: { user: SessionUser }) {
  const { i18n } = useLingui();
  // Staff see their role in words (spec: the name "with the label 'system admin'"); guests none.
  const role = user.role === 'guest' ? null : roleName(i18n, user.role);
  return (
    <Link
      to="/dashboard"
      data-testid="header-user"
      className="last-known-dim flex min-w-0 max-w-52 flex-col rounded-lg px-2 py-1 sm:max-w-none text-start leading-tight no-underline outline-none hover:bg-sand-100 focus-visible:outline-3 focus-visible:outline-gold-700"
    >
      {/* Its own direction (a Latin name in the Arabic header too), so it is cut at its end. */}
      <span
        dir="auto"
        className="max-w-full truncate text-sm font-semibold text-slate-900 sm:max-w-56"
        data-testid="header-user-name"
      >
        {user.fullName}
      </span>
      <span className="flex max-w-full items-baseline gap-1 text-xs text-slate-600 sm:max-w-56">
        {role ? (
          <span className="shrink-0 font-semibold text-teal-800" data-testid="header-user-role">
            {role}
          </span>
        ) : null}
        <bdi dir="ltr" className="min-w-0 truncate">
          {user.email}
        </bdi>
      </span>
    </Link>
  );
}

/** A guest's name goes under the header on a phone (the bar with their points); staff have no bar. */
export function identityOnBar(user: SessionUser, wide: boolean): boolean {
  return user.role === 'guest' && !wide;
}

export default function SignedInAccount({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  const wide = useWideScreen();
  return (
    <div className="flex min-w-0 items-center gap-1">
      {identityOnBar(user, wide) ? null : <Identity user={user} />}
      <PlainButton
        variant="ghost"
        className="shrink-0 whitespace-nowrap px-2 py-1.5 text-sm"
        data-testid="log-out"
        isPending={signOut.isPending || signOut.isSuccess}
        onPress={() => signOut.mutate()}
      >
        {/* On phones an icon, so the user's name keeps its room in a one-row header. */}
        <LogOutIcon className="size-5 shrink-0 sm:hidden" />
        <span className="sr-only sm:not-sr-only">
          <Trans>Log out</Trans>
        </span>
      </PlainButton>
    </div>
  );
}
