import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@shared/auth-schemas';
import { SIGNED_IN_HINT_COOKIE, TIMING, type UserRole } from '@shared/constants';
import { roleAtLeast } from '@shared/roles';
import { api, readJson } from '@/lib/api-client';
import { authKeys } from './auth-keys';

/**
 * GET /api/auth/me: who is signed in (the session is the HttpOnly cookie), or
 * null when nobody is. Other failures throw, so a network error keeps the
 * user we already know instead of signing them out on screen. Without the
 * readable "signed in" hint the server sets and clears with the session, no
 * session cookie can be there: nobody is signed in, and nothing is asked (so a
 * signed-out load has no failed request in its console).
 */
export async function getCurrentUser(): Promise<SessionUser | null> {
  if (!hasSignedInHint()) return null;
  const res = await api.auth.me.$get();
  if (res.status === 401) return null;
  return (await readJson(res)).user;
}

/** Whether this browser holds a session (the readable hint the server sets with it). */
export const hasSignedInHint = (): boolean => `; ${document.cookie}`.includes(`; ${SIGNED_IN_HINT_COOKIE}=1`);

// The query cache is persisted (IndexedDB); an answer restored from an earlier visit is shown
// (offline too) but asked again at once, since the session may have ended in between.
const pageLoadedAt = Date.now();

/** Spec: the authentication lookup is fresh for 5 minutes and kept 10 minutes. */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: getCurrentUser,
    staleTime: (query) => (query.state.dataUpdatedAt < pageLoadedAt ? 0 : TIMING.authStale),
    gcTime: TIMING.authGc,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/**
 * Not known yet: the first lookup, or "signed out" restored from an earlier
 * visit and not yet asked again (a restored user is shown meanwhile). The
 * restored answer can reach the screen a moment before its new lookup starts,
 * so an old "signed out" never sends anyone to the login page by itself; if
 * the new lookup fails (offline), it stands.
 */
export function isLookingUp(me: {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  dataUpdatedAt: number;
  data: SessionUser | null | undefined;
}) {
  if (me.isPending) return true;
  if (me.data) return false;
  return me.isFetching || (me.dataUpdatedAt < pageLoadedAt && !me.isError);
}

/**
 * What the screens show by role; the server decides what is allowed.
 * Staff can do what guests can, admins what staff can.
 */
export function hasRole(user: SessionUser | null | undefined, role: UserRole): boolean {
  return !!user && roleAtLeast(user.role, role);
}
