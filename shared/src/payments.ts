/**
 * Online payments' words shared by the worker and the web: providers, a session's and a refund's
 * states, the webhook events, and what a booking's plan asks to be paid now. Amounts are integer
 * baisa everywhere.
 */
import type { CancellationRule, DepositRule } from './rates';

/**
 * The payment providers the app knows: `thawani`, and `fake`, the stand-in for Thawani inside the
 * development worker (the same adapter talks to both).
 */
export const PAYMENT_PROVIDERS = ['fake', 'thawani'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** What a checkout is for: the deposit the plan asks for, or the rest of the stay. */
export const PAYMENT_PURPOSES = ['deposit', 'balance'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/** A checkout session: open until the provider says paid or failed, or the cron expires it. */
export const PAYMENT_SESSION_STATUSES = ['open', 'paid', 'failed', 'expired'] as const;
export type PaymentSessionStatus = (typeof PAYMENT_SESSION_STATUSES)[number];

/** A refund asked of the provider: queued, being sent, accepted by the provider, then confirmed or failed. */
export const PAYMENT_REFUND_STATUSES = ['requested', 'sending', 'sent', 'succeeded', 'failed'] as const;
export type PaymentRefundStatus = (typeof PAYMENT_REFUND_STATUSES)[number];

/**
 * Why the app itself refunded an online payment (a cancellation's refund, modules/payments): kept
 * as this key in the refund's and its folio line's `reason`, and shown in the reader's language
 * (web/src/entities/folio/folio-words.ts); a reason staff typed is kept and shown as typed.
 */
export const SYSTEM_REFUND_REASONS = [
  'cancelled_free_period',
  'request_rejected',
  'request_expired',
  'request_withdrawn',
] as const;
export type SystemRefundReason = (typeof SYSTEM_REFUND_REASONS)[number];

/** The webhook events the app applies (the app's own names; an adapter maps its provider's to these). */
export const PAYMENT_EVENT_TYPES = ['payment.succeeded', 'payment.failed', 'refund.succeeded'] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/** Why a webhook was refused (kept for staff; the refused event changes nothing else). */
export const PAYMENT_EVENT_REFUSALS = [
  'signature_invalid',
  'timestamp_stale',
  'body_invalid',
  'session_unknown',
  'amount_mismatch',
  'currency_mismatch',
  'refund_unknown',
  /** The provider's payment id is already another checkout's payment: nothing changes. */
  'payment_other_session',
] as const;
export type PaymentEventRefusal = (typeof PAYMENT_EVENT_REFUSALS)[number];

/** The only currency the hotel takes online. */
export const PAYMENT_CURRENCY = 'OMR';

export const PAYMENT_LIMITS = {
  /**
   * The least a checkout may ask, in baisa: Thawani refuses an order under 100 baisa ("the sum of
   * the order should always be greater than or equals to 100 baisas"). A smaller amount due is
   * paid at the hotel: the server refuses it (409 `payment_below_minimum`), the web offers no Pay.
   */
  minOnlineBaisa: 100,
  /** A webhook's timestamp older (or further ahead) than this is refused. */
  webhookToleranceSeconds: 5 * 60,
  /** A webhook body larger than this is refused before it is read. */
  maxWebhookBytes: 16 * 1024,
  /** An open session older than this is asked about by the cron (and expired if the provider has no payment). */
  sessionCheckAfterMinutes: 30,
  /** At most this many open sessions or refunds a cron run asks the provider about. */
  perCronRun: 50,
} as const;

/** A cancellation rule as the booking keeps it (null: the site's free-cancellation hours). */
export function isNonRefundable(rule: CancellationRule | null | undefined): boolean {
  return rule?.kind === 'non_refundable';
}

/**
 * What a booking's plan asks to be paid before arrival, in baisa: the whole stay on a
 * non-refundable plan, else nothing, the first night, or a percentage of the stay (rounded half
 * up to the baisa). Never more than the stay's total.
 */
export function depositDueBaisa(
  deposit: DepositRule | null | undefined,
  cancellation: CancellationRule | null | undefined,
  stay: { totalBaisa: number; nightPrices: readonly number[] | null | undefined; nights: number },
): number {
  const total = Math.max(0, stay.totalBaisa);
  if (isNonRefundable(cancellation)) return total;
  if (!deposit || deposit.kind === 'none') return 0;
  if (deposit.kind === 'first_night') {
    const first = stay.nightPrices?.[0] ?? Math.round(total / Math.max(1, stay.nights));
    return Math.min(total, first);
  }
  return Math.min(total, Math.floor((total * deposit.percent + 50) / 100));
}
