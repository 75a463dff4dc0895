import { Plural, Trans } from '@lingui/react/macro';
import { formatCount, formatPrice } from '@/lib/format';
import { guestsCount } from '@/lib/counts';
import { useLanguage } from '@/hooks/use-language';
import { type LivePrice } from '../lib/live-price';

/**
 * The booking form's total price, following every change: nights × the night's price (with the
 * guest surcharge and today's offer said), or what is still missing to compute it. Only shown;
 * the server computes the price it keeps.
 */
export function BookingPriceBox({
  price,
  guests,
  roomTypeMissing,
}: {
  price: LivePrice | null;
  guests: number;
  /** The quick-booking form without a room type yet: the guest is asked for both. */
  roomTypeMissing: boolean;
}) {
  const language = useLanguage();
  const nightsText = price ? formatCount(price.nights, language) : '';
  return (
    <section
      aria-labelledby="price-box-heading"
      aria-live="polite"
      className="flex flex-col gap-1 rounded-2xl bg-sand-100 p-4"
      data-testid="price-box"
    >
      <h3 id="price-box-heading" className="text-sm font-semibold text-slate-700">
        <Trans>Total price</Trans>
      </h3>
      {price ? (
        <>
          <p className="text-2xl font-bold text-teal-800" data-testid="price-total">
            {formatPrice(price.totalBaisa, language)}
          </p>
          <p className="text-sm text-slate-700">
            <Plural value={price.nights} one={`${nightsText} night`} other={`${nightsText} nights`} /> ×{' '}
            {formatPrice(price.perNightBaisa, language)}
            {price.surchargePerNightBaisa > 0 ? (
              <>
                {' '}
                <Trans>
                  (includes {formatPrice(price.surchargePerNightBaisa, language)} a night for{' '}
                  {guestsCount(guests, language)})
                </Trans>
              </>
            ) : null}
          </p>
          {price.offerApplied ? (
            <p className="text-sm font-semibold text-teal-800" data-testid="price-offer">
              <Trans>Today’s offer price for this room</Trans>
            </p>
          ) : null}
          <p className="text-xs text-slate-600">
            <Trans>Paid in cash at the hotel; the hotel confirms the final price.</Trans>
          </p>
        </>
      ) : (
        <p className="text-slate-700">
          {roomTypeMissing ? (
            <Trans>Choose a room type and your dates to see the price.</Trans>
          ) : (
            <Trans>Choose your dates to see the price.</Trans>
          )}
        </p>
      )}
    </section>
  );
}
