import {
  PaymentProviderError,
  type PaymentAdapter,
  type RefundAccepted,
  type RefundRequest,
  type RefundState,
} from '../payment-adapter';
import { baisa, everyPage, isObject, text, unreadable, type Json, type ThawaniApi } from './api';

/** Refunds at Thawani: sent (`POST /refunds`), looked up, and found again by our reference. */

/** A refund's reason as Thawani keeps it. */
const REFUND_REASON_MAX = 250;

/** A Thawani refund as the adapter reads it. */
export type ThawaniRefund = {
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

export async function getRefund(api: ThawaniApi, refundId: string): Promise<ThawaniRefund> {
  return readRefund(await api.call('GET', `/refunds/${encodeURIComponent(refundId)}`));
}

/**
 * Asks Thawani to refund (part of) a payment, our reference and session in its metadata; answers
 * the refund's id and its state in Thawani's answer (Refund_Model: `successful` is done at once).
 */
export async function refund(api: ThawaniApi, input: RefundRequest): Promise<RefundAccepted> {
  const reason = [...input.reason.trim()].slice(0, REFUND_REASON_MAX).join('') || `Refund ${input.reference}`;
  const data = await api.call('POST', '/refunds', {
    payment_id: input.providerPaymentId,
    amount: input.amountBaisa,
    reason,
    metadata: { reference: input.reference, session_id: input.providerSessionId },
  });
  const made = readRefund(data);
  return { providerRefundId: made.refundId, state: refundState(made) };
}

export async function lookUpRefund(api: ThawaniApi, providerRefundId: string): Promise<RefundState> {
  return refundState(await getRefund(api, providerRefundId));
}

/**
 * Thawani has no lookup by our reference: its refund list (`GET /refunds`, the merchant's every
 * refund, in no documented order) is read page after page to its end (api.ts `everyPage`) for the
 * refund of this payment whose metadata carries our reference. Null only when the whole list was
 * read without it (the refund can then be sent again); a list that cannot be read to its end
 * throws, so the refund is never sent twice on a guess.
 */
export async function findRefund(
  api: ThawaniApi,
  input: Parameters<PaymentAdapter['findRefund']>[0],
): ReturnType<PaymentAdapter['findRefund']> {
  for await (const page of everyPage(api, '/refunds', {}, 'refund list')) {
    for (const item of page) {
      if (!isObject(item) || text(item.payment_id) !== input.providerPaymentId) continue;
      const metadata = isObject(item.metadata) ? item.metadata : {};
      if (text(metadata.reference) !== input.reference) continue;
      const found = readRefund(item);
      return { providerRefundId: found.refundId, ...refundState(found) };
    }
  }
  return null;
}
