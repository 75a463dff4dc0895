import { and, eq, or } from 'drizzle-orm';
import { PUSH_ENDPOINT_MAX, type PushSubscriptionInput } from '@shared/push-schemas';
import type { SessionUser } from '@shared/auth-schemas';
import { pushSubscriptions } from './push-tables';
import type { Db, Env } from '../../platform/env';
import { ApiError } from '../../platform/api-error';

/**
 * Push subscriptions (docs/decisions/038-web-push.md): a browser's
 * `PushManager.subscribe` result, kept for the signed-in account and the device that made it.
 */

/**
 * The push services a subscription may point at: the endpoint is a URL the worker will POST to,
 * so only the known services' (https only) are taken; in development also a receiver on
 * 127.0.0.1 over http, so tests receive and decrypt real pushes.
 */
const PUSH_HOSTS: (string | RegExp)[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  /^[a-z0-9-]+(\.[a-z0-9-]+)*\.push\.apple\.com$/,
  /^[a-z0-9-]+(\.[a-z0-9-]+)*\.notify\.windows\.com$/,
];

/**
 * An endpoint as the URL standard writes it (`URL.href`), or null for one that is not a URL:
 * spaces and line breaks around it dropped, the host in its one form (127.1, 2130706433 and
 * 0x7f000001 are all 127.0.0.1). Subscriptions are allowed, stored and compared in this form.
 */
export function normalizedEndpoint(endpoint: string): string | null {
  try {
    const href = new URL(endpoint).href;
    return href.length <= PUSH_ENDPOINT_MAX ? href : null;
  } catch {
    return null;
  }
}

/** Whether the worker may send to `endpoint` (in its normalised form, normalizedEndpoint). */
export function endpointAllowed(endpoint: string, environment: Env['ENVIRONMENT']): boolean {
  const href = normalizedEndpoint(endpoint);
  if (href === null) return false;
  const url = new URL(href);
  if (url.username || url.password) return false;
  if (url.protocol === 'https:' && url.port === '') {
    return PUSH_HOSTS.some((host) =>
      typeof host === 'string' ? url.hostname === host : host.test(url.hostname),
    );
  }
  return environment === 'development' && url.protocol === 'http:' && url.hostname === '127.0.0.1';
}

/** The application server's public key (base64url), or null when push is not configured. */
export function vapidPublicKey(env: Env): string | null {
  return env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT ? env.VAPID_PUBLIC_KEY : null;
}

/** The browser's key is a point of P-256 in uncompressed form (the schema checked its length). */
async function isP256Point(p256dh: string): Promise<boolean> {
  try {
    const binary = atob(p256dh.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
    await crypto.subtle.importKey('raw', bytes, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    return true;
  } catch {
    return false;
  }
}

/** Who subscribes: the signed-in account (or none), this device's id (or none), its language. */
export type Subscriber = { user: SessionUser | null; deviceId: string | null; lang: 'ar' | 'en' };

/** Whether a stored subscription is this subscriber's: their account's, or this device's. */
function ownedBy(subscriber: Subscriber) {
  return or(
    subscriber.user ? eq(pushSubscriptions.userId, subscriber.user.id) : undefined,
    subscriber.deviceId ? eq(pushSubscriptions.deviceId, subscriber.deviceId) : undefined,
  );
}

/**
 * Keeps a subscription (POST /api/push/subscriptions). The same endpoint again (the browser
 * subscribing again, a guest signing in, the language changed) updates the row, as long as it
 * is the same browser: the same keys, or the same account or device. An endpoint registered
 * with other keys to someone else is refused (409), so knowing a URL takes nobody's alerts.
 */
export async function subscribe(db: Db, env: Env, subscriber: Subscriber, input: PushSubscriptionInput) {
  if (!vapidPublicKey(env)) throw new ApiError(503, 'push_unavailable');
  const endpoint = normalizedEndpoint(input.endpoint);
  if (endpoint === null || !endpointAllowed(endpoint, env.ENVIRONMENT)) {
    throw new ApiError(400, 'validation_failed', { endpoint: 'push_endpoint_invalid' });
  }
  if (!(await isP256Point(input.keys.p256dh))) {
    throw new ApiError(400, 'validation_failed', { 'keys.p256dh': 'push_key_invalid' });
  }
  // A guest's subscription is found by the device that sends their bookings and entries.
  if (!subscriber.user && !subscriber.deviceId) throw new ApiError(400, 'device_id_invalid');
  const values = {
    endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userId: subscriber.user?.id ?? null,
    deviceId: subscriber.deviceId,
    role: subscriber.user?.role ?? 'guest',
    lang: subscriber.lang,
    updatedAt: new Date(),
  } as const;
  const same = or(
    and(eq(pushSubscriptions.p256dh, input.keys.p256dh), eq(pushSubscriptions.auth, input.keys.auth)),
    ownedBy(subscriber),
  );
  // One statement: insert, or update the row only if it is the same browser's.
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values, setWhere: same })
    .returning({ id: pushSubscriptions.id });
  if (!row) throw new ApiError(409, 'push_endpoint_taken');
  return row;
}

/** Forgets a subscription (DELETE): only the account's or this device's; anyone else's is a 404. */
export async function unsubscribe(db: Db, subscriber: Subscriber, endpoint: string) {
  const owner = ownedBy(subscriber);
  if (!owner) throw new ApiError(404, 'not_found');
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, normalizedEndpoint(endpoint) ?? endpoint), owner))
    .returning({ id: pushSubscriptions.id });
  if (deleted.length === 0) throw new ApiError(404, 'not_found');
}
