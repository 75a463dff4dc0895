import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { defaultShouldDehydrateQuery, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { createStore, del, get, keys, set } from 'idb-keyval';

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

/** The query cache persisted in IndexedDB (lib/query-client.ts's store). */
export const queryPersister = createAsyncStoragePersister({
  key: 'tanstack-query',
  storage: {
    getItem: async (key) => (await get<string>(key, queryCacheStore())) ?? null,
    setItem: (key, value: string) => set(key, value, queryCacheStore()),
    removeItem: (key) => del(key, queryCacheStore()),
  },
});

const persistOptions = {
  persister: queryPersister,
  maxAge: 7 * 24 * 60 * 60 * 1000,
  buster: 'v1',
  // A query marked `meta: { persist: false }` (guests' identity documents and the registration
  // list) stays in memory only: a staff tablet keeps no copy of them on disk.
  dehydrateOptions: {
    shouldDehydrateQuery: (query: Parameters<typeof defaultShouldDehydrateQuery>[0]) =>
      defaultShouldDehydrateQuery(query) && query.meta?.persist !== false,
  },
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
