import 'fake-indexeddb/auto';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@shared/constants';
import { authKeys } from '@/entities/session/auth-keys';
import { currentUserQueryOptions } from '@/entities/session/use-current-user';
import { ApiRequestError } from './api-client';
import {
  CACHE_KEPT_MS,
  keptNow,
  persistQueryCache,
  queryPersister,
  restoreQueryCache,
} from './query-persistence';

/**
 * What the phone keeps of the query cache between loads (decision 005 and 007): an answer it had
 * is kept when a later refetch got no answer (offline), so a second load offline still has it:
 * who is signed in above all, but also any list (the latest reviews, the guest's bookings).
 */

const GUEST = { id: 42, fullName: 'Salim Al Harthy', email: 'salim@example.com', role: 'guest' as const };
const ENDS = new Date(Date.now() + 20 * 24 * 60 * 60_000).toISOString();

const offline = () => vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
const answering = (body: unknown) => vi.stubGlobal('fetch', async () => Response.json(body));

/** One page load: a client whose saved cache is restored first, as app/providers.tsx does. */
async function load(): Promise<QueryClient> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  await restoreQueryCache(client);
  return client;
}

/** Saves the client's cache now, and waits until it is on the device. */
async function save(client: QueryClient) {
  const stop = persistQueryCache(client);
  // The persister writes at most once a second (its throttle), and the first time at once.
  await vi.waitFor(
    async () => {
      const saved = await queryPersister.restoreClient();
      expect(saved?.timestamp ?? 0).toBeGreaterThanOrEqual(savedAfter);
    },
    { timeout: 5_000, interval: 50 },
  );
  stop();
}
let savedAfter = 0;

beforeEach(async () => {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
  await queryPersister.removeClient();
  savedAfter = Date.now();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the query cache kept on the phone', () => {
  it('keeps the signed-in guest through an offline load whose sign-in check failed, for the next one', async () => {
    // Online: who is signed in, asked and saved.
    answering({ user: GUEST, sessionExpiresAt: ENDS });
    const online = await load();
    await online.fetchQuery(currentUserQueryOptions());
    await save(online);

    // Offline, the first load: restored, asked again (an answer restored is asked again), no answer.
    offline();
    const first = await load();
    expect(first.getQueryData(authKeys.me())).toEqual({ ...GUEST, sessionExpiresAt: ENDS });
    await first.fetchQuery({ ...currentUserQueryOptions(), staleTime: 0 }).catch(() => undefined);
    expect(first.getQueryState(authKeys.me())).toMatchObject({ status: 'error', data: { id: 42 } });
    savedAfter = Date.now();
    await save(first);

    // Offline, the second load: still the guest, as the answer it was (not an error).
    const second = await load();
    expect(second.getQueryState(authKeys.me())).toMatchObject({
      status: 'success',
      error: null,
      data: { ...GUEST, sessionExpiresAt: ENDS },
    });
  });

  it('keeps a list through a failed refetch, but not an answer the server refused (the session ended)', async () => {
    const client = await load();
    // The latest reviews (a list read a page at a time, features/reviews/api/get-reviews.ts).
    const reviews = (queryFn: () => Promise<{ reviews: string[] }>) => ({
      queryKey: ['reviews', 'list'],
      queryFn,
      initialPageParam: 0,
      getNextPageParam: () => undefined,
      staleTime: 0,
    });
    await client.fetchInfiniteQuery(reviews(async () => ({ reviews: ['Lovely'] })));
    await client.fetchQuery({ queryKey: ['bookings', 'mine'], queryFn: () => [{ id: 1 }] });
    await client
      .fetchInfiniteQuery(reviews(() => Promise.reject(new TypeError('offline'))))
      .catch(() => undefined);
    await client
      .fetchQuery({
        queryKey: ['bookings', 'mine'],
        queryFn: () =>
          Promise.reject(ApiRequestError.of(401, { error: { code: 'not_signed_in', message: '' } })),
      })
      .catch(() => undefined);
    await save(client);

    const next = await load();
    expect(next.getQueryData(['reviews', 'list'])).toEqual({
      pages: [{ reviews: ['Lovely'] }],
      pageParams: [0],
    });
    expect(next.getQueryState(['reviews', 'list'])?.status).toBe('success');
    expect(next.getQueryData(['bookings', 'mine'])).toBeUndefined();
  });
});

describe('keptNow', () => {
  const saved = (ageMs: number) => {
    const client = new QueryClient();
    client.setQueryDefaults(authKeys.me(), { meta: currentUserQueryOptions().meta });
    client.setQueryData(authKeys.me(), { ...GUEST, sessionExpiresAt: ENDS });
    client.setQueryData(['rooms'], ['silver']);
    return { timestamp: Date.now() - ageMs, buster: 'v1', clientState: dehydrate(client) };
  };
  const keys = (ageMs: number) => keptNow(saved(ageMs)).clientState.queries.map((q) => q.queryKey);

  it('keeps everything a week from the last save, then only who is signed in', () => {
    expect(keys(CACHE_KEPT_MS - 60_000)).toEqual([authKeys.me(), ['rooms']]);
    expect(keys(CACHE_KEPT_MS + 60_000)).toEqual([authKeys.me()]);
  });
});
