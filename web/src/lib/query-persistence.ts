import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { type Query, type QueryClient } from '@tanstack/react-query';
import {
  type PersistedClient,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { createStore, del, get, keys, set } from 'idb-keyval';
import { AUTH_RULES } from '@shared/constants';
import { ApiRequestError } from './api-client';

// A chunk of its own, out of the landing page's first script (about 2 KB gzip with TanStack's
// dehydrate/hydrate, and idb-keyval): the landing page, online, fetches it once it is idle, then
// restores what an earlier visit left and saves its cache from then on; any other page (or the
// landing offline) fetches it beside the catalog, to restore before it renders (app/start.tsx,
// app/providers.tsx).

// Its own small IndexedDB database through idb-keyval (under 1 KB), not Dexie (30 KB, decision 012).
// Lazily created: the prerender (web/build/prerender.ts) runs where there is no IndexedDB.
let store: ReturnType<typeof createStore> | undefined;
/** The IndexedDB store the query cache is persisted in. */
const queryCacheStore = () => (store ??= createStore('hotel-query-cache', 'queryCache'));

/**
 * Whether an earlier visit left a cache to restore. On a first visit there is none: the app then
 * starts without waiting for a restore, which would only render every screen again once it had
 * found nothing. If IndexedDB cannot be read, the answer is yes (restore, as always).
 */
export function hasPersistedQueries(): Promise<boolean> {
  return keys(queryCacheStore()).then(
    (found) => found.length > 0,
    () => true,
  );
}

/** How long a device keeps what it saved, from the last save: a week; who is signed in, longer (below). */
export const CACHE_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Whether a query's answer is worth keeping on the device: a success, or an answer it had before a
 * refetch that got no answer (offline, the network dropped, timed out) or that the server could
 * not give (5xx). TanStack saves only successes, so an app opened offline, whose refetches all
 * fail, saved a cache without them and opened the next time offline without them: signed out on
 * screen, the latest reviews and the guest's bookings gone. A refusal (4xx: the session ended, not
 * allowed) is not kept. A query marked `meta: { persist: false }` (guests' identity documents and
 * the registration list) stays in memory only: a staff tablet keeps no copy of them on disk.
 */
export function shouldKeepQuery(query: Query): boolean {
  if (query.meta?.persist === false) return false;
  const { status, data, error } = query.state;
  if (status === 'success') return true;
  if (status !== 'error' || data === undefined) return false;
  return !(error instanceof ApiRequestError) || error.status >= 500;
}

/**
 * The saved copy: an answer kept through a failed refetch is saved as the success it was (its own
 * time kept, so it is asked again as any restored answer is), not as an error with data, which a
 * screen could take for "could not be loaded".
 */
export function asLastAnswered(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === 'error'
      ? {
          ...query,
          state: {
            ...query.state,
            status: 'success' as const,
            error: null,
            fetchFailureCount: 0,
            fetchFailureReason: null,
            fetchStatus: 'idle' as const,
          },
        }
      : query,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

/**
 * The saved copy as it is restored: older than a week (since the last save), only what is kept for
 * the session's life (lib/query-client.ts KEPT_FOR_THE_SESSION) comes back; the whole copy goes after a session's
 * longest life (persistOptions.maxAge).
 */
export function keptNow(client: PersistedClient, now: number = Date.now()): PersistedClient {
  if (now - client.timestamp <= CACHE_KEPT_MS) return client;
  const queries = client.clientState.queries.filter((query) => query.meta?.keptForTheSession === true);
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** The query cache persisted in IndexedDB (lib/query-client.ts's store). */
export const queryPersister = createAsyncStoragePersister({
  key: 'tanstack-query',
  storage: {
    getItem: async (key) => (await get<string>(key, queryCacheStore())) ?? null,
    setItem: (key, value: string) => set(key, value, queryCacheStore()),
    removeItem: (key) => del(key, queryCacheStore()),
  },
  serialize: (client) => JSON.stringify(asLastAnswered(client)),
  deserialize: (text) => keptNow(JSON.parse(text) as PersistedClient),
});

const persistOptions = {
  persister: queryPersister,
  maxAge: AUTH_RULES.sessionTtlMs,
  buster: 'v1',
  dehydrateOptions: { shouldDehydrateQuery: shouldKeepQuery },
};

/** Restores the cache an earlier visit left (nothing when it is older than a week or of another build's format). */
export function restoreQueryCache(queryClient: QueryClient): Promise<void> {
  return persistQueryClientRestore({ ...persistOptions, queryClient });
}

/**
 * Saves the cache as it changes, from now on, and once now: on a first visit this runs after the
 * page's first answers have arrived. Returns the function that stops it.
 */
export function persistQueryCache(queryClient: QueryClient): () => void {
  const options = { ...persistOptions, queryClient };
  const unsubscribe = persistQueryClientSubscribe(options);
  void persistQueryClientSave(options).catch(() => undefined);
  return unsubscribe;
}
