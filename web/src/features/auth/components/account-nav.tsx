import { Trans } from '@lingui/react/macro';
import { Suspense } from 'react';
import { landingLazy } from '@/lib/lazy';
import { Link } from '@/lib/router';
import { PlainLink } from '@/components/ui/plain-button';
import type { SessionUser } from '@shared/auth-schemas';
import { hasRole, isLookingUp, useCurrentUser } from '@/entities/session/use-current-user';
import { useWideScreen } from '@/hooks/use-wide-screen';

const loadSignedInAccount = () => import('./signed-in-account');
const SignedInAccount = landingLazy(loadSignedInAccount);
const BarIdentity = landingLazy(
  loadSignedInAccount,
  (module) =>
    function BarIdentity({ user }: { user: SessionUser }) {
      const wide = useWideScreen();
      return module.identityOnBar(user, wide) ? <module.Identity user={user} /> : null;
    },
);

/**
 * Fetches the signed-in header's code ahead, as the page starts, on a device that holds a session
 * (app/app-layout.tsx): it arrives with the sign-in lookup, not after it. Resolves once it renders
 * at once (lib/lazy.ts).
 */
export function preloadSignedInAccount(): Promise<unknown> {
  return Promise.all([SignedInAccount.preload(), BarIdentity.preload()]);
}

const headerLinkClass =
  'rounded-lg px-3 py-1.5 text-sm font-semibold text-teal-800 no-underline outline-none hover:bg-sand-100 focus-visible:outline-3 focus-visible:outline-gold-700';

/**
 * The header's account part (spec section 2): signed in, the user's name and
 * e-mail (a link to their welcome page) and a logout button (signed-in-account.tsx); signed out,
 * a "Log in" link. Nothing shows while the first lookup runs, so no link flashes.
 */
export function AccountNav() {
  const me = useCurrentUser();
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
    <Suspense fallback={null}>
      <SignedInAccount user={user} />
    </Suspense>
  );
}

/**
 * A guest's name and e-mail in the bar under the header on a phone (with their points), where the
 * header's one row has no room for them; nothing elsewhere (signed-in-account.tsx decides).
 */
export function AccountIdentityOnBar() {
  const user = useCurrentUser().data;
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <BarIdentity user={user} />
    </Suspense>
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
