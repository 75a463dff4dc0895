import { ToastQueue } from 'react-stately/useToastState';

export type ToastContent = {
  title: string;
  description?: string;
  variant: 'success' | 'error';
};

/**
 * The app's toasts (react-stately's queue). Apart from the region that shows them
 * (ui/toast.tsx, loaded once the page is idle), so showing a toast needs none of react-aria's
 * components in the landing page's first script.
 * Spec: at most one toast visible at a time. The newest shows first; earlier ones wait behind it.
 */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 1 });

/** Spec: a toast hides itself after 6000 ms (the rating draw's success toast passes 5000). */
export function showToast(content: ToastContent, timeout = 6000): string {
  return toastQueue.add(content, { timeout });
}
