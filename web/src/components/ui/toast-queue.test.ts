import { beforeEach, describe, expect, it } from 'vitest';
import { toastTop, TOAST_ROOM_PX } from './dialog';
import { clearToasts, showToast } from './toast-queue';
import { toastQueue } from './toast-store';

/** The toasts' rules (placement over a dialog, closing early, kept over the next panel). */

const titles = () => toastQueue.visibleToasts.map((toast) => toast.content.title);

beforeEach(() => toastQueue.clear());

describe('toasts', () => {
  it('never cover an open dialog’s header: above the dialog where there is room, else just under its header', () => {
    // A bottom sheet nearly as tall as the phone (top 70 px, header to 130 px): under the header.
    expect(toastTop(70, 130)).toBe(138);
    // A short sheet or a centred dialog with room above it: over the backdrop, at the top.
    expect(toastTop(TOAST_ROOM_PX + 8, TOAST_ROOM_PX + 70)).toBe(8);
  });

  it('close when the form they ask to fix is fixed', () => {
    const close = showToast({ variant: 'error', title: 'Missing Information' });
    expect(titles()).toEqual(['Missing Information']);
    close();
    expect(titles()).toEqual([]);
  });

  it('a kept toast survives the dialog that opens next; the others go, waiting ones too', () => {
    showToast({ variant: 'error', title: 'old error' });
    showToast({ variant: 'success', title: 'Entry received', keep: true });
    showToast({ variant: 'error', title: 'waiting' });
    clearToasts({ exceptKept: true });
    expect(titles()).toEqual(['Entry received']);
    clearToasts();
    expect(titles()).toEqual([]);
  });
});
