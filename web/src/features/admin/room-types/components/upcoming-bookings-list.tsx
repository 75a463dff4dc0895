import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BookingReference } from '@/components/booking-reference';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatDate } from '@/lib/format';
import { useUpcomingBookings } from '../api/upcoming-bookings';

/**
 * Which bookings of a type are still to come, before it is retired: the next ones by arrival
 * (reference, dates, guest; at most 20), and how many more there are.
 */
export function UpcomingBookingsList({ code }: { code: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const upcoming = useUpcomingBookings(code);
  if (upcoming.isPending) {
    return (
      <p role="status" className="text-sm text-slate-700">
        <Trans>Loading the bookings still to come…</Trans>
      </p>
    );
  }
  if (upcoming.isError) {
    return (
      <p className="text-sm text-red-900">
        {errorMessage(upcoming.error, t`The bookings still to come could not be loaded.`)}
      </p>
    );
  }
  // An answer not in the expected shape (an old cache, a stand-in server) lists nothing.
  const bookings = Array.isArray(upcoming.data?.bookings) ? upcoming.data.bookings : [];
  const more = upcoming.data?.more ?? 0;
  const moreCount = formatCount(more, language);
  return (
    <div className="flex flex-col gap-2" data-testid="upcoming-bookings">
      <ul className="flex max-h-72 flex-col divide-y divide-sand-200 overflow-y-auto rounded-xl border border-sand-200">
        {bookings.map((b) => {
          const from = formatDate(b.checkInDate, language);
          const to = formatDate(b.checkOutDate, language);
          return (
            <li key={b.id} className="flex flex-col gap-0.5 p-2 text-sm" data-testid="upcoming-booking">
              <span className="flex flex-wrap items-center gap-2">
                <BookingReference reference={b.reference} />
                <span className="font-semibold text-slate-900">{b.fullName}</span>
              </span>
              <span className="text-slate-700">
                <Trans>
                  {from} to {to}
                </Trans>
              </span>
            </li>
          );
        })}
      </ul>
      {more > 0 ? (
        <p className="text-sm text-slate-700" data-testid="upcoming-more">
          {plural(more, { one: `and ${moreCount} more`, other: `and ${moreCount} more` })}
        </p>
      ) : null}
    </div>
  );
}
