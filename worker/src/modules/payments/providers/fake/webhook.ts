import { PAYMENT_CURRENCY, PAYMENT_EVENT_TYPES, PAYMENT_LIMITS } from '@shared/payments';
import { z } from 'zod';
import { hmacSha256Hex } from '../../../../platform/crypto';
import type { WebhookReading, WebhookRequest } from '../payment-adapter';

/**
 * The fake provider's webhooks, as a real provider's: signed with `x-timestamp` (unix seconds)
 * and `x-signature` (hex HMAC-SHA256 keyed by the webhook secret over `rawBody + "-" +
 * timestamp`), sent as a real HTTP request through the whole app (`config.dispatch`), and read
 * back by the adapter.
 */

export type FakeProviderConfig = {
  /** The app's origin: the checkout page and the webhook's address are on it. */
  origin: string;
  webhookSecret: string;
  /** Sends a request through the app (payment-config.ts installs it); no network. */
  dispatch: (request: Request) => Promise<Response>;
};

/** An id of the fake's (`fake_sess_…`, `fake_pay_…`, `fake_ref_…`, `fake_evt_…`). */
export const newId = (prefix: string) => `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 24)}`;

/** The webhook's path on the app. */
export const FAKE_WEBHOOK_PATH = '/api/payments/webhooks/fake';

/** The signature of a webhook: hex HMAC-SHA256 keyed by the secret over `rawBody + "-" + timestamp`. */
export function signWebhook(secret: string, rawBody: string, timestamp: string | number): Promise<string> {
  return hmacSha256Hex(secret, `${rawBody}-${timestamp}`);
}

/** Whether `signature` (hex) is the HMAC of `message` under `secret`, compared in constant time (Web Crypto's verify). */
async function signatureValid(secret: string, message: string, signature: string): Promise<boolean> {
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const bytes = new Uint8Array(signature.match(/../g)!.map((h) => parseInt(h, 16)));
  return crypto.subtle.verify('HMAC', key, bytes, encoder.encode(message));
}

/** The fake's webhook body. `currency` is OMR unless said (a test's forged one may say another). */
const webhookBodySchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(PAYMENT_EVENT_TYPES),
  data: z.object({
    sessionId: z.string().min(1).max(100),
    paymentId: z.string().min(1).max(100),
    amountBaisa: z.number().int().positive().max(1_000_000_000),
    refundId: z.string().min(1).max(100).optional(),
    currency: z.string().min(1).max(8).optional(),
  }),
});
export type FakeWebhookBody = z.infer<typeof webhookBodySchema>;

/** What can be read of a refused body for the staff log (never trusted). */
function peek(rawBody: string): { eventId?: string; type?: string } {
  try {
    const body = JSON.parse(rawBody) as { id?: unknown; type?: unknown };
    return {
      ...(typeof body.id === 'string' && { eventId: body.id.slice(0, 100) }),
      ...(typeof body.type === 'string' && { type: body.type.slice(0, 40) }),
    };
  } catch {
    return {};
  }
}

/** Reads a webhook the fake (or anyone holding the key) signed. */
export async function readFakeWebhook(
  secret: string,
  { rawBody, headers }: WebhookRequest,
  now = Date.now(),
): Promise<WebhookReading> {
  const timestamp = headers.get('x-timestamp') ?? '';
  const signature = headers.get('x-signature') ?? '';
  if (
    !/^\d{1,12}$/.test(timestamp) ||
    !(await signatureValid(secret, `${rawBody}-${timestamp}`, signature))
  ) {
    return { ok: false, reason: 'signature_invalid', ...peek(rawBody) };
  }
  if (Math.abs(now / 1000 - Number(timestamp)) > PAYMENT_LIMITS.webhookToleranceSeconds) {
    return { ok: false, reason: 'timestamp_stale', ...peek(rawBody) };
  }
  let parsed: ReturnType<typeof webhookBodySchema.safeParse>;
  try {
    parsed = webhookBodySchema.safeParse(JSON.parse(rawBody));
  } catch {
    return { ok: false, reason: 'body_invalid' };
  }
  if (!parsed.success) return { ok: false, reason: 'body_invalid', ...peek(rawBody) };
  const { id, type, data } = parsed.data;
  return {
    ok: true,
    event: {
      eventId: id,
      type,
      providerSessionId: data.sessionId,
      providerPaymentId: data.paymentId,
      ...(data.refundId && { providerRefundId: data.refundId }),
      amountBaisa: data.amountBaisa,
      currency: data.currency ?? PAYMENT_CURRENCY,
    },
  };
}

/** Signs and sends one webhook through the app; answers the event's id and the app's status. */
export async function sendWebhook(
  config: FakeProviderConfig,
  type: FakeWebhookBody['type'],
  data: FakeWebhookBody['data'],
): Promise<{ eventId: string; webhookStatus: number }> {
  const body: FakeWebhookBody = { id: newId('fake_evt'), type, data };
  const rawBody = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const request = new Request(`${config.origin}${FAKE_WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': await signWebhook(config.webhookSecret, rawBody, timestamp),
    },
    body: rawBody,
  });
  const res = await config.dispatch(request);
  // The body is read so the dispatched request finishes.
  await res.arrayBuffer();
  return { eventId: body.id, webhookStatus: res.status };
}
