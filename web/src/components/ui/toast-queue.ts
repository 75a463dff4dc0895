import type { ToastQueue } from 'react-stately/useToastState';

export type ToastContent = {
  title: string;
  description?: string;
  variant: 'success' | 'error';
  /**
   * Kept when a dialog opens (ui/dialog.tsx clears the toasts of what came before it): a result
   * that leads to the next screen, e.g. the rating draw's success before the events panel opens.
   */
  keep?: boolean;
};

/*
 * The app's toasts. The queue itself (react-stately's, in toast-store.ts) and the region that
 * shows it (ui/toast.tsx) are chunks of their own, so the landing page's first script carries
 * only this: showing a toast before they have loaded fetches the queue and adds it there.
 * Spec: at most one toast visible at a time. The newest shows first; earlier ones wait behind it.
 */

let queue: ToastQueue<ToastContent> | undefined;
let wanted = false;
/** The toasts shown or waiting, by key (removed as each closes). */
const live = new Map<string, ToastContent>();
const listeners = new Set<() => void>();

/** Called by toast-store.ts as it loads. */
export function registerToastQueue(loaded: ToastQueue<ToastContent>): void {
  queue = loaded;
}

/**
 * Spec: a toast hides itself after 6000 ms (the rating draw's success toast passes 5000).
 * Returns what closes it early (e.g. the guest has fixed what it asked for).
 */
export function showToast(content: ToastContent, timeout = 6000): () => void {
  let key: string | undefined;
  let closed = false;
  const add = (to: ToastQueue<ToastContent>) => {
    if (closed) return;
    const added = to.add(content, { timeout, onClose: () => live.delete(added) });
    key = added;
    live.set(added, content);
  };
  if (queue) add(queue);
  else void import('./toast-store').then((store) => add(store.toastQueue));
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return () => {
    closed = true;
    if (key !== undefined) queue?.close(key);
  };
}

/** Closes every toast shown or waiting, but those marked `keep` when `exceptKept`. */
export function clearToasts({ exceptKept = false }: { exceptKept?: boolean } = {}): void {
  for (const [key, content] of [...live]) if (!(exceptKept && content.keep)) queue?.close(key);
}

/** Whether a toast has been asked for (the layout then mounts the region, if not yet there). */
export function toastWanted(): boolean {
  return wanted;
}

/** Calls `listener` when the first toast is asked for. */
export function onToastWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
