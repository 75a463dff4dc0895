import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-aria-components';
import { BookingReference } from '@/components/booking-reference';
import { STATUS_BADGE_CLASS, statusLabel } from '@/entities/bookings/booking-labels';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/format';
import { useDeviceBookings } from '../../api/device-bookings';

/**
 * "On this device": the bookings this device made or opened, each a link to its page, so a guest
 * who booked without an account (and perhaps without an e-mail) finds theirs again without the
 * reference. Nothing when there are none.
 */
export function DeviceBookings() {
  const { i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const bookings = useDeviceBookings().data ?? [];
  if (bookings.length === 0) return null;
  return (
    <section
      aria-labelledby="device-bookings-heading"
      className="flex flex-col gap-3"
      data-testid="device-bookings"
    >
      <h2 id="device-bookings-heading" className="text-xl font-bold text-teal-800">
        <Trans>Your bookings on this device</Trans>
      </h2>
      <ul className="flex flex-col gap-2">
        {bookings.map((booking) => (
          <li key={booking.reference}>
            <Link
              href={`/booking/${booking.reference}`}
              className="flex flex-wrap items-center justify-between gap-2 rounded-2xl border border-sand-200 bg-white p-4 text-start no-underline shadow-sm outline-none data-[hovered]:border-teal-700 data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
            >
              <span className="flex flex-col gap-1">
                <span className="font-bold text-slate-900">
                  {roomName(booking.roomType)} · {formatDate(booking.checkInDate, language)} –{' '}
                  {formatDate(booking.checkOutDate, language)}
                </span>
                <span className="text-sm text-slate-700">
                  <BookingReference reference={booking.reference} />
                </span>
              </span>
              <span
                className={`rounded-full px-3 py-1 text-sm font-bold ${STATUS_BADGE_CLASS[booking.status]}`}
              >
                {statusLabel(i18n, booking.status)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
