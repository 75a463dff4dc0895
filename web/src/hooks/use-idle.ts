import { useEffect, useState } from 'react';

/**
 * False on the server (the prerendered landing page, decision 012), during hydration and until
 * the browser is idle after the page has loaded; then true. For parts that are neither needed for
 * the first screen nor asked for (the outbox's count, which needs Dexie; the footer below the
 * fold): they stay out of the first load, and out of the prerendered HTML, so hydration matches.
 */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const whenIdle = () => {
      if ('requestIdleCallback' in window) {
        const id = requestIdleCallback(() => setIdle(true), { timeout: 3_000 });
        cancel = () => cancelIdleCallback(id);
      } else {
        const id = setTimeout(() => setIdle(true), 500);
        cancel = () => clearTimeout(id);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      cancel();
    };
  }, []);
  return idle;
}
