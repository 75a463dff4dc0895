import { type ComponentType, lazy as reactLazy, type LazyExoticComponent } from 'react';
import { loadAllMessages } from './i18n';

/**
 * React's `lazy` for the app's chunks. While the page reloads onto a new build (a chunk of the old
 * one is gone: app/main.tsx, `vite:preloadError`), Vite resolves the failed import to nothing; the
 * component then waits for the reload instead of failing on it. `pick` names a named export.
 * The part renders once every message of the language has arrived too (lib/i18n.ts): the landing
 * page loads its own messages only. (Should they fail to arrive, it renders anyway, and a missing
 * message asks for them again.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T } | undefined>,
): LazyExoticComponent<T>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazy<M, T extends ComponentType<any>>(
  load: () => Promise<M | undefined>,
  pick: (module: M) => T,
): LazyExoticComponent<T>;
export function lazy(
  load: () => Promise<unknown>,
  pick?: (module: unknown) => ComponentType,
): LazyExoticComponent<ComponentType> {
  return lazyPart(
    () => Promise.all([load(), loadAllMessages().catch(() => undefined)]).then(([module]) => module),
    pick,
  );
}

/**
 * `lazy` for a part the landing page shows before any tap (the VIP cards, the footer, a signed-in
 * visitor's header): its messages are in the landing page's own catalogue, so it does not wait
 * for the whole one. Its module must be listed in web/src/app/landing-roots.ts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function landingLazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T } | undefined>,
): LazyExoticComponent<T>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function landingLazy<M, T extends ComponentType<any>>(
  load: () => Promise<M | undefined>,
  pick: (module: M) => T,
): LazyExoticComponent<T>;
export function landingLazy(
  load: () => Promise<unknown>,
  pick?: (module: unknown) => ComponentType,
): LazyExoticComponent<ComponentType> {
  return lazyPart(load, pick);
}

function lazyPart(
  load: () => Promise<unknown>,
  pick: (module: unknown) => ComponentType = (module) => (module as { default: ComponentType }).default,
): LazyExoticComponent<ComponentType> {
  return reactLazy(() =>
    load().then((module) =>
      module === undefined ? new Promise<never>(() => {}) : { default: pick(module) },
    ),
  );
}
