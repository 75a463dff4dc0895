import { whenIdle } from '@/lib/tasks';
import { outboxMayHaveEntries } from './outbox-presence';

/**
 * Starts the offline outbox (Dexie and the sender) once the page has loaded and the main thread
 * is idle, and only on a device that has used it (outbox-presence.ts), so none of it is part of
 * the landing page's first load (decision 012). Queuing an entry starts sending by itself.
 */
export function startWhenIdle(): void {
  const start = () => {
    void outboxMayHaveEntries().then((maybe) => {
      if (maybe) void import('./outbox').then((outbox) => outbox.startOutbox());
    });
  };
  whenIdle(start);
}
