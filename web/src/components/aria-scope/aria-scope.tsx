import { lazy, type ReactNode, Suspense } from 'react';

const loadProviders = () => import('./aria-providers');
const AriaProviders = lazy(loadProviders);

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

/** Fetches react-aria's providers ahead (on intent, or once the page is idle). */
export function preloadAriaScope(): void {
  void loadProviders();
}
