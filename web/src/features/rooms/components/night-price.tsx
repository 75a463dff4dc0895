import { useLingui } from '@lingui/react/macro';
import { formatPrice } from '@/lib/format';
import type { Language } from '@shared/constants';

/**
 * The discounted price per night, with the original struck through (read as "was …") when it is
 * higher: a room type the hotel sells at one price shows that price alone.
 */
export function NightPrice({
  priceBaisa,
  originalBaisa,
  language,
  priceTestId,
}: {
  priceBaisa: number;
  originalBaisa: number;
  language: Language;
  priceTestId?: string;
}) {
  const { t } = useLingui();
  return (
    <p className="flex flex-wrap items-baseline gap-x-3">
      <span className="text-2xl font-bold text-teal-800" data-testid={priceTestId}>
        {formatPrice(priceBaisa, language)}
      </span>
      {originalBaisa > priceBaisa && (
        <s className="text-slate-600">
          <span className="sr-only">{t`Was`} </span>
          {formatPrice(originalBaisa, language)}
        </s>
      )}
      <span className="text-sm text-slate-700">{t`per night`}</span>
    </p>
  );
}
