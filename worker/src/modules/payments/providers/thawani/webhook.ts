import { PAYMENT_CURRENCY, PAYMENT_LIMITS } from '@shared/payments';
import type { PaymentEvent, WebhookReading, WebhookRequest } from '../payment-adapter';
import { isObject, text, unreadable, type Json, type ThawaniApi } from './api';
import { getRefund } from './refunds';
import { getSession, sessionIdOfInvoice, stateOf } from './session-status';

/**
 * Thawani's webhooks: `thawani-signature` (hex HMAC-SHA256 keyed by the webhook secret over
 * `rawBody + "-" + thawani-timestamp`) is verified first, then the timestamp, then the body
 * (`{event_type, data}`) is read as a hint and Thawani's API is asked what it knows (its bodies
 * carry no event id, and half of what the app needs), so the event the app gets is the one the
 * cron's lookup would give, with an id made of the payment's (or refund's) own id.
 */

/** What a refusal keeps of an unverified body for staff. */
const HINT_MAX = 100;

/** Constant-time check of the hex signature (Web Crypto's verify) over `rawBody-timestamp`. */
async function signatureHolds(
  secret: string,
  rawBody: string,
  timestamp: string,
  signature: string,
): Promise<boolean> {
  if (!secret || !timestamp || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const encoder = new TextEncoder();
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = parseInt(signature.slice(i * 2, i * 2 + 2), 16);
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  return crypto.subtle.verify('HMAC', key, bytes, encoder.encode(`${rawBody}-${timestamp}`));
}

/** Unix seconds (13 digits are read as milliseconds), within the tolerance either way. */
function timestampFresh(timestamp: string): boolean {
  if (!/^\d{1,16}$/.test(timestamp)) return false;
  const value = Number(timestamp);
  const seconds = timestamp.length >= 13 ? value / 1000 : value;
  return Math.abs(Date.now() / 1000 - seconds) <= PAYMENT_LIMITS.webhookToleranceSeconds;
}

/** What a refusal may keep of a body it does not trust: its type and whichever id it names. */
function hintOf(body: unknown): { eventId?: string; type?: string } {
  if (!isObject(body)) return {};
  const data = isObject(body.data) ? body.data : {};
  const type = text(body.event_type)?.slice(0, HINT_MAX);
  const eventId = (text(data.refund_id) ?? text(data.payment_id) ?? text(data.session_id))?.slice(
    0,
    HINT_MAX,
  );
  return { ...(eventId ? { eventId } : {}), ...(type ? { type } : {}) };
}

/** A session event (checkout.*, payment.*) as the app applies it, from what Thawani's API says now. */
async function sessionEvent(api: ThawaniApi, data: Json): Promise<PaymentEvent | undefined> {
  const invoice = text(data.checkout_invoice) ?? text(data.invoice);
  const sessionId = text(data.session_id) ?? (invoice ? await sessionIdOfInvoice(api, invoice) : undefined);
  if (!sessionId) return undefined;
  const session = await getSession(api, sessionId);
  const state = await stateOf(api, session);
  if (state.status === 'paid') {
    return {
      eventId: `payment.succeeded:${state.providerPaymentId}`,
      type: 'payment.succeeded',
      providerSessionId: session.sessionId,
      providerPaymentId: state.providerPaymentId,
      amountBaisa: state.amountBaisa,
      currency: state.currency,
    };
  }
  // A declined card leaves a Thawani session open (the guest may try again on the same page):
  // only a session Thawani has closed unpaid is a failed payment for the app.
  if (state.status === 'failed' || state.status === 'expired') {
    return {
      eventId: `payment.failed:${session.sessionId}`,
      type: 'payment.failed',
      providerSessionId: session.sessionId,
      providerPaymentId: text(data.payment_id) ?? '',
      amountBaisa: session.totalBaisa ?? 0,
      currency: session.currency,
    };
  }
  return undefined;
}

/** A refund event as the app applies it, once Thawani's API says the refund succeeded. */
async function refundEvent(api: ThawaniApi, data: Json): Promise<PaymentEvent | undefined> {
  const refundId = text(data.refund_id);
  if (!refundId) return undefined;
  const refund = await getRefund(api, refundId);
  if (refund.status !== 'successful' || !refund.paymentId || refund.amountBaisa === undefined)
    return undefined;
  // Our refunds carry their session in their metadata; one made in Thawani's portal does not,
  // and is traced through its payment's invoice.
  let sessionId = text(refund.metadata.session_id);
  if (!sessionId) {
    const payment = await api.call('GET', `/payments/${encodeURIComponent(refund.paymentId)}`);
    const invoice = isObject(payment) ? text(payment.checkout_invoice) : undefined;
    if (!invoice) throw unreadable('payment (no checkout invoice)');
    sessionId = await sessionIdOfInvoice(api, invoice);
  }
  return {
    eventId: `refund.succeeded:${refund.refundId}`,
    type: 'refund.succeeded',
    providerSessionId: sessionId,
    providerPaymentId: refund.paymentId,
    providerRefundId: refund.refundId,
    amountBaisa: refund.amountBaisa,
    currency: PAYMENT_CURRENCY,
  };
}

/** Verifies a webhook, then reads it into the app's event (see PaymentAdapter.readWebhook). */
export async function readWebhook(
  api: ThawaniApi,
  { rawBody, headers }: WebhookRequest,
): Promise<WebhookReading> {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    body = undefined;
  }
  const hint = hintOf(body);
  const timestamp = headers.get('thawani-timestamp')?.trim() ?? '';
  const signature = headers.get('thawani-signature')?.trim() ?? '';
  if (!(await signatureHolds(api.config.webhookSecret, rawBody, timestamp, signature))) {
    return { ok: false, reason: 'signature_invalid', ...hint };
  }
  if (!timestampFresh(timestamp)) return { ok: false, reason: 'timestamp_stale', ...hint };
  const type = isObject(body) ? text(body.event_type) : undefined;
  if (!isObject(body) || !type || !isObject(body.data)) return { ok: false, reason: 'body_invalid', ...hint };
  const event = type.startsWith('refund.')
    ? await refundEvent(api, body.data)
    : type.startsWith('checkout.') || type.startsWith('payment.')
      ? await sessionEvent(api, body.data)
      : undefined;
  // Genuine, but nothing the app applies (checkout.created, payment.pending, a declined card
  // on a session still open, a refund not yet done, an event the app has no use for).
  return event ? { ok: true, event } : { ok: true, event: null, type: type.slice(0, HINT_MAX) };
}
