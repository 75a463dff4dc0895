import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { type Query, QueryClient } from '@tanstack/react-query';

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

// Dexie is loaded on demand, so it stays out of the landing page's first script.
const database = () => import('../offline/db').then((m) => m.db);

/** The query cache persisted in IndexedDB (offline/db.ts). */
export const queryPersister = createAsyncStoragePersister({
  key: 'tanstack-query',
  storage: {
    getItem: async (key) => (await (await database()).queryCache.get(key))?.value ?? null,
    setItem: async (key, value) => {
      await (await database()).queryCache.put({ key, value });
    },
    removeItem: async (key) => {
      await (await database()).queryCache.delete(key);
    },
  },
});

/**
 * Forget every cached answer (after login and logout) without stranding the
 * screens still on the page: queries nobody watches are removed; watched ones
 * are reset in place and fetched again, so their observers stay attached.
 * (`queryClient.clear()` would leave mounted components reading queries that
 * are no longer in the cache, deaf to every later update.) `keep` spares some.
 */
export function emptyQueryCache(client: QueryClient, keep: (query: Query) => boolean = () => false) {
  client.removeQueries({ predicate: (query) => !keep(query) && query.getObserversCount() === 0 });
  client
    .resetQueries({ predicate: (query) => !keep(query) && query.getObserversCount() > 0 })
    .catch(() => undefined);
}
