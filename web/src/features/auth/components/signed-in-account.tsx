import { Trans } from '@lingui/react/macro';
import type { SessionUser } from '@shared/auth-schemas';
import { Link } from '@/lib/router';
import { PlainButton } from '@/components/ui/plain-button';
import { useSignOut } from '@/entities/session/use-sign-out';
import { LogOutIcon } from '@/components/more-icons';

/**
 * The header's account part for a signed-in user (spec section 2): their name and e-mail (a link
 * to their welcome page) and a logout button. A chunk of its own (account-nav.tsx), so the
 * landing page's first script, which every signed-out visitor loads, does not carry it.
 */
export default function SignedInAccount({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  return (
    <div className="flex min-w-0 items-center gap-1">
      <Link
        to="/dashboard"
        data-testid="header-user"
        className="flex min-w-0 max-w-44 flex-col rounded-lg px-2 py-1 sm:max-w-none text-start leading-tight no-underline outline-none hover:bg-sand-100 focus-visible:outline-3 focus-visible:outline-gold-700"
      >
        {/* Its own direction (a Latin name in the Arabic header too), so it is cut at its end. */}
        <span
          dir="auto"
          className="max-w-full truncate text-sm font-semibold text-slate-900 sm:max-w-56"
          data-testid="header-user-name"
        >
          {user.fullName}
        </span>
        <bdi dir="ltr" className="max-w-full truncate text-xs text-slate-600 sm:max-w-56">
          {user.email}
        </bdi>
      </Link>
      <PlainButton
        variant="ghost"
        className="shrink-0 whitespace-nowrap px-2 py-1.5 text-sm"
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
