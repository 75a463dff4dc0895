import { depositDueBaisa, isNonRefundable } from '@shared/payments';
import type { CancellationRule, DepositRule } from '@shared/rates';
import type { StayPrice } from './live-price';

/**
 * What the chosen plan asks to be paid and how: nothing before arrival (paid at the hotel), a
 * deposit online, or the whole stay online (a non-refundable plan); `confirmsOnPayment`: the plan
 * confirms the booking as soon as that is paid (its `confirmOnDeposit`, decision 071).
 */
export type PlanPayment =
  { kind: 'at_hotel' } | { kind: 'deposit' | 'whole_stay'; dueNowBaisa: number; confirmsOnPayment: boolean };

/** The booking form's payment terms for the chosen plan and the stay's price (the server's rule). */
export function planPayment(
  plan:
    | { deposit: DepositRule | null; cancellation: CancellationRule | null; confirmOnDeposit: boolean }
    | undefined,
  price: StayPrice | null,
): PlanPayment {
  if (!plan || !price) return { kind: 'at_hotel' };
  const dueNowBaisa = depositDueBaisa(plan.deposit, plan.cancellation, {
    totalBaisa: price.totalBaisa,
    nightPrices: price.nights.map((n) => n.priceBaisa),
    nights: price.nights.length,
  });
  if (dueNowBaisa <= 0) return { kind: 'at_hotel' };
  return {
    kind: isNonRefundable(plan.cancellation) ? 'whole_stay' : 'deposit',
    dueNowBaisa,
    confirmsOnPayment: plan.confirmOnDeposit,
  };
}
