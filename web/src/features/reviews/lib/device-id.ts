import { REVIEW_DEVICE_HEADER } from '@shared/review-schemas';

/**
 * This device's own id for reviews (a random UUID kept in localStorage): sent with a review
 * and with GET /api/reviews/mine, so the author sees their reviews awaiting approval on this
 * device without an account. It says nothing about the guest.
 */
const STORAGE_KEY = 'reviewDeviceId';

export function reviewDeviceId(): string {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored && /^[0-9a-f-]{36}$/i.test(stored)) return stored;
    const made = crypto.randomUUID();
    localStorage.setItem(STORAGE_KEY, made);
    return made;
  } catch {
    // Storage refused (private mode): an id for this page only.
    return (sessionId ??= crypto.randomUUID());
  }
}
let sessionId: string | undefined;

export const deviceHeaders = () => ({ [REVIEW_DEVICE_HEADER]: reviewDeviceId() });
