import { ToastQueue } from 'react-stately/useToastState';
import { registerToastQueue, type ToastContent } from './toast-queue';

/**
 * The toasts' queue (react-stately), loaded with the toasts' region (ui/toast.tsx, with
 * react-aria) or by the first toast (ui/toast-queue.ts), whichever comes first.
 */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 1 });
registerToastQueue(toastQueue);

/**
 * react-aria announces a toast by a `role="img"` node in its live announcer, labelled by the toast
 * (`aria-labelledby`), and keeps that node for 7 s, longer than a toast shown 6 s or closed early.
 * Left behind, it is an image without a name (axe: role-img-alt). When a toast goes, the
 * announcements whose toast is gone go with it; the screen reader has read them by then.
 */
function forgetAnnouncementsOfGoneToasts() {
  for (const node of document.querySelectorAll('[data-live-announcer] [role="img"][aria-labelledby]')) {
    const label = node.getAttribute('aria-labelledby');
    if (!label || !document.getElementById(label)) node.remove();
  }
}
if (typeof document !== 'undefined') {
  toastQueue.subscribe(() => {
    // After React has removed the toast that went.
    window.setTimeout(forgetAnnouncementsOfGoneToasts, 0);
  });
}
