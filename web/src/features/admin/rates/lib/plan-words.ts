import { t } from '@lingui/core/macro';
import type { Language } from '@shared/constants';
import { DEFAULT_EXTRA_GUEST_BAISA, type CancellationRule, type DepositRule } from '@shared/rates';
import { hoursCount } from '@/lib/counts';
import { formatPrice } from '@/lib/format';
import { formatWholePercent } from '@shared/intl-cache';

/** A plan's name in the page's language. */
export const planName = (plan: { nameAr: string; nameEn: string }, language: Language) =>
  language === 'ar' ? plan.nameAr : plan.nameEn;

/** The cancellation rule in staff's words. */
export function cancellationText(rule: CancellationRule, language: Language): string {
  if (rule.kind === 'non_refundable') return t`Non-refundable`;
  if (rule.hours === 0) return t`Free cancellation until check-in time`;
  const hours = hoursCount(rule.hours, language);
  return t`Free cancellation until ${hours} before arrival`;
}

/** The deposit rule in words. */
export function depositText(rule: DepositRule, language: Language): string {
  if (rule.kind === 'none') return t`No deposit`;
  if (rule.kind === 'first_night') return t`The first night`;
  const percent = formatWholePercent(rule.percent, language);
  return t`${percent} of the stay`;
}

/** Where a plan with a parent takes its prices from, in words. */
export function parentPricesText(parentName: string, percent: number, language: Language): string {
  const amount = formatWholePercent(Math.abs(percent), language);
  if (percent < 0) return t`${amount} less than ${parentName}, unless a night has its own price`;
  if (percent > 0) return t`${amount} more than ${parentName}, unless a night has its own price`;
  return t`The prices of ${parentName}, unless a night has its own price`;
}

/**
 * What each guest beyond a room type's base occupancy pays a night on a plan, in words: its own
 * price, else its parent's night (adjusted, extras included), else each room type's own.
 */
export function extraGuestText(
  plan: { extraGuestPriceBaisa: number | null; parentCode: string | null },
  parentName: string,
  language: Language,
): string {
  if (plan.extraGuestPriceBaisa !== null) {
    const price = formatPrice(plan.extraGuestPriceBaisa, language);
    return t`${price} a night, unless a night has its own`;
  }
  if (plan.parentCode !== null) return t`As ${parentName}, adjusted by its percentage`;
  const spec = formatPrice(DEFAULT_EXTRA_GUEST_BAISA, language);
  return t`Each room type's own (${spec} for a type without one)`;
}

/**
 * The bulk edit's word under its extra-guest field: what the nights' extra-guest price is where
 * they set none (the plan's own, else its parent's night adjusted, else each room type's own).
 */
export function unsetExtraGuestText(
  plan: { extraGuestPriceBaisa: number | null; parentCode: string | null },
  parentName: string,
  language: Language,
): string {
  if (plan.extraGuestPriceBaisa !== null) {
    const price = formatPrice(plan.extraGuestPriceBaisa, language);
    return t`Not set: the plan's ${price}`;
  }
  if (plan.parentCode !== null) return t`Not set: as ${parentName}, adjusted by its percentage`;
  const spec = formatPrice(DEFAULT_EXTRA_GUEST_BAISA, language);
  return t`Not set: each room type's own, else ${spec}`;
}
