import { useSyncExternalStore } from 'react';

/**
 * When the app offers Web Push to a guest (issue 29 section 2): right after a booking request or
 * a prize-draw entry is sent or kept on the phone (never on page load), once per page, and only
 * where it can work and nobody has answered yet: the browser has push, its permission is still
 * to be asked, and the guest did not say "not now" before (remembered on the device). The
 * prompt itself is a lazy chunk (components/push/push-opt-in.tsx), shown by the layout.
 */
const REFUSED_KEY = 'pushOptInRefused';

let offered = false;
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((listener) => listener());

export function pushOptInRefused(): boolean {
  try {
    return localStorage.getItem(REFUSED_KEY) !== null;
  } catch {
    return false;
  }
}

export function rememberPushRefusal() {
  try {
    localStorage.setItem(REFUSED_KEY, String(Date.now()));
  } catch {
    // Storage refused (private mode): asked again next time.
  }
}

/** Asks the layout to show the prompt, if it makes sense on this device. */
export function offerPushOptIn() {
  if (offered || typeof window === 'undefined') return;
  if (!('PushManager' in window) || !('Notification' in window) || !('serviceWorker' in navigator)) return;
  if (Notification.permission !== 'default' || pushOptInRefused()) return;
  offered = true;
  tell();
}

export function closePushOptIn() {
  offered = false;
  tell();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePushOptInOffered(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => offered,
    () => false,
  );
}
