import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { defaultShouldDehydrateQuery, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { queryCacheStore } from './query-client';

// A chunk of its own, out of the landing page's first script (about 2 KB gzip with TanStack's
// dehydrate/hydrate): a first visit has nothing to restore and saves its cache once the page is
// idle; a returning visit fetches it beside the catalog (app/providers.tsx).

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
