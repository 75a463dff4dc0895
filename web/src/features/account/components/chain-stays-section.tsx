import { Trans, useLingui } from '@lingui/react/macro';
import { formatBookingReference } from '@shared/booking-reference';
import { statusLabel } from '@/entities/bookings/booking-labels';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/format';
import { useChainStays } from '../api/chain-stays';

/**
 * "Your stays at our other hotels" on the account page (a lazy chunk; docs/decisions/103): the
 * account's bookings at the chain's other hotels, each with its hotel and a link to it there (the
 * same account signs in). Nothing is shown on a deployment of one hotel, or before a first stay
 * elsewhere.
 */
export default function ChainStaysSection() {
  const { i18n } = useLingui();
  const language = useLanguage();
  const stays = useChainStays();
  const elsewhere = (stays.data ?? []).filter((stay) => !stay.hotel.current);
  if (elsewhere.length === 0) return null;
  return (
    <section
      aria-labelledby="chain-stays-heading"
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
      data-testid="chain-stays"
    >
      <h2 id="chain-stays-heading" className="text-lg font-bold text-slate-900">
        <Trans>Your stays at our other hotels</Trans>
      </h2>
      <ul className="flex flex-col divide-y divide-sand-100">
        {elsewhere.map(({ hotel, booking }) => {
          const name = language === 'ar' ? hotel.nameAr : hotel.nameEn;
          const from = formatDate(booking.checkInDate, language);
          const to = formatDate(booking.checkOutDate, language);
          return (
            <li
              key={`${hotel.code}:${booking.id}`}
              className="flex flex-wrap items-baseline justify-between gap-2 py-2"
              data-hotel={hotel.code}
            >
              <span className="flex flex-col">
                <span className="font-semibold text-slate-900">{name}</span>
                <span className="text-sm text-slate-700">
                  <Trans>
                    {from} to {to}
                  </Trans>{' '}
                  · <bdi dir="ltr">{formatBookingReference(booking.reference)}</bdi> ·{' '}
                  {statusLabel(i18n, booking.status)}
                </span>
              </span>
              <a className="text-teal-800 underline" href={`${hotel.origin}/booking/${booking.reference}`}>
                <Trans>See it at {name}</Trans>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
