import { PAYMENT_CURRENCY, PAYMENT_LIMITS } from '@shared/payments';
import type { PaymentEvent, WebhookReading, WebhookRequest } from '../payment-adapter';
import { isObject, text, unreadable, type Json, type ThawaniApi } from './api';
import { getRefund } from './refunds';
import {
  getSession,
  paidTowardSession,
  readPayment,
  sessionIdOfInvoice,
  stateOf,
  type ThawaniSession,
} from './session-status';

/**
 * Thawani's webhooks: `thawani-signature` (hex HMAC-SHA256 keyed by the webhook secret over the
 * body's bytes exactly as received, then `-` and `thawani-timestamp`) is verified first, then the
 * timestamp, then the body (`{data, event_type}`) is read as a hint and Thawani's API is asked
 * what it knows (its bodies carry no event id, and half of what the app needs), so the event the
 * app gets is the one the cron's lookup would give, with an id made of the payment's (or
 * refund's) own id.
 *
 * The bytes, not a text decoded from them: Thawani's sample signs the body "as ascii (or utf8 if
 * needed)", and an Arabic product name or guest name is where the two differ; a decoder would also
 * drop a leading byte-order mark or mend a broken sequence, and the signature would no longer be
 * over what Thawani signed (decision 071 says what to check in Thawani's test environment).
 */

/** What a refusal keeps of an unverified body for staff. */
const HINT_MAX = 100;

const encoder = new TextEncoder();

/** Constant-time check of the hex signature (Web Crypto's verify) over the body's bytes + `-timestamp`. */
async function signatureHolds(
  secret: string,
  rawBody: Uint8Array,
  timestamp: string,
  signature: string,
): Promise<boolean> {
  if (!secret || !timestamp || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = parseInt(signature.slice(i * 2, i * 2 + 2), 16);
  const suffix = encoder.encode(`-${timestamp}`);
  const message = new Uint8Array(rawBody.length + suffix.length);
  message.set(rawBody, 0);
  message.set(suffix, rawBody.length);
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  return crypto.subtle.verify('HMAC', key, bytes, message);
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

/** `payment.succeeded` of `paymentId` for `session`, as the app applies it. */
const succeeded = (session: ThawaniSession, paymentId: string, amountBaisa: number): PaymentEvent => ({
  eventId: `payment.succeeded:${paymentId}`,
  type: 'payment.succeeded',
  providerSessionId: session.sessionId,
  providerPaymentId: paymentId,
  amountBaisa,
  currency: session.currency,
});

/**
 * A declined card leaves a Thawani session open (the guest may try again on the same page): only
 * a session Thawani has closed unpaid is a failed payment for the app.
 */
async function closedUnpaid(
  api: ThawaniApi,
  session: ThawaniSession,
  paymentId: string | undefined,
): Promise<PaymentEvent | undefined> {
  const state = await stateOf(api, session);
  if (state.status === 'paid') return succeeded(session, state.providerPaymentId, state.amountBaisa);
  if (state.status !== 'failed' && state.status !== 'expired') return undefined;
  return {
    eventId: `payment.failed:${session.sessionId}`,
    type: 'payment.failed',
    providerSessionId: session.sessionId,
    providerPaymentId: paymentId ?? '',
    amountBaisa: session.totalBaisa ?? 0,
    currency: session.currency,
  };
}

/** A session event (checkout.*) as the app applies it, from what Thawani's API says of the session now. */
async function sessionEvent(api: ThawaniApi, data: Json): Promise<PaymentEvent | undefined> {
  const invoice = text(data.invoice) ?? text(data.checkout_invoice);
  const sessionId = text(data.session_id) ?? (invoice ? await sessionIdOfInvoice(api, invoice) : undefined);
  if (!sessionId) return undefined;
  return closedUnpaid(api, await getSession(api, sessionId), undefined);
}

/**
 * A payment event (payment.*) as the app applies it: the payment it names, as Thawani's API says
 * it is now (`GET /payments/<payment_id>`), on the session of its invoice. A successful one is
 * that payment, whatever other attempts the session had; one not successful (declined, in
 * process) is nothing, unless Thawani has closed its session unpaid.
 */
async function paymentEvent(api: ThawaniApi, data: Json): Promise<PaymentEvent | undefined> {
  const paymentId = text(data.payment_id);
  if (!paymentId) return sessionEvent(api, data);
  const payment = readPayment(await api.call('GET', `/payments/${encodeURIComponent(paymentId)}`));
  const invoice = payment.invoice ?? text(data.checkout_invoice);
  if (!invoice) throw unreadable('payment (no checkout invoice)');
  const session = await getSession(api, await sessionIdOfInvoice(api, invoice));
  if (payment.status === 'successful') {
    return succeeded(session, payment.paymentId, paidTowardSession(payment, session));
  }
  return closedUnpaid(api, session, payment.paymentId);
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

/** The body's text for reading (never for the signature): UTF-8, a leading byte-order mark dropped. */
const bodyText = (rawBody: Uint8Array) => new TextDecoder().decode(rawBody);

/** Verifies a webhook, then reads it into the app's event (see PaymentAdapter.readWebhook). */
export async function readWebhook(
  api: ThawaniApi,
  { rawBody, headers }: WebhookRequest,
): Promise<WebhookReading> {
  let body: unknown;
  try {
    body = JSON.parse(bodyText(rawBody));
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
  // A session just created is unpaid: nothing to ask Thawani.
  const event = type.startsWith('refund.')
    ? await refundEvent(api, body.data)
    : type.startsWith('payment.')
      ? await paymentEvent(api, body.data)
      : type.startsWith('checkout.') && type !== 'checkout.created'
        ? await sessionEvent(api, body.data)
        : undefined;
  // Genuine, but nothing the app applies (checkout.created, payment.pending, a declined card
  // on a session still open, a refund not yet done, an event the app has no use for).
  return event ? { ok: true, event } : { ok: true, event: null, type: type.slice(0, HINT_MAX) };
}
