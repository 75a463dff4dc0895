import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatTimeOfDay } from '@/lib/format-time';
import { nightsBetween } from '@shared/money';
import { BookingReference } from '@/components/booking-reference';
import { HotelPhoneLink } from '@/components/hotel-phone-link';
import { STATUS_BADGE_CLASS, statusLabel } from '@/entities/bookings/booking-labels';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { guestsCount, pointsCount } from '@/lib/counts';
import { formatCount, formatDate, formatDateTime, formatPrice } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import type { ManagedBooking } from '../../api/managed-booking';
import { ManageActions } from './manage-actions';
import { BookingRateSummary } from '../booking-rate-summary';
import { OnlineCheckInSection } from './online-check-in-section';
import { StayRequestsSection } from './stay-requests-section';
import { MessageDeskSection } from './message-desk-section';
import { BillSection } from './bill-section';
import { PaymentSection } from './payment-section';
import { ExtrasLinkSection } from './extras-link-section';

const sectionClass = 'flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6';

/**
 * A booking's page: its status (the words of My bookings), reference, stay, price and
 * what is due now and paid (payment-section.tsx), the cancellation policy (the deadline in the
 * hotel's time), then the actions the other sections fill (cancel and change; online check-in).
 */
export function ManagedBookingDetails({ booking, offline }: { booking: ManagedBooking; offline: boolean }) {
  const { t, i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const nights = Math.max(1, nightsBetween(booking.checkInDate, booking.checkOutDate));
  const nightsText = formatCount(nights, language);
  const room = roomName(booking.roomType);
  // A page kept on the device from before the desk's check-in has no `stay`: shown as not checked in.
  const stay: ManagedBooking['stay'] = (booking.stay as ManagedBooking['stay'] | undefined) ?? {
    roomNumber: null,
    checkedInAt: null,
    checkedOutAt: null,
    departureTime: '',
  };
  const checkOutDate = formatDate(booking.checkOutDate, language);
  const departureTime = formatTimeOfDay(stay.departureTime, language);
  const rows: [ReactNode, ReactNode][] = [
    [
      <Trans key="r">Room</Trans>,
      stay.roomNumber ? (
        <Trans key="rv">
          {room}, room{' '}
          <span translate="no" data-testid="booking-room-number">
            {formatRoomNumber(stay.roomNumber, language)}
          </span>
        </Trans>
      ) : (
        room
      ),
    ],
    [<Trans key="ci">Check-in</Trans>, formatDate(booking.checkInDate, language)],
    [
      <Trans key="co">Check-out</Trans>,
      stay.checkedInAt && !stay.checkedOutAt ? (
        <Trans key="cov">
          {checkOutDate}, by <bdi>{departureTime}</bdi>
        </Trans>
      ) : (
        checkOutDate
      ),
    ],
    [<Trans key="n">Nights</Trans>, nightsText],
    [
      <Trans key="g">Guests</Trans>,
      booking.numberOfGuests === null
        ? '—'
        : // With children, how many of each (a page kept from before them has no counts: all adults).
          (booking.children ?? 0) > 0
          ? t`${guestsCount(booking.numberOfGuests, language)}: ${formatCount(booking.adults ?? 0, language)} adults, ${formatCount(booking.children ?? 0, language)} children`
          : guestsCount(booking.numberOfGuests, language),
    ],
    [
      <Trans key="t">Total</Trans>,
      booking.isPointsBooking
        ? pointsCount(booking.pointsUsed, language)
        : booking.totalPriceBaisa === null
          ? '—'
          : formatPrice(booking.totalPriceBaisa, language),
    ],
    [<Trans key="name">Name</Trans>, booking.fullName],
  ];
  return (
    <div className="flex flex-col gap-5" data-testid="managed-booking">
      {offline ? (
        <p role="status" className="rounded-xl bg-amber-50 p-3 text-amber-900">
          <Trans>You are offline: this is your booking as last loaded on this device.</Trans>
        </p>
      ) : null}
      <section className={sectionClass} aria-labelledby="booking-stay-heading">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id="booking-stay-heading" className="text-xl font-bold text-slate-900">
            <Trans>Your stay</Trans>
          </h2>
          <span
            className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_BADGE_CLASS[booking.status]}`}
            data-testid="booking-status"
          >
            {/* Read out with its name: "Status: Pending". */}
            <span className="sr-only">
              <Trans>Status:</Trans>{' '}
            </span>
            {statusLabel(i18n, booking.status)}
          </span>
        </div>
        {stay.checkedInAt ? (
          <p
            className="rounded-xl bg-teal-50 p-3 font-semibold text-teal-900"
            data-testid="booking-desk-state"
          >
            {stay.checkedOutAt ? (
              <Trans>Checked out {formatDateTime(stay.checkedOutAt, language)}</Trans>
            ) : (
              <Trans>Checked in {formatDateTime(stay.checkedInAt, language)}</Trans>
            )}
          </p>
        ) : null}
        <p className="text-slate-700">
          <Trans>Booking reference</Trans>{' '}
          <BookingReference reference={booking.reference} className="text-lg text-slate-900" />
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          {rows.map(([label, value], i) => (
            <div key={i} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {booking.isPointsBooking ? null : (
          <BookingRateSummary
            ratePlan={booking.ratePlan}
            nightPrices={booking.nightPrices}
            cancellationRule={booking.cancellationRule}
          />
        )}
        {booking.status === 'cancelled' && booking.statusReason === 'no_show' ? (
          <p className="text-slate-700">
            <Trans>Cancelled: you did not arrive on the check-in day.</Trans>
          </p>
        ) : booking.status === 'cancelled' && booking.statusReason ? (
          <p className="text-slate-700">
            <Trans>Reason: {booking.statusReason}</Trans>
          </p>
        ) : null}
      </section>
      <PaymentSection booking={booking} />
      <ExtrasLinkSection booking={booking} />
      <BookingCancellationPolicy booking={booking} />
      <ManageActions booking={booking} />
      <OnlineCheckInSection booking={booking} />
      <StayRequestsSection booking={booking} />
      <MessageDeskSection booking={booking} />
      <BillSection booking={booking} />
    </div>
  );
}

/**
 * The rule and its deadline for this booking (hotel time), and the hotel's own words, unless the
 * booking was sold non-refundable: the hotel's general words then tell another rule (its free
 * cancellation), so only the booking's own is said. Exported for its test.
 */
export function BookingCancellationPolicy({ booking }: { booking: ManagedBooking }) {
  const language = useLanguage();
  const deadline = formatDateTime(booking.policy.cancellationDeadline, language);
  const nonRefundable = booking.policy.nonRefundable || booking.cancellationRule?.kind === 'non_refundable';
  const text = nonRefundable
    ? ''
    : (language === 'ar' ? booking.policyText.ar : booking.policyText.en).trim();
  const open =
    booking.status === 'pending' || booking.status === 'approved' || booking.status === 'confirmed';
  // A stay cancelled or over has no rule left to tell: no card with a heading alone.
  if (!open && !text) return null;
  return (
    <section className={sectionClass} aria-labelledby="booking-policy-heading" data-testid="booking-policy">
      <h2 id="booking-policy-heading" className="text-xl font-bold text-slate-900">
        <Trans>Cancellation policy</Trans>
      </h2>
      {!open ? null : booking.policy.nonRefundable && booking.policy.mayCancel ? (
        <p className="text-slate-800" data-testid="policy-non-refundable">
          <Trans>
            Non-refundable: you may cancel until <strong className="whitespace-nowrap">{deadline}</strong>{' '}
            (Oman time), but nothing is refunded, and the booking cannot be changed.
          </Trans>
        </p>
      ) : booking.status === 'pending' ? (
        <p className="text-slate-800">
          <Trans>
            While your request waits for the hotel, you may cancel or change it at any time. Once it is
            approved, free cancellation and changes are possible until{' '}
            <strong className="whitespace-nowrap">{deadline}</strong> (Oman time).
          </Trans>
        </p>
      ) : booking.policy.mayCancel ? (
        <p className="text-slate-800">
          <Trans>
            Free cancellation and changes until <strong className="whitespace-nowrap">{deadline}</strong>{' '}
            (Oman time).
          </Trans>
        </p>
      ) : (
        <p className="text-slate-800">
          <Trans>
            The free cancellation deadline, <strong className="whitespace-nowrap">{deadline}</strong> (Oman
            time), has passed. To change or cancel, please call the hotel.
          </Trans>{' '}
          <HotelPhoneLink className="font-semibold text-teal-800 underline underline-offset-4" />
        </p>
      )}
      {text ? <p className="whitespace-pre-line text-slate-700">{text}</p> : null}
    </section>
  );
}
