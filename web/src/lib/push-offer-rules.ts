import { setPushOptInOffered } from './push-offer';

/**
 * When the app offers Web Push to a guest: right after a booking request or
 * a prize-draw entry is sent or kept on the phone (never on page load), once per page, and only
 * where it can work and nobody has answered yet: the browser has push, its permission is still
 * to be asked, and the guest did not say "not now" before (remembered on the device).
 */
const REFUSED_KEY = 'pushOptInRefused';
let offeredOnThisPage = false;

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
    // Storage refused (private mode): asked again on another page.
  }
}

/** Asks the layout to show the prompt, if it makes sense on this device. */
export function offerPushOptIn() {
  if (offeredOnThisPage || typeof window === 'undefined') return;
  if (!('PushManager' in window) || !('Notification' in window) || !('serviceWorker' in navigator)) return;
  if (Notification.permission !== 'default' || pushOptInRefused()) return;
  offeredOnThisPage = true;
  setPushOptInOffered(true);
}

export function closePushOptIn() {
  setPushOptInOffered(false);
}
