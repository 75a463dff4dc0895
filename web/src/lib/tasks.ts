/**
 * Splitting the main thread's work into tasks. A task over 50 ms keeps a tap waiting (and counts
 * in Lighthouse's total blocking time); on a slow phone the landing page's start is several.
 */

/** Resolves in a new task: what follows runs after the browser has had a turn (about a millisecond). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs `task` once the page has loaded and the main thread is idle (at the latest after `timeout` ms). */
export function whenIdle(task: () => void, timeout = 5_000): void {
  const schedule = () =>
    'requestIdleCallback' in window ? requestIdleCallback(task, { timeout }) : setTimeout(task, 1_000);
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}

/**
 * Runs `task` once the browser has painted the next frame: for what a tap starts that is not its
 * answer (a lazy part's code to evaluate, a catalogue, the page rendered again), so that the tap's
 * own frame (a pending state, "Loading…") is on screen first: its INP ends there. A frame is
 * painted after requestAnimationFrame's callbacks, and a timeout queued from one runs after it.
 * (A tap comes to a page on screen, which paints; a hidden page runs it when shown again.)
 */
export function afterPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task));
}
