import { type ComponentType, lazy as reactLazy, type LazyExoticComponent } from 'react';

/**
 * React's `lazy` for the app's chunks. While the page reloads onto a new build (a chunk of the old
 * one is gone: app/main.tsx, `vite:preloadError`), Vite resolves the failed import to nothing; the
 * component then waits for the reload instead of failing on it. `pick` names a named export.
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
  pick: (module: unknown) => ComponentType = (module) => (module as { default: ComponentType }).default,
): LazyExoticComponent<ComponentType> {
  return reactLazy(() =>
    load().then((module) =>
      module === undefined ? new Promise<never>(() => {}) : { default: pick(module) },
    ),
  );
}
