import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, Suspense, useState } from 'react';
import { lazy } from '@/lib/lazy';
import type { BookingStatus } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { BookingReference } from '@/components/booking-reference';
import { formatCount, formatDate, formatDateTime, formatPrice } from '@/lib/format';
import type { AdminBooking } from '@/entities/admin/bookings/get-bookings';
import {
  bedLabel,
  labelOf,
  paymentLabel,
  smokingLabel,
  STATUS_LABELS,
  statusLabel,
} from '@/entities/bookings/booking-labels';
import { ROOM_NAMES } from '@/entities/rooms/room-names';
import type { Decision } from '../lib/booking-decisions';
import { useLanguage } from '@/hooks/use-language';
import { TrashIcon } from '@/components/more-icons';

const AssistantConversationDialog = lazy(() => import('./assistant-conversation-dialog'));
/** ASSISTANT_BOOKING_TYPE (shared/src/booking-schemas.ts), without loading zod for one string. */
const ASSISTANT_BOOKING = 'chat_assistant';

/** Admin spec section 2, "Booking alerts": the banner under each decided booking. */
const STATUS_BANNERS: Partial<Record<BookingStatus, MessageDescriptor>> = {
  approved: msg`Booking Approved - Processing`,
  completed: msg`Your request confirmed`,
  cancelled: msg`Booking has been cancelled`,
};

const badgeClass: Record<BookingStatus, string> = {
  pending: 'bg-amber-100 text-amber-950 ring-amber-300',
  approved: 'bg-sky-100 text-sky-950 ring-sky-300',
  confirmed: 'bg-teal-700 text-white ring-teal-800',
  completed: 'bg-emerald-100 text-emerald-950 ring-emerald-300',
  cancelled: 'bg-red-100 text-red-900 ring-red-300',
};

const bannerClass: Partial<Record<BookingStatus, string>> = {
  approved: 'bg-sky-50 text-sky-950',
  completed: 'bg-emerald-50 text-emerald-950',
  cancelled: 'bg-red-50 text-red-900',
};

export function StatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui();
  const known = status in STATUS_LABELS ? (status as BookingStatus) : null;
  return (
    <span
      data-testid="booking-status"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-bold ring-1 ${known ? badgeClass[known] : 'bg-slate-100 text-slate-900 ring-slate-300'}`}
    >
      {statusLabel(i18n, status)}
    </span>
  );
}

function Detail({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs font-semibold text-slate-600">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * One booking as staff see it (admin spec section 2): status badge, room
 * type, guest, phone, ID, dates, bed, smoking, payment, guests, total,
 * creation date, the free-night mark, and the decisions its status allows.
 */
export function BookingCard({
  booking,
  decisions,
  decisionLabels,
  onDecide,
  isOffline,
}: {
  booking: AdminBooking;
  decisions: Decision[];
  decisionLabels: Record<Decision, MessageDescriptor>;
  onDecide: (decision: Decision) => void;
  isOffline: boolean;
}) {
  const { i18n } = useLingui();
  const language = useLanguage();
  const banner = STATUS_BANNERS[booking.status as BookingStatus];
  const [readingConversation, setReadingConversation] = useState(false);
  return (
    <article
      data-testid="booking-card"
      data-booking-id={booking.id}
      aria-labelledby={`booking-${booking.id}-name`}
      className="flex h-full flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-center gap-2">
        <StatusBadge status={booking.status} />
        <span className="rounded-full bg-sand-100 px-2.5 py-0.5 text-sm font-semibold text-teal-800">
          {labelOf(i18n, ROOM_NAMES, booking.roomType)}
          {booking.roomNumber ? (
            <>
              {' · '}
              <Trans>Room {formatCount(booking.roomNumber, language)}</Trans>
            </>
          ) : null}
        </span>
        {booking.isPointsBooking ? (
          <span className="rounded-full bg-gold-400 px-2.5 py-0.5 text-sm font-bold text-slate-900">
            <Trans>Free night (points)</Trans>
          </span>
        ) : null}
        {booking.bookingType === 'quick_management' ? (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-800">
            <Trans>Quick booking</Trans>
          </span>
        ) : null}
        {booking.bookingType === ASSISTANT_BOOKING ? (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-800">
            <Trans>Booked with the assistant</Trans>
          </span>
        ) : null}
        <span className="ms-auto text-sm text-slate-700">
          <Trans>Reference</Trans>{' '}
          <BookingReference reference={booking.reference} className="text-slate-900" />
        </span>
      </header>

      <h3 id={`booking-${booking.id}-name`} className="text-lg font-bold text-slate-900">
        {booking.fullName}
      </h3>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        <Detail label={<Trans>Phone</Trans>}>
          <bdi dir="ltr">{booking.phoneNumber}</bdi>
        </Detail>
        <Detail label={<Trans>ID number</Trans>}>
          <bdi dir="ltr">{booking.idNumber}</bdi>
        </Detail>
        <Detail label={<Trans>Guests</Trans>}>{formatCount(booking.numberOfGuests, language)}</Detail>
        <Detail label={<Trans>Check-in</Trans>}>{formatDate(booking.checkInDate, language)}</Detail>
        <Detail label={<Trans>Check-out</Trans>}>{formatDate(booking.checkOutDate, language)}</Detail>
        <Detail label={<Trans>Bed</Trans>}>{bedLabel(i18n, booking.bedType)}</Detail>
        <Detail label={<Trans>Smoking preference</Trans>}>
          {smokingLabel(i18n, booking.smokingPreference)}
        </Detail>
        <Detail label={<Trans>Payment</Trans>}>
          {booking.isPointsBooking && booking.pointsUsed ? (
            <Trans>Points ({formatCount(booking.pointsUsed, language)})</Trans>
          ) : (
            paymentLabel(i18n, booking.paymentMethod)
          )}
        </Detail>
        <Detail label={<Trans>Total</Trans>}>
          {booking.totalPriceBaisa === null ? '—' : formatPrice(booking.totalPriceBaisa, language)}
        </Detail>
        <Detail label={<Trans>Requested on</Trans>}>{formatDateTime(booking.createdAt, language)}</Detail>
        {booking.holdExpiresAt ? (
          <Detail label={<Trans>Room held until</Trans>}>
            <span data-testid="hold-expires">{formatDateTime(booking.holdExpiresAt, language)}</span>
          </Detail>
        ) : null}
        {booking.userEmail ? (
          <Detail label={<Trans>E-mail</Trans>}>
            {/* Wraps before the @ when it must, never inside a word. */}
            <bdi dir="ltr" className="break-words">
              {booking.userEmail.split('@')[0]}
              <wbr />@{booking.userEmail.split('@').slice(1).join('@')}
            </bdi>
          </Detail>
        ) : null}
      </dl>

      {banner ? (
        <p
          className={`rounded-xl px-3 py-2 text-sm font-semibold ${bannerClass[booking.status as BookingStatus] ?? ''}`}
        >
          {i18n._(banner)}
          {booking.statusReason === 'expired' ? (
            <span className="block font-normal">
              <Trans>Released automatically: nobody decided in time.</Trans>
            </span>
          ) : booking.statusReason ? (
            <span className="block font-normal">
              <Trans>Reason: {booking.statusReason}</Trans>
            </span>
          ) : null}
        </p>
      ) : null}

      {booking.bookingType === ASSISTANT_BOOKING ? (
        <Button
          variant="secondary"
          className="self-start px-3 py-2 text-sm"
          onPress={() => setReadingConversation(true)}
          data-testid="booking-conversation"
        >
          <Trans>Read the conversation</Trans>
        </Button>
      ) : null}
      {readingConversation ? (
        <Suspense fallback={null}>
          <AssistantConversationDialog bookingId={booking.id} onClose={() => setReadingConversation(false)} />
        </Suspense>
      ) : null}

      {decisions.length > 0 ? (
        <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-sand-200 pt-3">
          {decisions
            .filter((decision) => decision !== 'delete')
            .map((decision) => (
              <Button
                key={decision}
                variant={decision === 'reject' || decision === 'cancel' ? 'danger' : 'primary'}
                className="px-3 py-2 text-sm"
                isDisabled={isOffline}
                onPress={() => onDecide(decision)}
              >
                {i18n._(decisionLabels[decision])}
              </Button>
            ))}
          {decisions.includes('delete') ? (
            <Button
              variant="ghost"
              className="ms-auto gap-1 px-2 py-2 text-sm text-red-800!"
              isDisabled={isOffline}
              onPress={() => onDecide('delete')}
            >
              <TrashIcon />
              {i18n._(decisionLabels.delete)}
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
