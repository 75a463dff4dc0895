import type { Json } from './books';

/**
 * The fake's webhooks, as Thawani sends its own (its OpenAPI description, "Webhook verification"
 * and "Webhook Data Samples"): a `POST` of `{ data, event_type }` to the merchant's webhook URL,
 * with `thawani-timestamp` (unix seconds) and `thawani-signature`: hex HMAC-SHA256, keyed by the
 * webhook secret set at the portal, of the body's bytes followed by `-` and the timestamp. The body
 * is UTF-8 JSON with Arabic written as itself (not `\u` escapes), so a guest's Arabic name or the
 * booking's Arabic description is signed over its UTF-8 bytes: exactly what the app received.
 */

export type ThawaniEventType =
  'checkout.created' | 'checkout.completed' | 'payment.pending' | 'payment.succeeded' | 'payment.failed';

export type SignedWebhook = { rawBody: Uint8Array; headers: Headers };

const encoder = new TextEncoder();

/** Hex HMAC-SHA256 of `body`'s bytes + `-` + `timestamp` under `secret` (the secret's UTF-8 bytes). */
export async function thawaniSignature(
  secret: string,
  body: Uint8Array,
  timestamp: string | number,
): Promise<string> {
  const suffix = encoder.encode(`-${timestamp}`);
  const message = new Uint8Array(body.length + suffix.length);
  message.set(body, 0);
  message.set(suffix, body.length);
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, message));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A webhook as Thawani sends it: `{ data, event_type }` (the samples' order), signed now (or at
 * `timestamp`) with `secret`. `body` may be given as bytes instead (a test's own, Arabic or not).
 */
export async function signedWebhook(
  secret: string,
  event: { data: Json; event_type: string } | Uint8Array,
  timestamp: number = Math.floor(Date.now() / 1000),
): Promise<SignedWebhook> {
  const rawBody =
    event instanceof Uint8Array
      ? event
      : encoder.encode(JSON.stringify({ data: event.data, event_type: event.event_type }));
  return {
    rawBody,
    headers: new Headers({
      'content-type': 'application/json',
      'thawani-timestamp': String(timestamp),
      'thawani-signature': await thawaniSignature(secret, rawBody, timestamp),
    }),
  };
}

/**
 * Posts signed webhooks to `url` through `send` (the app itself, no network), one after the other
 * as Thawani sends them; answers each one's event type and the app's status (null when it could
 * not be reached).
 */
export async function postWebhooks(
  send: typeof fetch,
  url: string,
  webhooks: { event_type: ThawaniEventType; webhook: SignedWebhook }[],
): Promise<{ event_type: ThawaniEventType; status: number | null }[]> {
  const answers: { event_type: ThawaniEventType; status: number | null }[] = [];
  for (const { event_type, webhook } of webhooks) {
    try {
      const res = await send(url, { method: 'POST', headers: webhook.headers, body: webhook.rawBody });
      // The body is read so the dispatched request finishes.
      await res.arrayBuffer();
      answers.push({ event_type, status: res.status });
    } catch (err) {
      console.log(JSON.stringify({ msg: 'fake-thawani-webhook-failed', event_type, error: String(err) }));
      answers.push({ event_type, status: null });
    }
  }
  return answers;
}
