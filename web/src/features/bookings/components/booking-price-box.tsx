import { Plural, Trans } from '@lingui/react/macro';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { guestsCount } from '@/lib/counts';
import { useLanguage } from '@/hooks/use-language';
import { type StayPrice } from '../lib/live-price';
import type { PlanPayment } from '../lib/plan-payment';

/**
 * The booking form's price of the stay, following every change: each night's date and price on
 * the chosen plan for the guests, and the total, from the server's quote; offline (or before the
 * quote answers) from the calendar as last loaded, said to be confirmed by the hotel. Or what is
 * still missing to compute it. Only shown; the server prices the booking by the same rule.
 */
export function BookingPriceBox({
  price,
  guests,
  planName,
  offerApplied,
  roomTypeMissing,
  refused,
  quoteRefusal,
  stayChosen,
  payment = { kind: 'at_hotel' },
}: {
  price: StayPrice | null;
  guests: number;
  /** The chosen plan's name (when the room type sells more than one). */
  planName?: string;
  /** Today's offer sets the room type's price (decision 014). */
  offerApplied: boolean;
  /** The quick-booking form without a room type yet: the guest is asked for both. */
  roomTypeMissing: boolean;
  /** The stay is refused on the plan (a restriction, said under the dates): no price. */
  refused: boolean;
  /**
   * The server refused to price the stay (422 over_occupancy, 400 ...): its message, already in the
   * user's language, said in place of the price (the phone is online: not the offline text).
   */
  quoteRefusal?: string;
  /** Both dates make a stay (its price is not known on the device yet). */
  stayChosen: boolean;
  /** The chosen plan's payment terms (none given: paid at the hotel, as before plans). */
  payment?: PlanPayment;
}) {
  const language = useLanguage();
  const nights = price?.nights.length ?? 0;
  const nightsText = formatCount(nights, language);
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
      {price && !refused && !quoteRefusal ? (
        <>
          <p className="text-2xl font-bold text-teal-800" data-testid="price-total">
            {formatPrice(price.totalBaisa, language)}
          </p>
          <p className="text-sm text-slate-700">
            <Plural value={nights} one={`${nightsText} night`} other={`${nightsText} nights`} /> ·{' '}
            {guestsCount(guests, language)}
            {planName ? ` · ${planName}` : ''}
          </p>
          <table className="mt-1 w-full text-sm text-slate-800" data-testid="price-nights">
            <caption className="sr-only">
              <Trans>Price of each night</Trans>
            </caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">
                  <Trans>Night</Trans>
                </th>
                <th scope="col">
                  <Trans>Price</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {price.nights.map((night) => (
                <tr
                  key={night.date}
                  className="border-t border-sand-200"
                  data-testid={`price-night-${night.date}`}
                >
                  <th scope="row" className="py-1 text-start font-normal">
                    {formatDate(night.date, language)}
                  </th>
                  <td className="py-1 text-end font-semibold whitespace-nowrap">
                    {formatPrice(night.priceBaisa, language)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {offerApplied ? (
            <p className="text-sm font-semibold text-teal-800" data-testid="price-offer">
              <Trans>Today’s offer price for this room</Trans>
            </p>
          ) : null}
          {price.quoted ? (
            <PaymentTerms payment={payment} />
          ) : (
            <p className="text-sm font-semibold text-amber-900" data-testid="price-unconfirmed">
              <Trans>
                Prices as last loaded on this device: the hotel confirms the price when your request reaches
                it.
              </Trans>
            </p>
          )}
        </>
      ) : (
        <p className="text-slate-700">
          {refused ? (
            <Trans>These dates cannot be booked on this rate: see the message under the dates.</Trans>
          ) : quoteRefusal ? (
            <span role="alert" data-testid="price-refused">
              {quoteRefusal}
            </span>
          ) : stayChosen && !roomTypeMissing ? (
            <Trans>The price shows once your phone is online again; the hotel confirms it.</Trans>
          ) : roomTypeMissing ? (
            <Trans>Choose a room type and your dates to see the price.</Trans>
          ) : (
            <Trans>Choose your dates to see the price.</Trans>
          )}
        </p>
      )}
    </section>
  );
}

/** The chosen plan's payment terms only: what is due now and how, and what follows from paying. */
function PaymentTerms({ payment }: { payment: PlanPayment }) {
  const language = useLanguage();
  if (payment.kind === 'at_hotel') {
    return (
      <p className="text-xs text-slate-600" data-testid="price-payment">
        <Trans>Paid in cash at the hotel; the hotel confirms the final price.</Trans>
      </p>
    );
  }
  const amount = formatPrice(payment.dueNowBaisa, language);
  return (
    <p className="text-sm text-slate-800" data-testid="price-payment">
      {payment.kind === 'whole_stay' ? (
        <Trans>
          Due now: the whole stay, <bdi>{amount}</bdi>, paid online after you book.
        </Trans>
      ) : (
        <Trans>
          Due now: a deposit of <bdi>{amount}</bdi>, paid online after you book; the rest at the hotel.
        </Trans>
      )}{' '}
      {payment.confirmsOnPayment ? (
        <Trans>Your booking is confirmed as soon as it is paid.</Trans>
      ) : (
        <Trans>The hotel confirms your booking.</Trans>
      )}
    </p>
  );
}
