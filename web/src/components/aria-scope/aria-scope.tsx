import { type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { preloadGuestMessages } from '@/lib/i18n';
import { lazy } from '@/lib/lazy';

const AriaProviders = lazy(() => import('./aria-providers'));

/**
 * Where react-aria's components render: its locale (the app's language and direction) and its
 * links going through the router (aria-providers.tsx). A lazy part of its own (decision 020):
 * the landing page's first script holds no react-aria, so the screens, panels and dialogs that
 * use it are wrapped in this, and their code and this load together.
 * `fallback` shows while either loads (as a Suspense boundary's).
 */
export function AriaScope({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      <AriaProviders>{children}</AriaProviders>
    </Suspense>
  );
}

let loaded = false;
const listeners = new Set<() => void>();

/** Called by aria-providers.tsx as it loads. */
export function markAriaScopeLoaded(): void {
  loaded = true;
  for (const listener of listeners) listener();
}

/**
 * Whether react-aria has loaded (a screen, panel or dialog, or the first tap): then parts that
 * should be ready before the network may drop, such as the toasts' region, load too at little
 * extra cost.
 */
export function useAriaScopeLoaded(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loaded,
    () => false,
  );
}

/**
 * Fetches react-aria's providers and the guest's messages ahead (on intent, or once the page is idle);
 * resolves once a scope renders without waiting for them (lib/lazy.ts).
 */
export function prepareAriaScope(): Promise<void> {
  // Whatever opens next (a screen, panel or dialog) shows messages beyond the landing page's own
  // (a route's screen asks for the rest itself: app/route-screen.ts).
  preloadGuestMessages();
  return AriaProviders.preload();
}

/** prepareAriaScope, for what does not wait for it (a failure is met again by what renders it). */
export function preloadAriaScope(): void {
  prepareAriaScope().catch(() => undefined);
}
