import {
  QueryClientProvider,
  useInfiniteQuery,
  type UseInfiniteQueryOptions,
  useQuery,
  type UseQueryOptions,
} from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@shared/auth-schemas';
import { SIGNED_IN_HINT_COOKIE } from '@shared/constants';
import { queryClient } from '@/lib/query-client';
import { authKeys } from '@/entities/session/auth-keys';
import { isListQuery, routeFirstQueries } from './more-routes';

/**
 * A route starts its screen's first data with its code (more-routes.tsx, preloadRoute); the
 * screen then mounts on that answer. A first query stale at once (staleTime 0) was asked for a
 * second time as the screen mounted, its prefetched answer thrown away.
 */

let sent: string[] = [];
const manager: SessionUser = { id: 1, fullName: 'Test', email: 't@example.com', role: 'manager' };
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

/** The requests made for `path`: its first queries prefetched as the route does, then read by a mounted screen. */
async function requestsOf(path: string) {
  sent = [];
  const queries = await routeFirstQueries(path);
  expect(queries.length, path).toBeGreaterThan(0);
  await Promise.all(
    queries.map((query) =>
      isListQuery(query) ? queryClient.prefetchInfiniteQuery(query) : queryClient.prefetchQuery(query),
    ),
  );
  const asked = sent.length;
  const { result } = renderHook(
    () =>
      queries.map((query) =>
        // The hooks' order is the same on every render: the list is fixed for the test.
        isListQuery(query)
          ? useInfiniteQuery(query as UseInfiniteQueryOptions)
          : useQuery(query as UseQueryOptions),
      ),
    { wrapper },
  );
  await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
  // Anything the mount asked for has been sent by now (a fetch starts in the mount's effect).
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { prefetched: asked, afterMount: sent.slice(asked) };
}

describe("a screen's first data, prefetched by its route", () => {
  beforeEach(() => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
    queryClient.setQueryData(authKeys.me(), manager);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      sent.push(new URL(input instanceof Request ? input.url : input, location.href).pathname);
      return new Response('{}', { headers: { 'Content-Type': 'application/json' } });
    });
  });
  afterEach(() => {
    cleanup();
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
    vi.unstubAllGlobals();
    queryClient.clear();
  });

  it.each([
    '/admin/taxes',
    '/admin/city-ledger',
    '/admin/day-close',
    '/admin/chain',
    '/admin/housekeeping/board',
    '/housekeeping/tasks',
    '/admin/invoices',
    '/admin/groups',
    '/admin/groups/7',
  ])('%s: is shown as the screen mounts, not asked for again', async (path) => {
    const { prefetched, afterMount } = await requestsOf(path);
    expect(prefetched, path).toBeGreaterThan(0);
    expect(afterMount, path).toEqual([]);
  });
});
