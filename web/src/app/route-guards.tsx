import { Trans } from '@lingui/react/macro';
import { type ReactNode, useEffect, useState } from 'react';
import { landingAfterSignIn, rememberAdminPage } from '@/lib/back-office-landing';
import { lazy } from '@/lib/lazy';
import { Navigate, usePathname } from '@/lib/router';
import type { UserRole } from '@shared/constants';
import { LoadError } from '@/components/load-error';
import { hasRole, isLookingUp, useCurrentUser } from '@/entities/session/use-current-user';

/**
 * Which screens a visitor is shown. This is manners, not security: every
 * call behind these screens is checked by the server.
 * The guards wrap the lazy screen (app/router.tsx) and import none, so admin
 * code stays in its lazy chunks.
 */

// Rarely shown: a chunk of its own, out of the landing page's first script (the screens these
// guards wrap render inside a Suspense boundary, components/layout/root-layout.tsx).
const ForbiddenScreen = lazy(
  () => import('@/components/forbidden-screen'),
  (module) => module.ForbiddenScreen,
);

function CheckingSignIn() {
  return (
    <main className="flex min-h-[50dvh] items-center justify-center px-4" aria-busy="true">
      <p role="status" className="text-slate-700">
        <Trans>Checking your sign-in…</Trans>
      </p>
    </main>
  );
}

/** Signed-out visitors go to /login; with `minRole`, a signed-in account below it sees the 403 screen. */
export function RequireUser({ minRole, children }: { minRole?: UserRole; children: ReactNode }) {
  const me = useCurrentUser();
  const pathname = usePathname();
  const backOffice = !!minRole && minRole !== 'guest' && hasRole(me.data, minRole);
  // The back office page open last (spec: remembered until `/` is reached).
  useEffect(() => {
    if (backOffice) rememberAdminPage(pathname);
  }, [backOffice, pathname]);
  if (isLookingUp(me)) return <CheckingSignIn />;
  if (me.isError && me.data === undefined) {
    return (
      <main className="mx-auto flex min-h-[50dvh] max-w-xl flex-col items-center justify-center px-4">
        <LoadError onRetry={() => void me.refetch()}>
          <Trans>We could not check your sign-in. Check your connection and try again.</Trans>
        </LoadError>
      </main>
    );
  }
  const user = me.data;
  if (!user) return <Navigate to="/login" replace />;
  if (minRole && !hasRole(user, minRole)) return <ForbiddenScreen needs={minRole} role={user.role} />;
  return children;
}

/**
 * /login and /register: someone who arrives already signed in goes to /.
 * Decided once, when the first lookup settles, so that signing in on these
 * pages does not cut short their own toast and timed redirect.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const me = useCurrentUser();
  const settled = !me.isPending && !me.isFetching;
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null);
  if (arrivedSignedIn === null && settled) setArrivedSignedIn(!!me.data);
  // The admin goes by the splash, as after a login: when the first look-up settles only after a
  // login on this page (a slow network), this redirect and the login's own must agree.
  if (arrivedSignedIn) return <Navigate to={landingAfterSignIn(me.data?.role)} replace />;
  return children;
}
