import { onlineManager, type Query, QueryClient } from '@tanstack/react-query';

/**
 * Spec defaults: no retry, no refetch on focus, never stale unless a poll
 * interval says otherwise. Kept a day in memory so the persisted cache can
 * restore it offline.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      gcTime: 24 * 60 * 60 * 1000,
      networkMode: 'offlineFirst',
    },
    mutations: { retry: false },
  },
});

/**
 * Back online, what failed while offline is asked again, so its "could not be loaded" goes away by
 * itself: the reconnect refetch of TanStack Query skips what is fresh, and with nothing stale by
 * default a failed list would keep its error until the guest pressed "try again". Only the active
 * queries in error: what loaded is kept as it is (its polls, if any, go on).
 */
if (typeof window !== 'undefined') {
  // TanStack starts out believing it is online and learns otherwise only from an `offline` event:
  // a page opened with no network never heard one, so the `online` event changed nothing for it
  // and nothing was asked again (the header said "Log in" until a reload). It starts from what the
  // browser says.
  if (navigator.onLine === false) onlineManager.setOnline(false);
  onlineManager.subscribe((online) => {
    if (!online) return;
    void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
  });
}

/**
 * Forget every cached answer (after login and logout) without stranding the
 * screens still on the page: queries nobody watches are removed; watched ones
 * are reset in place and fetched again, so their observers stay attached.
 * (`queryClient.clear()` would leave mounted components reading queries that
 * are no longer in the cache, deaf to every later update.) `keep` spares some.
 */
export function emptyQueryCache(client: QueryClient, keep: (query: Query) => boolean = () => false) {
  // A query only a signed-in user makes (the header's unread count) is dropped even while watched:
  // fetched again at logout it would ask the server after the session ended (a 401 in the
  // console); its screen goes with the session.
  const signedInOnly = (query: Query) => query.meta?.signedInOnly === true;
  client.removeQueries({
    predicate: (query) => !keep(query) && (query.getObserversCount() === 0 || signedInOnly(query)),
  });
  client
    .resetQueries({ predicate: (query) => !keep(query) && query.getObserversCount() > 0 })
    .catch(() => undefined);
}

/** `meta` of a query only a signed-in user makes (emptyQueryCache drops it, watched or not). */
export const SIGNED_IN_ONLY = { signedInOnly: true } as const;

/**
 * `meta` of a query the device keeps as long as a session can last (AUTH_RULES.sessionTtlMs), not
 * only the cache's week (lib/query-persistence.ts): who is signed in, whose answer carries its
 * session's end (entities/session/use-current-user.ts).
 */
export const KEPT_FOR_THE_SESSION = { keptForTheSession: true } as const;
