import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '@/lib/tasks';

/**
 * False on the server (the prerendered landing page, decision 012), during hydration and until
 * the browser is idle after the page has loaded; then true. For parts that are neither needed for
 * the first screen nor asked for (the outbox's count, which needs Dexie; the footer below the
 * fold): they stay out of the first load, and out of the prerendered HTML, so hydration matches.
 *
 * `prepare` (a lazy part's import) starts when the browser is idle, and the answer turns true once
 * it has loaded: fetching the chunk and rendering it are then two short tasks, not one long one.
 * (Pass a module-level loader, so the effect runs once.)
 * The render that follows is a transition, sliced so that a tap is never kept waiting behind it
 * (Lighthouse's total blocking time). Idle work held back (lib/tasks.ts, holdIdleWork) waits.
 */
export function useIdle(prepare?: () => Promise<unknown>): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancelled = false;
    const cancel = whenIdle(() => {
      const done = () => {
        if (!cancelled) startTransition(() => setIdle(true));
      };
      if (prepare) prepare().then(done, done);
      else done();
    }, 3_000);
    return () => {
      cancelled = true;
      cancel();
    };
  }, [prepare]);
  return idle;
}
