import { PAYMENT_CURRENCY, PAYMENT_LIMITS } from '@shared/payments';
import {
  PaymentProviderError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentAdapter,
  type PaymentEvent,
  type RefundAccepted,
  type RefundRequest,
  type RefundState,
  type SessionState,
  type WebhookReading,
  type WebhookRequest,
} from './provider';

/**
 * Thawani Pay's hosted checkout behind the app's adapter (decision 071, section "Thawani Pay"):
 * its E-Commerce API v1 (`apiUrl`, e.g. https://uatcheckout.thawani.om/api/v1, with the secret
 * key in the `thawani-api-key` header), its payment page (`checkoutUrl`/<session_id>?key=<publishable
 * key>), and its webhooks (`thawani-signature`: hex HMAC-SHA256 keyed by the webhook secret over
 * `rawBody + "-" + thawani-timestamp`). Amounts are baisa on both sides.
 *
 * Thawani's webhook body (`{event_type, data}`) has no event id, and neither its session events
 * (no payment id) nor its payment events (no session id) carry all the app needs. So once the
 * signature holds, the body is read as a hint and Thawani's API is asked what it knows: the event
 * the app gets is the one the cron's lookup would give, and its id is made of the payment's (or
 * refund's) own id, so `checkout.completed` and `payment.succeeded` for one payment are one event.
 */
export type ThawaniConfig = {
  apiUrl: string;
  checkoutUrl: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
};

/** A provider that does not answer within this is treated as down (the caller answers 502). */
const REQUEST_TIMEOUT_MS = 10_000;
/** Thawani's payment page shows a product name of at most 40 characters. */
const PRODUCT_NAME_MAX = 40;
/** A refund's reason as Thawani keeps it. */
const REFUND_REASON_MAX = 250;
/** What a refusal keeps of an unverified body for staff. */
const HINT_MAX = 100;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
const baisa = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;

/** Thawani's words for a refusal: its description and the fields at fault (`data.error`), for the log. */
function refusal(answer: unknown): string {
  if (!isObject(answer)) return '';
  const fields = isObject(answer.data) && Array.isArray(answer.data.error) ? answer.data.error : [];
  const faults = fields
    .filter(isObject)
    .map((fault) => [text(fault.field), text(fault.message)].filter(Boolean).join(': '))
    .join('; ');
  const words = [text(answer.description), faults && `(${faults})`].filter(Boolean).join(' ');
  return words ? `: ${words.slice(0, 300)}` : '';
}

/** A Thawani checkout session as the adapter reads it. */
type ThawaniSession = {
  sessionId: string;
  paymentStatus: string;
  invoice: string | undefined;
  totalBaisa: number | undefined;
  currency: string;
  expireAt: number | undefined;
};

/** Thawani's refund list as `findRefund` reads it: pages of this size, at most this many (newest first). */
const FIND_REFUND_PAGE_SIZE = 100;
const FIND_REFUND_PAGES = 5;

/** A Thawani refund as the adapter reads it. */
type ThawaniRefund = {
  refundId: string;
  paymentId: string | undefined;
  status: string;
  amountBaisa: number | undefined;
  metadata: Json;
  failure: string | undefined;
};

/** A refund's state for the app: `successful` succeeded, `failed` failed, any other word not final yet. */
function refundState(refund: ThawaniRefund): RefundState {
  if (refund.status === 'successful') {
    if (refund.amountBaisa === undefined) {
      throw new PaymentProviderError('Thawani answered an unreadable refund amount');
    }
    return { status: 'succeeded', amountBaisa: refund.amountBaisa };
  }
  if (refund.status === 'failed')
    return { status: 'failed', failure: refund.failure ?? 'Thawani refused the refund' };
  return { status: 'pending' };
}

export function thawaniAdapter(config: ThawaniConfig, fetchImpl: typeof fetch = fetch): PaymentAdapter {
  const api = config.apiUrl.replace(/\/+$/, '');
  const encoder = new TextEncoder();

  /**
   * One call to Thawani's API, answering its `data`. Every answer is `{success, code, description,
   * data}`; a network failure, a non-2xx status or `success: false` throws PaymentProviderError
   * (with Thawani's description, never the key). `emptyWhenNotFound`: a listing Thawani answers
   * 404 when it has nothing to list.
   */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: Json,
    options: { emptyWhenNotFound?: boolean } = {},
  ): Promise<unknown> {
    const route = `${method} ${path.split('?')[0]}`;
    let res: Response;
    let raw: string;
    try {
      res = await fetchImpl(`${api}${path}`, {
        method,
        headers: {
          'thawani-api-key': config.secretKey,
          accept: 'application/json',
          // Thawani refuses a POST without a body (411), so a POST always sends one.
          ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      raw = await res.text();
    } catch (err) {
      throw new PaymentProviderError(`Thawani ${route} failed: ${(err as Error).name}`);
    }
    if (res.status === 404 && options.emptyWhenNotFound) return [];
    let answer: unknown;
    try {
      answer = JSON.parse(raw);
    } catch {
      answer = undefined;
    }
    if (!res.ok || !isObject(answer) || answer.success !== true) {
      throw new PaymentProviderError(`Thawani ${route} answered ${res.status}${refusal(answer)}`, res.status);
    }
    return answer.data;
  }

  const unreadable = (what: string) => new PaymentProviderError(`Thawani answered an unreadable ${what}`);

  async function getSession(sessionId: string): Promise<ThawaniSession> {
    const data = await call('GET', `/checkout/session/${encodeURIComponent(sessionId)}`);
    const id = isObject(data) ? text(data.session_id) : undefined;
    const paymentStatus = isObject(data) ? text(data.payment_status)?.toLowerCase() : undefined;
    if (!isObject(data) || !id || !paymentStatus) throw unreadable('checkout session');
    const expireAt = text(data.expire_at) ? Date.parse(text(data.expire_at)!) : NaN;
    return {
      sessionId: id,
      paymentStatus,
      invoice: text(data.invoice) ?? (typeof data.invoice === 'number' ? String(data.invoice) : undefined),
      totalBaisa: baisa(data.total_amount),
      currency: text(data.currency)?.toUpperCase() ?? PAYMENT_CURRENCY,
      expireAt: Number.isNaN(expireAt) ? undefined : expireAt,
    };
  }

  /** The session a checkout invoice belongs to (Thawani's payment events name only the invoice). */
  async function sessionIdOfInvoice(invoice: string): Promise<string> {
    const data = await call('GET', `/checkout/invoice/${encodeURIComponent(invoice)}`);
    const id = isObject(data) ? text(data.session_id) : undefined;
    if (!id) throw unreadable('checkout session');
    return id;
  }

  /** The successful payment of a paid session (at most one: a session is paid once). */
  async function successfulPayment(invoice: string): Promise<{ paymentId: string; amountBaisa: number }> {
    const query = new URLSearchParams({ checkout_invoice: invoice, limit: '10', skip: '0' });
    const data = await call('GET', `/payments?${query}`, undefined, { emptyWhenNotFound: true });
    if (!Array.isArray(data)) throw unreadable('payment list');
    for (const payment of data) {
      if (!isObject(payment) || text(payment.status)?.toLowerCase() !== 'successful') continue;
      const paymentId = text(payment.payment_id);
      const amountBaisa = baisa(payment.amount);
      if (!paymentId || amountBaisa === undefined) throw unreadable('payment');
      return { paymentId, amountBaisa };
    }
    throw new PaymentProviderError(`Thawani has no successful payment for paid invoice ${invoice}`);
  }

  async function getRefund(refundId: string): Promise<ThawaniRefund> {
    return readRefund(await call('GET', `/refunds/${encodeURIComponent(refundId)}`));
  }

  /** A refund of Thawani's answers (one, or an item of its list). */
  function readRefund(data: unknown): ThawaniRefund {
    const id = isObject(data) ? text(data.refund_id) : undefined;
    const status = isObject(data) ? text(data.status)?.toLowerCase() : undefined;
    if (!isObject(data) || !id || !status) throw unreadable('refund');
    return {
      refundId: id,
      paymentId: text(data.payment_id),
      status,
      amountBaisa: baisa(data.amount),
      metadata: isObject(data.metadata) ? data.metadata : {},
      failure: text(data.failure_reason) ?? text(data.description),
    };
  }

  /**
   * A session's state for the app: `paid` with its payment; `cancelled` (the guest or Thawani
   * ended it) is `failed`; `unpaid` is `open` until its `expire_at`, then `expired`.
   */
  async function stateOf(session: ThawaniSession): Promise<SessionState> {
    switch (session.paymentStatus) {
      case 'paid': {
        if (!session.invoice) throw unreadable('paid session (no invoice)');
        const payment = await successfulPayment(session.invoice);
        return {
          status: 'paid',
          providerPaymentId: payment.paymentId,
          amountBaisa: payment.amountBaisa,
          currency: session.currency,
        };
      }
      case 'cancelled':
        return { status: 'failed' };
      case 'unpaid':
        return session.expireAt !== undefined && session.expireAt <= Date.now()
          ? { status: 'expired' }
          : { status: 'open' };
      default:
        throw new PaymentProviderError(
          `Thawani answered an unknown payment_status "${session.paymentStatus.slice(0, 40)}"`,
        );
    }
  }

  /** Constant-time check of the hex signature (Web Crypto's verify) over `rawBody-timestamp`. */
  async function signatureHolds(rawBody: string, timestamp: string, signature: string): Promise<boolean> {
    if (!config.webhookSecret || !timestamp || !/^[0-9a-fA-F]{64}$/.test(signature)) return false;
    const bytes = new Uint8Array(32);
    for (let i = 0; i < 32; i++) bytes[i] = parseInt(signature.slice(i * 2, i * 2 + 2), 16);
    const key = await crypto.subtle.importKey(
      'raw',
      encoder.encode(config.webhookSecret),
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
  async function sessionEvent(data: Json): Promise<PaymentEvent | undefined> {
    const invoice = text(data.checkout_invoice) ?? text(data.invoice);
    const sessionId = text(data.session_id) ?? (invoice ? await sessionIdOfInvoice(invoice) : undefined);
    if (!sessionId) return undefined;
    const session = await getSession(sessionId);
    const state = await stateOf(session);
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
  async function refundEvent(data: Json): Promise<PaymentEvent | undefined> {
    const refundId = text(data.refund_id);
    if (!refundId) return undefined;
    const refund = await getRefund(refundId);
    if (refund.status !== 'successful' || !refund.paymentId || refund.amountBaisa === undefined)
      return undefined;
    // Our refunds carry their session in their metadata; one made in Thawani's portal does not,
    // and is traced through its payment's invoice.
    let sessionId = text(refund.metadata.session_id);
    if (!sessionId) {
      const payment = await call('GET', `/payments/${encodeURIComponent(refund.paymentId)}`);
      const invoice = isObject(payment) ? text(payment.checkout_invoice) : undefined;
      if (!invoice) throw unreadable('payment (no checkout invoice)');
      sessionId = await sessionIdOfInvoice(invoice);
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

  return {
    name: 'thawani',

    async createSession(input: CheckoutRequest): Promise<CheckoutSession> {
      const metadata: Record<string, string> = {
        booking_reference: input.bookingReference,
        customer_name: input.customer.name,
      };
      if (input.customer.email) metadata.customer_email = input.customer.email;
      if (input.customer.phone) metadata.customer_phone = input.customer.phone;
      const name = [...input.description].slice(0, PRODUCT_NAME_MAX).join('');
      const data = await call('POST', '/checkout/session', {
        client_reference_id: input.reference,
        mode: 'payment',
        products: [{ name, quantity: 1, unit_amount: input.amountBaisa }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata,
      });
      const sessionId = isObject(data) ? text(data.session_id) : undefined;
      if (!sessionId) throw unreadable('checkout session');
      const page = config.checkoutUrl.replace(/\/+$/, '');
      return {
        providerSessionId: sessionId,
        checkoutUrl: `${page}/${encodeURIComponent(sessionId)}?key=${encodeURIComponent(config.publishableKey)}`,
      };
    },

    async readWebhook({ rawBody, headers }: WebhookRequest): Promise<WebhookReading> {
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const hint = hintOf(body);
      const timestamp = headers.get('thawani-timestamp')?.trim() ?? '';
      const signature = headers.get('thawani-signature')?.trim() ?? '';
      if (!(await signatureHolds(rawBody, timestamp, signature))) {
        return { ok: false, reason: 'signature_invalid', ...hint };
      }
      if (!timestampFresh(timestamp)) return { ok: false, reason: 'timestamp_stale', ...hint };
      const type = isObject(body) ? text(body.event_type) : undefined;
      if (!isObject(body) || !type || !isObject(body.data))
        return { ok: false, reason: 'body_invalid', ...hint };
      const event = type.startsWith('refund.')
        ? await refundEvent(body.data)
        : type.startsWith('checkout.') || type.startsWith('payment.')
          ? await sessionEvent(body.data)
          : undefined;
      // Genuine, but nothing the app applies (checkout.created, payment.pending, a declined card
      // on a session still open, a refund not yet done, an event the app has no use for).
      return event ? { ok: true, event } : { ok: true, event: null, type: type.slice(0, HINT_MAX) };
    },

    async lookUpSession(providerSessionId: string): Promise<SessionState> {
      return stateOf(await getSession(providerSessionId));
    },

    async refund(input: RefundRequest): Promise<RefundAccepted> {
      const reason =
        [...input.reason.trim()].slice(0, REFUND_REASON_MAX).join('') || `Refund ${input.reference}`;
      const data = await call('POST', '/refunds', {
        payment_id: input.providerPaymentId,
        amount: input.amountBaisa,
        reason,
        metadata: { reference: input.reference, session_id: input.providerSessionId },
      });
      const refundId = isObject(data) ? text(data.refund_id) : undefined;
      if (!refundId) throw unreadable('refund');
      return { providerRefundId: refundId };
    },

    async lookUpRefund(providerRefundId: string): Promise<RefundState> {
      return refundState(await getRefund(providerRefundId));
    },

    /**
     * Thawani has no lookup by our reference: its refund list (`GET /refunds`, newest first, in
     * pages) is read for the refund of this payment whose metadata carries our reference. Null
     * only when the whole list was read without it (the refund can then be sent again); a list
     * longer than FIND_REFUND_PAGES pages throws, so the refund is never sent twice on a guess.
     */
    async findRefund(input) {
      for (let page = 0; page < FIND_REFUND_PAGES; page++) {
        const query = new URLSearchParams({
          limit: String(FIND_REFUND_PAGE_SIZE),
          skip: String(page * FIND_REFUND_PAGE_SIZE),
        });
        const data = await call('GET', `/refunds?${query}`, undefined, { emptyWhenNotFound: true });
        if (!Array.isArray(data)) throw unreadable('refund list');
        for (const item of data) {
          const metadata = isObject(item) && isObject(item.metadata) ? item.metadata : {};
          if (!isObject(item) || text(item.payment_id) !== input.providerPaymentId) continue;
          if (text(metadata.reference) !== input.reference) continue;
          const refund = readRefund(item);
          return { providerRefundId: refund.refundId, ...refundState(refund) };
        }
        if (data.length < FIND_REFUND_PAGE_SIZE) return null;
      }
      throw new PaymentProviderError(`Thawani: no refund ${input.reference} in the newest refunds read`);
    },
  };
}
