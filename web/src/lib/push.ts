import { api, readJson } from './api-client';
import { deviceHeaders } from './device-id';

/**
 * Web Push on this device (docs/decisions/038-web-push.md): asks the
 * browser's permission, subscribes its push service with the hotel's public key
 * (`PushManager.subscribe`) and hands the subscription to the worker, for the signed-in
 * account (if any) and this device, in the app's language. Used by the guests' prompt and the
 * desk's "alerts on this tablet"; never on page load.
 */
export type PushStatus = 'unsupported' | 'blocked' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

const READY_TIMEOUT_MS = 10_000;

/** The service worker's registration (web/src/sw.ts), once it is active. */
async function registration(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('no service worker')), READY_TIMEOUT_MS),
    ),
  ]);
}

/** This device's push subscription, if any (null when the service worker does not answer soon). */
async function currentSubscription(): Promise<PushSubscription | null> {
  const lookup = navigator.serviceWorker
    .getRegistration()
    .then((r) => r?.pushManager.getSubscription() ?? null)
    .catch(() => null);
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000));
  return Promise.race([lookup, timeout]);
}

/** Whether this device gets the notifications now. */
export async function pushStatus(): Promise<PushStatus> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const existing = await currentSubscription();
  return existing && Notification.permission === 'granted' ? 'on' : 'off';
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

/** Turns the notifications on (asks permission first); answers the status it ends in. */
export async function enablePush(): Promise<PushStatus> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const [reg, { publicKey }] = await Promise.all([registration(), readJson(api.push['public-key'].$get())]);
  let subscription = await reg.pushManager.getSubscription();
  if (!subscription) {
    subscription = await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    });
  }
  await sendSubscription(subscription);
  return 'on';
}

/** Hands the subscription to the worker: for this account and device, in the app's language now. */
async function sendSubscription(subscription: PushSubscription): Promise<void> {
  const json = subscription.toJSON();
  await readJson(
    api.push.subscriptions.$post(
      {
        json: {
          endpoint: json.endpoint ?? subscription.endpoint,
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        },
      },
      { headers: deviceHeaders() },
    ),
  );
}

/**
 * After the language is switched: a device that gets the notifications tells the worker again
 * (the same subscription, now in the new language), so they come in the language the guest reads.
 * Asks nothing of the guest; does nothing where notifications are off.
 */
export async function refreshPushLanguage(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted') return;
  const subscription = await currentSubscription();
  if (subscription) await sendSubscription(subscription);
}

/** Turns them off on this device: forgotten by the worker, then by the push service. */
export async function disablePush(): Promise<PushStatus> {
  if (!pushSupported()) return 'unsupported';
  const subscription = await currentSubscription();
  if (subscription) {
    const res = await api.push.subscriptions.$delete(
      { json: { endpoint: subscription.endpoint } },
      { headers: deviceHeaders() },
    );
    // 404: the worker had already forgotten it (another account's, or gone).
    if (!res.ok && res.status !== 404) await readJson(Promise.resolve(res));
    await subscription.unsubscribe();
  }
  return 'off';
}
