import type { PaymentEventType, PaymentProvider } from '@shared/payments';
import type { Env } from '../../../platform/env';

/**
 * What the app asks of a payment provider (decision 071), and all it asks: one adapter per
 * provider, each in its own folder beside this file (`thawani/`; `fake/` is not an adapter but a
 * stand-in for Thawani's API that the Thawani adapter talks to in development). Which one runs is
 * configuration (`PAYMENT_PROVIDER`, the switch in ../payment-config.ts). Card data never reaches
 * the worker: the guest pays on the provider's page. An adapter speaks HTTP to its provider and
 * checks signatures; it never touches the app's tables (the fake keeps its own books, as a real
 * provider does on its side), and it never decides what a payment means for a booking:
 * payments' domain files apply the events it reads, once each.
 *
 * Adding a third provider (see README.md beside this file):
 * 1. Copy `thawani/` to `providers/<name>/`; its index.ts exports `<name>Adapter(config)`
 *    answering this interface. Keep the provider's own words (its statuses, headers, ids) inside
 *    the folder: everything it answers is in the types below.
 * 2. Add `<name>` to `PAYMENT_PROVIDERS` (shared/src/payments.ts) and a branch to
 *    `configuredProvider` and `paymentAdapter` in ../payment-config.ts that builds it from its
 *    settings (secrets as Worker secrets, 503 `payments_unavailable` while one is missing).
 * 3. Add one entry to the contract suite's list (providers/contract.test.ts): how to make a
 *    session paid, a webhook signed, and what the provider keeps. It must pass every case there.
 *
 * Amounts are whole baisa (1 OMR = 1000 baisa) on both sides: an adapter whose provider counts in
 * another unit converts at its edge.
 */
export interface PaymentAdapter {
  /**
   * The provider's name as the app keeps it (`payment_events.provider`, the webhook's path
   * `/api/payments/webhooks/<name>`).
   *
   * @example
   * return { name: 'thawani', ... };
   */
  readonly name: PaymentProvider;

  /**
   * Opens a checkout for `amountBaisa` (OMR) at the provider and answers where to send the guest.
   * The provider keeps our `reference` (payment_sessions.id) with it, and sends the guest back to
   * `successUrl` or `cancelUrl`. Throws PaymentProviderError when the provider refuses or does not
   * answer (the API answers 502 `payment_provider_failed`); nothing is kept on our side then.
   *
   * @example
   * async createSession(input) {
   *   const data = await api.post('/sessions', {
   *     reference: input.reference,
   *     amount: input.amountBaisa, // baisa, as the provider counts
   *     return_url: input.successUrl,
   *     cancel_url: input.cancelUrl,
   *   });
   *   return { providerSessionId: data.id, checkoutUrl: `${pageUrl}/${data.id}` };
   * }
   */
  createSession(input: CheckoutRequest): Promise<CheckoutSession>;

  /**
   * Checks a webhook's signature over its body's bytes exactly as received (in constant time)
   * before anything else, then
   * its timestamp (more than PAYMENT_LIMITS.webhookToleranceSeconds away is `timestamp_stale`),
   * then reads it. Answers the event in the app's words, `event: null` for a genuine event the app
   * has nothing to do with, or a refusal; it never throws for a bad request (the route keeps the
   * refusal for staff and answers 401/400). It throws PaymentProviderError only when a genuine
   * event cannot be read because the provider's API did not answer (the route answers 502 and the
   * provider sends it again).
   *
   * The same payment must always read as the same `eventId`, however many webhooks (or retries)
   * the provider sends for it: the app applies an event id once.
   *
   * @example
   * async readWebhook({ rawBody, headers }) {
   *   const timestamp = headers.get('x-provider-timestamp') ?? '';
   *   if (!(await signatureHolds(secret, concat(rawBody, `-${timestamp}`), headers.get('x-provider-signature'))))
   *     return { ok: false, reason: 'signature_invalid' };
   *   if (!fresh(timestamp)) return { ok: false, reason: 'timestamp_stale' };
   *   const body = parse(new TextDecoder().decode(rawBody));
   *   if (!body) return { ok: false, reason: 'body_invalid' };
   *   return { ok: true, event: { eventId: body.id, type: 'payment.succeeded', ... } };
   * }
   */
  readWebhook(request: WebhookRequest): Promise<WebhookReading>;

  /**
   * What the provider knows of a session now: open, paid (with its payment and amount), failed
   * (the provider closed it unpaid) or expired. The cron settles or expires sessions left open
   * with it, and the reconciliation compares it with ours. Throws PaymentProviderError when the
   * provider does not answer or answers what cannot be read (asked again later).
   *
   * @example
   * async lookUpSession(providerSessionId) {
   *   const session = await api.get(`/sessions/${providerSessionId}`);
   *   if (session.status === 'paid')
   *     return { status: 'paid', providerPaymentId: session.payment_id, amountBaisa: session.amount, currency: 'OMR' };
   *   return session.status === 'cancelled' ? { status: 'failed' } : { status: 'open' };
   * }
   */
  lookUpSession(providerSessionId: string): Promise<SessionState>;

  /**
   * Asks the provider to refund (part of) a payment, keeping our `reference` (payment_refunds.id)
   * with it so `findRefund` can find it, and answers the refund's id and its state in the
   * provider's answer: a refund the answer calls done is settled at once; otherwise it is final
   * when its webhook (or `lookUpRefund`) says so. Throws PaymentProviderError when the provider
   * refuses (more than what is left of the payment, for one) or does not answer.
   *
   * @example
   * async refund(input) {
   *   const data = await api.post('/refunds', {
   *     payment_id: input.providerPaymentId,
   *     amount: input.amountBaisa,
   *     reason: input.reason,
   *     metadata: { reference: input.reference },
   *   });
   *   return { providerRefundId: data.refund_id, state: stateOf(data) };
   * }
   */
  refund(input: RefundRequest): Promise<RefundAccepted>;

  /**
   * What the provider knows of a refund now (the cron settles refunds whose webhook never came).
   * A status the provider does not call final is `pending`.
   *
   * @example
   * async lookUpRefund(providerRefundId) {
   *   const refund = await api.get(`/refunds/${providerRefundId}`);
   *   if (refund.status === 'succeeded') return { status: 'succeeded', amountBaisa: refund.amount };
   *   return refund.status === 'failed' ? { status: 'failed', failure: refund.reason } : { status: 'pending' };
   * }
   */
  lookUpRefund(providerRefundId: string): Promise<RefundState>;

  /**
   * The refund of this payment the provider keeps under our `reference`, if any: a refund whose
   * answer was lost (left `sending`) is looked for before anything is sent again, so a lost
   * answer never refunds twice. Null only when the provider surely has none; when it cannot say,
   * throw PaymentProviderError (the refund is then never sent again on a guess). A provider whose
   * list comes in pages is read to its end (an empty page), never ended by a short page or an
   * assumed order.
   *
   * @example
   * async findRefund({ providerPaymentId, reference }) {
   *   const refunds = await api.get(`/payments/${providerPaymentId}/refunds`);
   *   const ours = refunds.find((r) => r.metadata.reference === reference);
   *   return ours ? { providerRefundId: ours.refund_id, ...(await this.lookUpRefund(ours.refund_id)) } : null;
   * }
   */
  findRefund(input: {
    providerPaymentId: string;
    providerSessionId: string;
    reference: string;
  }): Promise<({ providerRefundId: string } & RefundState) | null>;
}

export type CheckoutRequest = {
  /** Our session's id (payment_sessions.id), given to the provider as its reference. */
  reference: string;
  bookingReference: string;
  amountBaisa: number;
  /** The line the provider's page shows ("Deposit for booking H-…"). */
  description: string;
  customer: { name: string; email?: string | null; phone?: string | null };
  /** Where the provider sends the guest back after paying or giving up. */
  successUrl: string;
  cancelUrl: string;
  /** The guest's language, for a provider whose page takes one (the page then opens in it). */
  language?: 'ar' | 'en';
};

export type CheckoutSession = { providerSessionId: string; checkoutUrl: string };

/** A webhook as received: its body's bytes exactly as they came (the signature covers them), its headers. */
export type WebhookRequest = { rawBody: Uint8Array; headers: Headers };

/** A webhook as the app applies it, whatever the provider's own words. */
export type PaymentEvent = {
  eventId: string;
  type: PaymentEventType;
  providerSessionId: string;
  /** The provider's payment id (payment.*), or its refund id (refund.succeeded). */
  providerPaymentId: string;
  providerRefundId?: string;
  amountBaisa: number;
  currency: string;
};

export type WebhookReading =
  | { ok: true; event: PaymentEvent }
  /** Genuine (signed, in time) but nothing for the app to apply (a session created, a payment pending): answered 200, not recorded. */
  | { ok: true; event: null; type: string }
  | {
      ok: false;
      reason: 'signature_invalid' | 'timestamp_stale' | 'body_invalid';
      /** What could be read of the body anyway, for the staff log (never trusted). */
      eventId?: string;
      type?: string;
    };

export type SessionState =
  | { status: 'open' }
  | { status: 'paid'; providerPaymentId: string; amountBaisa: number; currency: string }
  | { status: 'failed' | 'expired' };

export type RefundRequest = {
  providerPaymentId: string;
  providerSessionId: string;
  amountBaisa: number;
  reason: string;
  /** Our refund's id (payment_refunds.id): the provider keeps it, so a lookup can find it. */
  reference: string;
};

/** The provider's refund id, and where the refund stands by the provider's answer. */
export type RefundAccepted = { providerRefundId: string; state: RefundState };

export type RefundState =
  | { status: 'pending' }
  | { status: 'succeeded'; amountBaisa: number }
  | { status: 'failed'; failure: string };

/** The provider failed to answer, or answered something the adapter cannot read (the API says 502 `payment_provider_failed`). */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** Builds the configured adapter from the worker's settings (../payment-config.ts). */
export type AdapterFactory = (env: Env, origin: string) => PaymentAdapter;
