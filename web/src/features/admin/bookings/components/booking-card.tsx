import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, Suspense, useState } from 'react';
import { lazy } from '@/lib/lazy';
import type { BookingStatus } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { BookingReference } from '@/components/booking-reference';
import { Separator } from '@/components/separator';
import { formatCount, formatDate, formatDateTime, formatPrice } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { formatTimeOfDay } from '@/lib/format-time';
import type { AdminBooking } from '@/entities/admin/bookings/get-bookings';
import {
  bedLabel,
  paymentLabel,
  smokingLabel,
  STATUS_LABELS,
  statusLabel,
} from '@/entities/bookings/booking-labels';
import { useRoomName } from '@/entities/rooms/room-names';
import type { Decision } from '../lib/booking-decisions';
import { useLanguage } from '@/hooks/use-language';
import { TrashIcon } from '@/components/more-icons';
import { StayReversalActions } from '@/entities/admin/stay-reversals/stay-reversal-actions';
import { ChannelSource } from '@/entities/admin/bookings/channel-source';
import { TradeSummary } from '@/entities/admin/bookings/trade-summary';
import { formatPhone } from '@shared/phone-countries';

const AssistantConversationDialog = lazy(() => import('./assistant-conversation-dialog'));
const IdDocumentDialog = lazy(() => import('./id-document-dialog'));
const EditStayDialog = lazy(() => import('@/entities/admin/bookings/edit-stay-dialog'));
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

/** One term of the details list: a `div` holding its `dt` and `dd` (the only wrapper a `dl` allows). */
function Detail({
  label,
  children,
  wide = false,
}: {
  label: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`flex min-w-0 flex-col ${wide ? 'col-span-2 sm:col-span-4' : ''}`}>
      <dt className="text-xs font-semibold text-slate-600">{label}</dt>
      <dd className="text-sm break-words text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * One booking as staff see it (admin spec section 2), as a compact row of the desk's list: the
 * status, guest, number, room, stay, phone and total on one or two lines, the decision buttons
 * its status allows, and the rest (ID, bed, smoking, payment, guests, e-mail, when it was made,
 * how long its room is held) behind "Details".
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
  const roomName = useRoomName();
  const language = useLanguage();
  const banner = STATUS_BANNERS[booking.status as BookingStatus];
  const [readingConversation, setReadingConversation] = useState(false);
  const [viewingId, setViewingId] = useState(false);
  const [editing, setEditing] = useState(false);
  const checkIn = booking.onlineCheckIn;
  const [open, setOpen] = useState(false);
  const detailsId = `booking-${booking.id}-details`;
  const tagClass = 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800';
  return (
    <article
      data-testid="booking-card"
      data-booking-id={booking.id}
      aria-labelledby={`booking-${booking.id}-name`}
      className="flex flex-col gap-1.5 px-3 py-2.5"
    >
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <StatusBadge status={booking.status} />
        <h3
          id={`booking-${booking.id}-name`}
          className="min-w-0 flex-1 truncate text-base font-bold text-slate-900"
        >
          {booking.fullName}
        </h3>
        <span className="text-xs text-slate-600">
          <Trans>Reference</Trans>{' '}
          <BookingReference reference={booking.reference} className="text-slate-900" />
        </span>
      </div>
      <ChannelSource booking={booking} />
      <TradeSummary booking={booking} />
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-800">
        <span className="font-semibold text-teal-800">
          {roomName(booking.roomType)}
          {booking.roomNumber ? (
            <>
              <Separator />
              <Trans>
                Room <span translate="no">{formatRoomNumber(booking.roomNumber, language)}</span>
              </Trans>
            </>
          ) : null}
        </span>
        <span>
          {formatDate(booking.checkInDate, language)} – {formatDate(booking.checkOutDate, language)}
        </span>
        <bdi dir="ltr">{formatPhone(booking.phoneNumber)}</bdi>
        <span className="font-semibold">
          {booking.totalPriceBaisa === null ? '—' : formatPrice(booking.totalPriceBaisa, language)}
        </span>
        {booking.isPointsBooking ? (
          <span className="rounded-full bg-gold-400 px-2 py-0.5 text-xs font-bold text-slate-900">
            <Trans>Free night (points)</Trans>
          </span>
        ) : null}
        {booking.bookingType === 'quick_management' ? (
          <span className={tagClass}>
            <Trans>Quick booking</Trans>
          </span>
        ) : null}
        {booking.bookingType === ASSISTANT_BOOKING ? (
          <span className={tagClass}>
            <Trans>Booked with the assistant</Trans>
          </span>
        ) : null}
        {booking.stayState === 'in_house' ? (
          <span data-testid="in-house" className={tagClass}>
            <Trans>In house: check-out at the front desk</Trans>
          </span>
        ) : null}
        {checkIn ? (
          <span
            data-testid="checked-in-online"
            className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-950 ring-1 ring-emerald-300"
          >
            <Trans>Checked in online</Trans> · {formatTimeOfDay(checkIn.arrivalTime, language)}
          </span>
        ) : null}
      </p>

      {banner ? (
        <p
          className={`rounded-lg px-2 py-1 text-sm font-semibold ${bannerClass[booking.status as BookingStatus] ?? ''}`}
        >
          {i18n._(banner)}
          {booking.statusReason === 'expired' ? (
            <span className="ms-1 font-normal">
              <Trans>Released automatically: nobody decided in time.</Trans>
            </span>
          ) : booking.statusReason ? (
            <span className="ms-1 font-normal">
              <Trans>Reason: {booking.statusReason}</Trans>
            </span>
          ) : null}
        </p>
      ) : null}

      <div className="flex flex-wrap items-center gap-2">
        {decisions
          .filter((decision) => decision !== 'delete')
          .map((decision) => (
            <Button
              key={decision}
              variant={decision === 'reject' || decision === 'cancel' ? 'danger' : 'primary'}
              className="px-3 py-1.5 text-sm"
              isDisabled={isOffline}
              onPress={() => onDecide(decision)}
            >
              {i18n._(decisionLabels[decision])}
            </Button>
          ))}
        <StayReversalActions
          stay={{
            id: booking.id,
            fullName: booking.fullName,
            checkInDate: booking.checkInDate,
            checkOutDate: booking.checkOutDate,
            roomNumber: booking.roomNumber,
            bookedCheckOutDate: booking.bookedCheckOutDate,
          }}
          state={{
            status: booking.status,
            checkedInAt: booking.checkedInAt,
            checkedOutAt: booking.checkedOutAt,
          }}
          isDisabled={isOffline}
        />
        <Button
          variant="ghost"
          className="px-2 py-1.5 text-sm"
          aria-expanded={open}
          aria-controls={open ? detailsId : undefined}
          onPress={() => setOpen((o) => !o)}
        >
          {open ? <Trans>Hide details</Trans> : <Trans>Details</Trans>}
        </Button>
        {booking.stayState === 'booked' || booking.stayState === 'in_house' ? (
          <Button
            variant="ghost"
            className="px-2 py-1.5 text-sm"
            isDisabled={isOffline}
            onPress={() => setEditing(true)}
            data-testid="booking-edit-stay"
          >
            <Trans>Edit stay</Trans>
          </Button>
        ) : null}
        {booking.bookingType === ASSISTANT_BOOKING ? (
          <Button
            variant="ghost"
            className="px-2 py-1.5 text-sm"
            onPress={() => setReadingConversation(true)}
            data-testid="booking-conversation"
          >
            <Trans>Read the conversation</Trans>
          </Button>
        ) : null}
        {checkIn?.hasIdDocument ? (
          <Button
            variant="ghost"
            className="px-2 py-1.5 text-sm"
            onPress={() => setViewingId(true)}
            data-testid="view-id-document"
          >
            <Trans>View ID photo</Trans>
          </Button>
        ) : null}
        {decisions.includes('delete') ? (
          <Button
            variant="ghost"
            className="ms-auto gap-1 px-2 py-1.5 text-sm text-red-800!"
            isDisabled={isOffline}
            onPress={() => onDecide('delete')}
          >
            <TrashIcon />
            {i18n._(decisionLabels.delete)}
          </Button>
        ) : null}
      </div>

      {open ? (
        <dl
          id={detailsId}
          className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-sand-50 p-3 sm:grid-cols-4"
        >
          <Detail label={<Trans>ID number</Trans>}>
            <bdi dir="ltr">{booking.idNumber}</bdi>
          </Detail>
          <Detail label={<Trans>Guests</Trans>}>{formatCount(booking.numberOfGuests, language)}</Detail>
          {booking.children > 0 ? (
            <>
              <Detail label={<Trans>Adults</Trans>}>{formatCount(booking.adults, language)}</Detail>
              <Detail label={<Trans>Children</Trans>}>{formatCount(booking.children, language)}</Detail>
            </>
          ) : null}
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
          <Detail label={<Trans>Requested on</Trans>}>{formatDateTime(booking.createdAt, language)}</Detail>
          {booking.holdExpiresAt ? (
            <Detail label={<Trans>Room held until</Trans>}>
              <span data-testid="hold-expires">{formatDateTime(booking.holdExpiresAt, language)}</span>
            </Detail>
          ) : null}
          {checkIn ? (
            <>
              <Detail label={<Trans>Checked in online</Trans>}>
                {formatDateTime(checkIn.checkedInAt, language)}
              </Detail>
              <Detail label={<Trans>Arrival time</Trans>}>
                {formatTimeOfDay(checkIn.arrivalTime, language)}
              </Detail>
              <Detail label={<Trans>Adults</Trans>}>{formatCount(checkIn.adults, language)}</Detail>
              <Detail label={<Trans>Children</Trans>}>{formatCount(checkIn.children, language)}</Detail>
              <Detail label={<Trans>Terms accepted</Trans>}>
                {formatDateTime(checkIn.termsAcceptedAt, language)}
              </Detail>
              {checkIn.specialRequests ? (
                <Detail label={<Trans>Special requests</Trans>} wide>
                  <span dir="auto" className="whitespace-pre-line">
                    {checkIn.specialRequests}
                  </span>
                </Detail>
              ) : null}
            </>
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
      ) : null}

      {viewingId ? (
        <Suspense fallback={null}>
          <IdDocumentDialog
            bookingId={booking.id}
            guestName={booking.fullName}
            onClose={() => setViewingId(false)}
          />
        </Suspense>
      ) : null}
      {editing ? (
        <Suspense fallback={null}>
          <EditStayDialog
            booking={{
              ...booking,
              totalPrice: booking.totalPriceBaisa,
              inHouse: booking.stayState === 'in_house',
            }}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      ) : null}
      {readingConversation ? (
        <Suspense fallback={null}>
          <AssistantConversationDialog bookingId={booking.id} onClose={() => setReadingConversation(false)} />
        </Suspense>
      ) : null}
    </article>
  );
}
