import { ToastQueue } from 'react-stately/useToastState';
import { registerToastQueue, type ToastContent } from './toast-queue';

/**
 * The toasts' queue (react-stately), loaded with the toasts' region (ui/toast.tsx, with
 * react-aria) or by the first toast (ui/toast-queue.ts), whichever comes first.
 */
export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 1 });
registerToastQueue(toastQueue);
