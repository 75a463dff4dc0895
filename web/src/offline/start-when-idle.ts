/**
 * Starts the offline outbox (Dexie and the sender) once the page has loaded and the main thread
 * is idle, so none of it is part of the landing page's first load (decision 012). A page that
 * queues an entry before then loads the outbox itself (enqueueEntry).
 */
export function startWhenIdle(): void {
  const start = () => void import('./outbox').then((outbox) => outbox.startOutbox());
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(start, { timeout: 5_000 })
      : setTimeout(start, 1_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
