import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { addDays, hotelToday } from '@shared/dates';
import type { SystemRefundReason } from '@shared/payments';
import { ruleDeadline } from '@shared/stay-policy';
import { ApiError } from '../../platform/api-error';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import type { Cancellation, CancellationHook } from '../../platform/booking-hooks';
import type { Db } from '../../platform/env';
import { hasRole } from '../../platform/roles';
import { auditLog } from '../../platform/tables';
import { readSiteSettings } from '../catalog';
import {
  businessDateQuery,
  cancellationChargeStatement,
  CANCELLATION_CHARGE_DESCRIPTION,
  chargeLineValues,
  issueInvoice,
  readTaxSettings,
  uninvoicedCancellationCharges,
} from '../folio';
import { onlinePaymentsOf, remainderSql } from './refunds';
import { paymentRefunds } from './tables';

/**
 * What a booking's cancellation does to its online payments (decision 071), asked by every path
 * that cancels (platform/booking-hooks.ts) and written into the cancellation's ONE batch, each
 * statement guarded by that batch's `won`:
 *
 * - cancelled within the free period of the rule it was sold under, a request the hotel rejected
 *   or that expired, or any pending request withdrawn: a refund of each online payment's
 *   remainder is queued (`payment_refunds`, sent after the answer, refunds.ts);
 * - after the deadline, on a non-refundable plan, or a no-show: the payment is kept, and a
 *   cancellation charge of what is left of it is posted (department `other`, split by the taxes
 *   in force), so the folio balances to zero. Its tax invoice follows the batch
 *   (`invoiceCancellationCharges`).
 */

/** What a cancellation does to the money paid online. */
export type CancellationMoney = 'refund' | 'keep';

/** The site's words on the free period (shared/src/stay-policy.ts ruleDeadline). */
type PolicySettings = { checkInTime: string; freeCancellationHours: number };

/** Whether a cancellation refunds what was paid online or keeps it (a pure decision on plain values). */
export function cancellationMoney(cancellation: Cancellation, settings: PolicySettings): CancellationMoney {
  const { booking, kind, now } = cancellation;
  if (kind === 'rejected' || kind === 'expired' || booking.status === 'pending') return 'refund';
  if (kind === 'no_show') return 'keep';
  const { deadline, nonRefundable } = ruleDeadline(
    booking.checkInDate,
    settings.checkInTime,
    booking.cancellationRule,
    settings.freeCancellationHours,
  );
  if (nonRefundable) return 'keep';
  return now.getTime() <= deadline.getTime() ? 'refund' : 'keep';
}

/** The refund's reason: a key the reader sees in their language (shared/src/payments.ts). */
const REFUND_REASONS = {
  cancelled: 'cancelled_free_period',
  rejected: 'request_rejected',
  expired: 'request_expired',
  withdrawn: 'request_withdrawn',
} as const satisfies Record<string, SystemRefundReason>;

/** The cancellation charge's description on the folio and the invoice (modules/folio/kept-charges.ts). */
export { CANCELLATION_CHARGE_DESCRIPTION };

/**
 * The payments' cancellation hook: reads the booking's online payments (nothing to do without
 * any, one query), then the site's policy and the folio's business date and taxes when a charge
 * is due.
 */
export const paymentCancellationHook: CancellationHook = async (db, cancellation) => {
  const payments = (await onlinePaymentsOf(db, cancellation.booking.id)).filter((p) => p.remainderBaisa > 0);
  if (payments.length === 0) return () => [];
  const { booking, kind, actor } = cancellation;
  const money = cancellationMoney(cancellation, await readSiteSettings(db));
  if (money === 'refund') {
    const reason =
      kind === 'rejected' || kind === 'expired'
        ? REFUND_REASONS[kind]
        : booking.status === 'pending'
          ? REFUND_REASONS.withdrawn
          : REFUND_REASONS.cancelled;
    return (won) =>
      payments.flatMap((p): BatchItem<'sqlite'>[] => [
        // What is left when the batch gets here (a staff refund may have taken part meanwhile).
        insertWhere(
          db,
          paymentRefunds,
          {
            sessionId: p.sessionId,
            bookingId: booking.id,
            paymentLineId: p.lineId,
            amountBaisa: remainderSql(p.lineId),
            reason,
            status: 'requested',
            requestedBy: actor?.id ?? null,
          },
          sql`${won} and ${remainderSql(p.lineId)} > 0`,
        ),
        insertWhere(
          db,
          auditLog,
          auditEntry(actor, 'payment.refund_requested', 'payment', p.sessionId, null, {
            bookingId: booking.id,
            paymentLineId: p.lineId,
            amountBaisa: p.remainderBaisa,
            reason,
          }),
          won,
        ),
      ]);
  }
  const [settings, businessDate] = await Promise.all([
    readTaxSettings(db),
    businessDateQuery(db, cancellation.now),
  ]);
  const keptBaisa = payments.reduce((sum, p) => sum + p.remainderBaisa, 0);
  // The payment kept is what the guest paid, taxes included, whatever the hotel's prices say.
  const values = chargeLineValues(
    { ...settings, pricesIncludeTaxes: true },
    'other',
    businessDate,
    keptBaisa,
  );
  const stillLeft = sql.join(
    payments.map((p) => remainderSql(p.lineId)),
    sql` + `,
  );
  return (won) => [
    // Only if nothing changed what is left meanwhile, so the folio balances exactly.
    cancellationChargeStatement(
      db,
      {
        bookingId: booking.id,
        values,
        businessDate,
        // Posted by staff's move, or by the system (a guest's own cancellation, the cron).
        createdBy: actor && hasRole(actor, 'staff') ? actor.id : null,
      },
      sql`${won} and (${stillLeft}) = ${keptBaisa}`,
    ),
    insertWhere(
      db,
      auditLog,
      auditEntry(actor, 'folio.charge', 'booking', booking.id, null, {
        department: 'other',
        description: CANCELLATION_CHARGE_DESCRIPTION,
        quantity: 1,
        ...values,
        businessDate,
        cancellation: kind,
      }),
      won,
    ),
  ];
};

/** How far back (business dates) the invoices' sweep looks for a cancellation charge left uninvoiced. */
const SWEEP_DAYS = 3;

/**
 * Issues the tax invoice of each cancelled booking's cancellation charge not yet on one. The
 * cancelling paths (bookings, the front desk, the day close) cannot call this module, and the
 * invoice is a batch of its own after the cancellation's, so it runs as the refunds do: after
 * every successful write (the cancelling request's own, right after its answer) and from the
 * five-minute cron. Why a query and not a queue: the charge line itself is the queue. It is
 * found along the folio's business-date index (`folio_lines_business_date_idx`), over the last
 * SWEEP_DAYS days only, so the read stays the size of a few days' lines however long the folio's
 * history grows, and needs no table or index of its own; a charge still uninvoiced after that
 * (the invoice refused for days) is left to staff, who issue it from the folio. Two runs at once
 * are safe: an invoice's batch takes its lines once (`issueInvoice`).
 */
export async function invoiceCancellationCharges(db: Db, now = new Date()): Promise<number> {
  const since = addDays(hotelToday(now), -SWEEP_DAYS);
  const due = await uninvoicedCancellationCharges(db, since);
  let issued = 0;
  for (const { bookingId } of due) {
    try {
      await issueInvoice(db, null, bookingId, {}, now);
      issued += 1;
    } catch (err) {
      // Issued by another run meanwhile.
      if (!(err instanceof ApiError && err.code === 'nothing_to_invoice')) throw err;
    }
  }
  return issued;
}
