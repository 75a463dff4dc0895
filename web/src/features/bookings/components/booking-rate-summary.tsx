import { Trans } from '@lingui/react/macro';
import type { CancellationRule } from '@shared/rates';
import { useRatePlans } from '@/entities/rates/get-rate-plans';
import { cancellationRuleText, ratePlanName } from '@/entities/rates/rate-plan-labels';
import { useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { useLanguage } from '@/hooks/use-language';
import { formatDate, formatPrice } from '@/lib/format';

/**
 * What a booking was sold under, as the guest keeps it (the confirmation, My bookings, the
 * booking's page): the rate plan's name, the cancellation rule in words (null: the site's free
 * cancellation hours, as for bookings made before plans) and each night's price.
 */
export function BookingRateSummary({
  ratePlan,
  names,
  nightPrices,
  cancellationRule,
}: {
  ratePlan: string;
  /** The plan's names when known without the list (the confirmation keeps them). */
  names?: { nameAr: string; nameEn: string };
  nightPrices: readonly { date: string; priceBaisa: number }[] | null | undefined;
  cancellationRule: CancellationRule | null | undefined;
}) {
  const language = useLanguage();
  const plans = useRatePlans().data?.ratePlans;
  const settings = useSiteSettings().data;
  const name = ratePlanName(names ?? plans?.find((p) => p.code === ratePlan), ratePlan, language);
  const nonRefundable = cancellationRule?.kind === 'non_refundable';
  return (
    <div className="flex flex-col gap-1 text-sm text-slate-800" data-testid="booking-rate">
      <p>
        <Trans>Rate:</Trans> <strong data-testid="booking-rate-name">{name}</strong>
      </p>
      <p
        className={nonRefundable ? 'font-semibold text-red-800' : 'text-slate-800'}
        data-testid="booking-rate-rule"
      >
        {cancellationRuleText(cancellationRule, settings?.freeCancellationHours, language)}
      </p>
      {nightPrices && nightPrices.length > 0 ? (
        <table className="w-full max-w-sm" data-testid="booking-night-prices">
          <caption className="sr-only">
            <Trans>Price of each night</Trans>
          </caption>
          <tbody>
            {nightPrices.map((night) => (
              <tr key={night.date} className="border-t border-sand-200">
                <th scope="row" className="py-0.5 text-start font-normal">
                  {formatDate(night.date, language)}
                </th>
                <td className="py-0.5 text-end font-semibold whitespace-nowrap">
                  {formatPrice(night.priceBaisa, language)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
