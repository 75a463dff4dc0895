import type { FetchInfiniteQueryOptions, FetchQueryOptions } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { loadAllMessages } from '@/lib/i18n';
import { lazy } from '@/lib/lazy';
import { preloadAriaScope } from '@/components/aria-scope/aria-scope';

/*
 * The route table's building blocks (app/more-routes.tsx and the route lists beside it): a lazy
 * screen and the queries it shows first.
 */

/** A lazy screen, and the way to fetch its code before it renders. */
export type Screen = ComponentType & { preload: () => void };

/**
 * A lazy screen (`pick` names its export): its code and react-aria's providers (every screen but
 * the landing page renders inside them, decision 020) are fetched together, not one after the
 * other. While they load, the layout's Suspense boundary shows an empty page. The screen's chunk
 * and every chunk it imports are fetched in one wave (web/vite.config.ts, modulePreload). A screen
 * waits for every message of the language, not only the guest's (lib/i18n.ts): the back office's
 * screens, and the lazy parts inside them, use the rest.
 */
export const screen = <M>(load: () => Promise<M>, pick: (module: M) => ComponentType): Screen => {
  const loadWithProviders = () => {
    preloadAriaScope();
    return Promise.all([load(), loadAllMessages().catch(() => undefined)]).then(([module]) => module);
  };
  const part = lazy(loadWithProviders, pick);
  const ready = part.preload;
  // Once fetched, the screen renders at once rather than suspending first (lib/lazy.ts).
  return Object.assign(part, { preload: () => void ready().catch(() => undefined) });
};

/**
 * The options of a query a screen shows first (its own `queryOptions`, or `infiniteQueryOptions` for
 * a list that loads page by page: the same key and fetcher).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- each screen's own data and key */
type OneQuery = FetchQueryOptions<any, any, any, any>;
type ListQuery = FetchInfiniteQueryOptions<any, any, any, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */
export type FirstQuery = OneQuery | ListQuery;

/** Whether `query` is a list's first page (infiniteQueryOptions): prefetched as such. Exported for its test. */
export const isListQuery = (query: FirstQuery): query is ListQuery => 'initialPageParam' in query;

/**
 * The queries a screen shows first, from the route's parameters and the address's query. Each is
 * a dynamic import of the screen's own query options (a small chunk beside the screen's), so the
 * data is asked for as soon as that arrives, while the screen's code is still on its way.
 */
export type FirstQueries = (
  params: Record<string, string | undefined>,
  search: URLSearchParams,
) => Promise<FirstQuery[]>;

/** A list of routes: its path, its lazy screen, and the queries it shows first. */
export type Routes = [path: string, Screen: Screen, firstQueries?: FirstQueries][];
