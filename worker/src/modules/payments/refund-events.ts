import { PAYMENT_CURRENCY, type PaymentProvider } from '@shared/payments';
import type { Db } from '../../platform/env';
import type { PaymentEvent } from './providers/payment-adapter';
import type { EventOutcome } from './event-outcome';
import { refundForEvent, settleRefund } from './refunds';

/**
 * A provider's `refund.succeeded`: the refund it confirms gets its folio refund line, in one batch
 * with the event's row (applied once per event id; refunds.ts `settleRefund`). The refund is ours
 * when the provider's refund id is on it, or (the provider told us before we stored its id) when
 * it is a refund of that session's payment, on its way, of that amount. A refund we never asked
 * for is refused (404 `refund_unknown`), as is an amount or currency not the refund's (409): the
 * refused event changes nothing (the webhook's route keeps its row for staff).
 */
export async function applyRefundSucceeded(
  db: Db,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<EventOutcome> {
  if (!event.providerRefundId) return { applied: false, reason: 'refund_unknown', status: 404 };
  if (event.currency !== PAYMENT_CURRENCY)
    return { applied: false, reason: 'currency_mismatch', status: 409 };
  const refund = await refundForEvent(db, provider, event);
  if (!refund) return { applied: false, reason: 'refund_unknown', status: 404 };
  // Never more than the refund asked (the folio's trigger holds the payment's own limit too).
  if (event.amountBaisa !== refund.amountBaisa)
    return { applied: false, reason: 'amount_mismatch', status: 409 };
  if (refund.status === 'failed' || refund.status === 'requested') {
    return { applied: false, reason: 'refund_unknown', status: 404 };
  }
  const settled = await settleRefund(db, refund, event.providerRefundId, { provider, event });
  return settled ? { applied: true } : { applied: true, repeat: true };
}
