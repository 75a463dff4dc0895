import { lazy, Suspense, useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { useIdle } from '../../hooks/use-idle';
import { useOnline } from '../../lib/use-online';
import { OUTBOX_USED_EVENT, outboxMayHaveEntries } from '../../offline/outbox-presence';
import { CloudOffIcon } from '../icons';

// The count and the list need Dexie: loaded once the page is idle, like the outbox itself
// (decision 012); until then the badge shows whether the device is offline, which costs nothing.
const OutboxStatus = lazy(() => import('./outbox-status'));

/**
 * The header's offline badge and "n waiting" button (DESIGN.md: an offline
 * indicator and what is waiting to sync). Nothing when online with nothing queued.
 */
export function OutboxIndicator() {
  const online = useOnline();
  const idle = useIdle();
  // Dexie only where the outbox has been used (or is used now): a cheap check first.
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (!idle) return;
    let live = true;
    void outboxMayHaveEntries().then((maybe) => live && maybe && setUsed(true));
    const onUsed = () => setUsed(true);
    window.addEventListener(OUTBOX_USED_EVENT, onUsed);
    return () => {
      live = false;
      window.removeEventListener(OUTBOX_USED_EVENT, onUsed);
    };
  }, [idle]);
  if (!used) return online ? null : <OfflineBadge />;
  return (
    <Suspense fallback={online ? null : <OfflineBadge />}>
      <OutboxStatus online={online} />
    </Suspense>
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
