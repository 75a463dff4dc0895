import { z } from './zod';

/**
 * Web Push (docs/decisions/038-web-push.md): the bodies of the push API and
 * the message the service worker shows. A subscription is what `PushManager.subscribe` gives
 * (`subscription.toJSON()`): its endpoint and its keys, base64url (RFC 8291: `p256dh` the
 * browser's P-256 public key, 65 bytes uncompressed; `auth` its 16-byte secret).
 */

/**
 * A base64url string of `bytes` bytes (padding optional): its alphabet and length only; the
 * worker decodes the key and checks it is a point of the curve (modules/messaging/push-subscriptions.ts).
 */
function base64UrlOf(bytes: number) {
  const unpadded = Math.ceil((bytes * 4) / 3);
  const padded = Math.ceil(bytes / 3) * 4;
  return (value: string) =>
    /^[A-Za-z0-9_-]+={0,2}$/.test(value) && (value.length === unpadded || value.length === padded);
}

/** Endpoints are URLs of a push service; real ones are a few hundred characters. */
export const PUSH_ENDPOINT_MAX = 1024;

/** Outer spaces and line breaks go first (the URL standard drops them too); none may stay inside. */
const endpointSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'push_endpoint_invalid' })
    .min(1, { error: 'push_endpoint_invalid' })
    .max(PUSH_ENDPOINT_MAX, { error: 'push_endpoint_invalid' }),
);

export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  // Browsers send `expirationTime` too (null); it is not kept.
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string({ error: 'push_key_invalid' }).refine(base64UrlOf(65), { error: 'push_key_invalid' }),
      auth: z.string({ error: 'push_auth_invalid' }).refine(base64UrlOf(16), { error: 'push_auth_invalid' }),
    },
    { error: 'push_key_invalid' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema });

/** What a push message carries (encrypted), in the subscription's language: the notification. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.multilineString(),
  /** The screen it is about, a path of the app (`/admin/bookings`, `/?events=true`, ...). */
  url: z.string().startsWith('/'),
  /** One notification per subject: a newer one about the same booking replaces the older. */
  tag: z.string(),
  lang: z.enum(['ar', 'en']),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
