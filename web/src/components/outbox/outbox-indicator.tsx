import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Trans } from '@lingui/react/macro';

// The count and the list need Dexie: loaded after the first paint, like the outbox itself.
const OutboxStatus = lazy(() => import('./outbox-status'));

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** navigator.onLine, live. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The header's offline badge and "n waiting" button (DESIGN.md: an offline
 * indicator and what is waiting to sync). Nothing when online with nothing queued.
 */
export function OutboxIndicator() {
  const online = useOnline();
  return (
    <Suspense fallback={online ? null : <OfflineBadge />}>
      <OutboxStatus online={online} />
    </Suspense>
  );
}

export function OfflineBadge() {
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-700 p-2 text-sm font-semibold text-white md:px-2.5 md:py-1"
      data-testid="offline-badge"
    >
      <CloudOffIcon />
      <span className="sr-only md:not-sr-only">
        <Trans>Offline</Trans>
      </span>
    </span>
  );
}

/** A crossed-out cloud: no network. */
export function CloudOffIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="m2 2 20 20" />
      <path d="M5.8 5.8A7 7 0 0 0 9 19h8.5c.7 0 1.3-.2 1.9-.4" />
      <path d="M22 15.5A4.5 4.5 0 0 0 17.5 11h-1.8A7 7 0 0 0 10 5.1" />
    </svg>
  );
}
