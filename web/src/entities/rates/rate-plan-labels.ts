import { t } from '@lingui/core/macro';
import type { Language } from '@shared/constants';
import { STANDARD_RATE_PLAN, type CancellationRule, type DepositRule } from '@shared/rates';
import { hoursCount } from '@/lib/counts';
import { formatCount } from '@/lib/format';

/** A plan's name in the page's language; the code for a plan no longer listed (retired). */
export function ratePlanName(
  plan: { nameAr: string; nameEn: string } | undefined,
  code: string,
  language: Language,
): string {
  if (!plan) return code === STANDARD_RATE_PLAN ? t`Standard rate` : code;
  return language === 'ar' ? plan.nameAr : plan.nameEn;
}

/**
 * A cancellation rule in words. `null` (a booking made before plans existed) is the site's free
 * cancellation hours, as it was sold under.
 */
export function cancellationRuleText(
  rule: CancellationRule | null | undefined,
  siteFreeHours: number | undefined,
  language: Language,
): string {
  if (rule?.kind === 'non_refundable') return t`Non-refundable: nothing is refunded if you cancel`;
  const hours = rule?.kind === 'free_until' ? rule.hours : siteFreeHours;
  if (hours === undefined) return t`Free cancellation before arrival`;
  if (hours === 0) return t`Free cancellation until check-in time on the arrival day`;
  const count = hoursCount(hours, language);
  return t`Free cancellation until ${count} before arrival`;
}

/** Whether the plan's price includes breakfast, in words. */
export function breakfastText(included: boolean): string {
  return included ? t`Breakfast included` : t`Room only, no breakfast`;
}

/**
 * What a plan asks to be paid before arrival, in words (shared/src/payments.ts depositDueBaisa): the
 * whole stay on a non-refundable plan, else its deposit rule; nothing asked is paid at the hotel.
 */
export function depositRuleText(
  deposit: DepositRule | null | undefined,
  cancellation: CancellationRule | null | undefined,
  language: Language,
): string {
  if (cancellation?.kind === 'non_refundable') return t`The whole stay is paid in advance`;
  if (!deposit || deposit.kind === 'none') return t`No deposit: pay at the hotel`;
  if (deposit.kind === 'first_night') return t`Deposit: the first night, paid in advance`;
  const percent = formatCount(deposit.percent, language);
  return t`Deposit: ${percent}% of the stay, paid in advance`;
}
