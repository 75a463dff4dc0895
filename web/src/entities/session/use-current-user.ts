import { type QueryFunctionContext, queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@shared/auth-schemas';
import type { UserRole } from '@shared/constants';
import { SIGNED_IN_HINT_COOKIE, TIMING } from '@shared/start-constants';
import { roleAtLeast } from '@shared/roles';
import { ApiRequestError, api, readJson } from '@/lib/api-client';
import { KEPT_FOR_THE_SESSION } from '@/lib/query-client';
import { authKeys } from './auth-keys';

/**
 * Who is signed in, as the server last said, with when that session ends (`sessionExpiresAt`,
 * ISO; absent in an answer kept from before the server said it). Only this public answer is kept
 * on the device (the persisted query cache): the session itself is the HttpOnly cookie.
 */
export type CurrentUser = SessionUser & { sessionExpiresAt?: string };

/** The user an answer of the server names (GET /me, a login, a verified e-mail), with the session's end. */
export function signedInAs(user: SessionUser, sessionExpiresAt: string): CurrentUser {
  return { ...user, sessionExpiresAt };
}

/** Whether the session a known user came with has certainly ended (its cookie has expired). */
export function sessionEnded(user: CurrentUser, now: number = Date.now()): boolean {
  return user.sessionExpiresAt !== undefined && Date.parse(user.sessionExpiresAt) <= now;
}

/**
 * GET /api/auth/me: who is signed in (the session is the HttpOnly cookie), or
 * null when nobody is. Without the readable "signed in" hint the server sets and clears with the
 * session, no session cookie can be there: nobody is signed in, and nothing is asked (so a
 * signed-out load has no failed request in its console). With no answer (offline), the user
 * already known stays signed in on screen (the query keeps its data, and the persisted cache keeps
 * it for the next load: lib/query-persistence.ts) until their session's end, after which they are
 * signed out without asking; any other failure throws, keeping the known user too.
 */
export async function getCurrentUser(
  context?: Pick<QueryFunctionContext, 'client'>,
): Promise<CurrentUser | null> {
  if (!hasSignedInHint()) return null;
  try {
    const res = await api.auth.me.$get();
    if (res.status === 401) return null;
    const { user, sessionExpiresAt } = await readJson(res);
    return signedInAs(user, sessionExpiresAt);
  } catch (error) {
    const known = context?.client.getQueryData<CurrentUser | null>(authKeys.me());
    if (!(error instanceof ApiRequestError) && known && sessionEnded(known)) return null;
    throw error;
  }
}

/** Whether this browser holds a session (the readable hint the server sets with it). */
export const hasSignedInHint = (): boolean => `; ${document.cookie}`.includes(`; ${SIGNED_IN_HINT_COOKIE}=1`);

/**
 * Signing out: the hint goes at once, before the server has answered, so that nothing this page
 * asks only for a signed-in user (a bell's count, the chat's badge, a part loaded meanwhile)
 * asks while the session ends (a 401 in the console). The server clears it too.
 */
export function forgetSignedInHint() {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

// The query cache is persisted (IndexedDB); an answer restored from an earlier visit is shown
// (offline too) but asked again at once, since the session may have ended in between.
const pageLoadedAt = Date.now();

/** A known user whose session has ended is nobody (a restored answer, offline, a month later). */
const liveUser = (user: CurrentUser | null) => (user && sessionEnded(user) ? null : user);

/** Spec: the authentication lookup is fresh for 5 minutes and kept 10 minutes. */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: getCurrentUser,
    staleTime: (query) => (query.state.dataUpdatedAt < pageLoadedAt ? 0 : TIMING.authStale),
    gcTime: TIMING.authGc,
    select: liveUser,
    meta: KEPT_FOR_THE_SESSION,
    // The network is back: ask at once, fresh or not, so the header shows who is signed in (or
    // that the session ended meanwhile) without a reload.
    refetchOnReconnect: 'always',
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
  data: CurrentUser | null | undefined;
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
