/**
 * Splitting the main thread's work into tasks. A task over 50 ms keeps a tap waiting (and counts
 * in Lighthouse's total blocking time); on a slow phone the landing page's start is several.
 */

/** Resolves in a new task: what follows runs after the browser has had a turn (about a millisecond). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

// Holds on the idle work (holdIdleWork), and the idle work waiting for them to end.
let holds = 0;
const held: (() => void)[] = [];

/**
 * Holds back the work done when the page is idle (whenIdle, hooks/use-idle.ts) while a guest waits
 * for something they asked for (the panel a tap opens as the app starts): that work's requests and
 * evaluation would otherwise share the connections and the main thread with it (decision 099).
 * Returns the release; the hold ends by itself after `longest` ms.
 */
export function holdIdleWork(longest = 5_000): () => void {
  holds += 1;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    holds -= 1;
    if (holds === 0) for (const schedule of held.splice(0)) schedule();
  };
  const timer = setTimeout(release, longest);
  return release;
}

/**
 * Runs `task` once the page has loaded, nothing holds the idle work back (holdIdleWork) and the
 * main thread is idle (at the latest `timeout` ms after that). Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeout = 5_000): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const run = () => {
    if (!cancelled) task();
  };
  const schedule = () => {
    if (cancelled) return;
    if (holds > 0) {
      held.push(schedule);
      return;
    }
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(run, { timeout });
      cancelIdle = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(run, 1_000);
      cancelIdle = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
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
