import type { ToastQueue } from 'react-stately/useToastState';

export type ToastContent = {
  title: string;
  description?: string;
  variant: 'success' | 'error';
};

/*
 * The app's toasts. The queue itself (react-stately's, in toast-store.ts) and the region that
 * shows it (ui/toast.tsx) are chunks of their own, so the landing page's first script carries
 * only this: showing a toast before they have loaded fetches the queue and adds it there.
 * Spec: at most one toast visible at a time. The newest shows first; earlier ones wait behind it.
 */

let queue: ToastQueue<ToastContent> | undefined;
let wanted = false;
const listeners = new Set<() => void>();

/** Called by toast-store.ts as it loads. */
export function registerToastQueue(loaded: ToastQueue<ToastContent>): void {
  queue = loaded;
}

/** Spec: a toast hides itself after 6000 ms (the rating draw's success toast passes 5000). */
export function showToast(content: ToastContent, timeout = 6000): void {
  if (queue) queue.add(content, { timeout });
  else void import('./toast-store').then((store) => store.toastQueue.add(content, { timeout }));
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
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
