import { lazy } from '@/lib/lazy';
import { AriaScope } from '../aria-scope/aria-scope';
import { Trans } from '@lingui/react/macro';
import { useOnline } from '@/lib/use-online';
import { useOutboxInUse } from '@/offline/use-outbox-in-use';
import { CloudOffIcon } from '../icons';

// The count and the list need Dexie: loaded once the page is idle, like the outbox itself
// (decision 012); until then the badge shows whether the device is offline, which costs nothing.
const OutboxStatus = lazy(() =>
  import('./outbox-status-loader').then((module) => module?.loadOutboxStatus()),
);

/**
 * The header's offline badge and "n waiting" button (an offline
 * indicator and what is waiting to sync). Nothing when online with nothing queued.
 */
export function OutboxIndicator() {
  const online = useOnline();
  // Dexie only where the outbox has been used (or is used now): a cheap check first.
  const used = useOutboxInUse();
  if (!used) return online ? null : <OfflineBadge />;
  return (
    <AriaScope fallback={online ? null : <OfflineBadge />}>
      <OutboxStatus online={online} />
    </AriaScope>
  );
}

export function OfflineBadge() {
  return (
    <span
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-700 p-2 text-sm font-semibold text-white lg:px-2.5 lg:py-1"
      data-testid="offline-badge"
    >
      <CloudOffIcon />
      <span className="sr-only lg:not-sr-only">
        <Trans>Offline</Trans>
      </span>
    </span>
  );
}
