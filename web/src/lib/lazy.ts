import { type ComponentProps, type ComponentType, createElement, lazy as reactLazy, useState } from 'react';
import { loadGuestMessages } from './i18n';

/**
 * A lazy part of the app (a screen, panel, dialog, a part of the header): React's `lazy`, with a
 * `preload()` that fetches its code ahead and resolves once it can render. An instance mounted
 * after that renders it at once, without suspending: a lazy component of React's suspends the
 * first time it renders even when its module has arrived, and React then shows the nearest
 * fallback and holds the part back for its fallback's minimum time (about 300 ms), the wait a tap
 * on a landing card used to pay (decision 099). An instance first rendered while the code was on
 * its way stays React's lazy one (changing what it renders would remount it and lose its state).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export type LazyPart<T extends ComponentType<any>> = ComponentType<ComponentProps<T>> & {
  /** Fetches the part's code (and messages) ahead; resolves once it renders without waiting. */
  preload: () => Promise<void>;
};

/**
 * `lazy` for the app's chunks. While the page reloads onto a new build (a chunk of the old
 * one is gone: app/main.tsx, `vite:preloadError`), Vite resolves the failed import to nothing; the
 * component then waits for the reload instead of failing on it. `pick` names a named export.
 * The part renders once the guest's messages of the language have arrived too (lib/i18n.ts: every
 * message outside the back office's own screens; those wait for the whole catalogue as route
 * screens, app/route-screen.ts): the landing page loads its own messages only. (Should they fail
 * to arrive, it renders anyway, and a missing message asks for the whole catalogue.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazy<T extends ComponentType<any>>(
  load: () => Promise<{ default: T } | undefined>,
): LazyPart<T>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function lazy<M, T extends ComponentType<any>>(
  load: () => Promise<M | undefined>,
  pick: (module: M) => T,
): LazyPart<T>;
export function lazy(
  load: () => Promise<unknown>,
  pick?: (module: unknown) => ComponentType,
): LazyPart<ComponentType> {
  return lazyPart(
    () => Promise.all([load(), loadGuestMessages().catch(() => undefined)]).then(([module]) => module),
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
): LazyPart<T>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own bound
export function landingLazy<M, T extends ComponentType<any>>(
  load: () => Promise<M | undefined>,
  pick: (module: M) => T,
): LazyPart<T>;
export function landingLazy(
  load: () => Promise<unknown>,
  pick?: (module: unknown) => ComponentType,
): LazyPart<ComponentType> {
  return lazyPart(load, pick);
}

function lazyPart(
  load: () => Promise<unknown>,
  pick: (module: unknown) => ComponentType = (module) => (module as { default: ComponentType }).default,
): LazyPart<ComponentType> {
  let part: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const ready = () =>
    (loading ??= load().then(
      (module) => {
        // Undefined: the page is reloading onto a new build; wait for it.
        if (module === undefined) return new Promise<never>(() => {});
        part ??= pick(module);
      },
      (error: unknown) => {
        loading = undefined; // asked again by the next render or preload
        throw error;
      },
    ));
  const Lazy = reactLazy(() => ready().then(() => ({ default: part! })));
  function Part(props: object) {
    const [direct] = useState(() => part !== undefined);
    return createElement(direct ? part! : Lazy, props);
  }
  return Object.assign(Part, { preload: ready });
}
