import { t } from '@lingui/core/macro';
import type { Language } from '@shared/constants';
import { STANDARD_RATE_PLAN, type CancellationRule } from '@shared/rates';
import { hoursCount } from '@/lib/counts';

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
