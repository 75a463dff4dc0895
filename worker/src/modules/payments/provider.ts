import type { PaymentEventType, PaymentProvider } from '@shared/payments';
import type { Env } from '../../platform/env';

/**
 * What the app asks of a payment provider (decision 071). One adapter per provider
 * (fake-provider.ts, thawani-provider.ts); which one runs is configuration (`PAYMENT_PROVIDER`,
 * payment-config.ts). Card data never reaches the worker: the guest pays on the provider's page.
 * An adapter speaks HTTP to its provider and checks signatures; it never touches the app's tables
 * (the fake provider keeps its own books, as a real provider does on its side).
 */
export interface PaymentAdapter {
  readonly name: PaymentProvider;

  /** Opens a checkout for `amountBaisa` (OMR) and answers where to send the guest. */
  createSession(input: CheckoutRequest): Promise<CheckoutSession>;

  /**
   * Checks a webhook's signature and timestamp over its raw body and reads it. Answers the event,
   * or a refusal (never throws for a bad request: the caller logs the refusal for staff).
   */
  readWebhook(request: WebhookRequest): Promise<WebhookReading>;

  /** What the provider knows of a session now (the cron settles or expires sessions left open). */
  lookUpSession(providerSessionId: string): Promise<SessionState>;

  /** Asks the provider to refund (part of) a payment. Accepted is not done: the refund is final when its webhook (or a lookup) says so. */
  refund(input: RefundRequest): Promise<RefundAccepted>;

  /** What the provider knows of a refund now (the cron settles refunds whose webhook never came). */
  lookUpRefund(providerRefundId: string): Promise<RefundState>;

  /**
   * The refund of this payment the provider keeps under our `reference`, if any: a refund whose
   * answer was lost (left `sending`) is looked for before anything is sent again, so a lost
   * answer never refunds twice.
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
};

export type CheckoutSession = { providerSessionId: string; checkoutUrl: string };

export type WebhookRequest = { rawBody: string; headers: Headers };

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

export type RefundAccepted = { providerRefundId: string };

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

/** Builds the configured adapter from the worker's settings (payment-config.ts). */
export type AdapterFactory = (env: Env, origin: string) => PaymentAdapter;
