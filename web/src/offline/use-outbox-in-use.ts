import { useEffect, useState } from 'react';
import { useIdle } from '@/hooks/use-idle';
import { OUTBOX_USED_EVENT, outboxMayHaveEntries } from './outbox-presence';

/**
 * Whether the parts that read the outbox (Dexie) should load: once the page is idle, and only on
 * a device that has used the outbox or starts using it now (outbox-presence.ts). A first-time
 * visitor's landing page thus never fetches Dexie or the dialogs that show queued outcomes
 * (decision 012).
 */
export function useOutboxInUse(): boolean {
  const idle = useIdle();
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
  return used;
}
