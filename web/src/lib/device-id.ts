import { REVIEW_DEVICE_HEADER } from '@shared/constants';

/**
 * This device's own id (a random UUID kept in localStorage; its key is still the one reviews
 * first used): sent as `X-Device-Id` with a review and GET /api/reviews/mine (the author sees
 * their reviews awaiting approval), with a booking request and a prize-draw entry, and with a
 * push subscription, so the device is told of their outcome without an account
 * (docs/decisions/038-web-push.md). Only those calls carry it. It says nothing about the guest.
 */
const STORAGE_KEY = 'reviewDeviceId';

export function deviceId(): string {
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

export const deviceHeaders = () => ({ [REVIEW_DEVICE_HEADER]: deviceId() });
