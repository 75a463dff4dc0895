import { Trans, useLingui } from '@lingui/react/macro';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { type SellableRatePlan } from '@/entities/rates/get-rate-plans';
import {
  breakfastText,
  cancellationRuleText,
  depositRuleText,
  ratePlanName,
} from '@/entities/rates/rate-plan-labels';
import { useLanguage } from '@/hooks/use-language';
import { formatPrice } from '@/lib/format';

/** A plan's price for the stay: the quote's total, refused by a restriction (said under the dates), or not known. */
export type PlanStayPrice = { kind: 'price'; totalBaisa: number } | { kind: 'refused' } | { kind: 'unknown' };

/**
 * The booking form's rate plan: each plan selling the room type (standard first) with its name,
 * whether breakfast is included, its cancellation rule and what it asks to be paid in advance in
 * words, and its price for the stay (the server's quote). Said in full in each option's accessible name.
 */
export function BookingRatePlanField({
  plans,
  value,
  onChange,
  prices,
  siteFreeHours,
}: {
  plans: readonly SellableRatePlan[];
  value: string;
  onChange: (code: string) => void;
  /** By plan code. */
  prices: ReadonlyMap<string, PlanStayPrice>;
  siteFreeHours: number | undefined;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  return (
    <RadioGroup
      label={t`Rate`}
      value={value}
      onChange={onChange}
      optionsClassName="flex flex-col gap-2"
      data-testid="rate-plans"
    >
      {plans.map((plan) => {
        const price = prices.get(plan.code) ?? { kind: 'unknown' };
        return (
          <RadioOption
            key={plan.code}
            value={plan.code}
            className="flex-col items-stretch gap-0.5 text-start"
            data-testid={`rate-plan-${plan.code}`}
          >
            <span className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="font-bold">{ratePlanName(plan, plan.code, language)}</span>
              {price.kind === 'price' ? (
                <span className="font-bold whitespace-nowrap" data-testid={`rate-plan-price-${plan.code}`}>
                  {formatPrice(price.totalBaisa, language)}{' '}
                  <span className="text-sm font-normal">
                    <Trans>for the stay</Trans>
                  </span>
                </span>
              ) : null}
            </span>
            <span className="text-sm font-normal">
              {breakfastText(plan.breakfastIncluded)} ·{' '}
              {cancellationRuleText(plan.cancellation, siteFreeHours, language)}
            </span>
            <span className="text-sm font-normal" data-testid={`rate-plan-deposit-${plan.code}`}>
              {depositRuleText(plan.deposit, plan.cancellation, language)}
            </span>
            {price.kind === 'refused' ? (
              <span className="text-sm font-normal" data-testid={`rate-plan-refused-${plan.code}`}>
                <Trans>Not for these dates (see under the dates)</Trans>
              </span>
            ) : null}
          </RadioOption>
        );
      })}
    </RadioGroup>
  );
}
