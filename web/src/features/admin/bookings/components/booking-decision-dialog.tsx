import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Language } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { departureOnCheckOut } from '@shared/early-departure';
import { nightsBetween } from '@shared/money';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatPrice } from '@/lib/format';
import { useCompleteBooking } from '../api/complete-booking';
import { useDeleteBooking } from '../api/delete-booking';
import type { AdminBooking } from '@/entities/admin/bookings/get-bookings';
import { useUpdateBookingStatus } from '../api/update-booking-status';
import { DECISION_TARGET, type Decision } from '../lib/booking-decisions';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { nightsCount, pointsCount } from '@/lib/counts';

/** The button that opens each decision, on the booking card. */
export const DECISION_LABELS: Record<Decision, MessageDescriptor> = {
  approve: msg`Approve`,
  confirm: msg`Confirm`,
  reject: msg`Reject`,
  complete: msg`Complete`,
  cancel: msg`Cancel booking`,
  delete: msg`Delete`,
};

const QUESTIONS: Record<Decision, MessageDescriptor> = {
  approve: msg`Approve this booking?`,
  confirm: msg`Confirm this booking?`,
  reject: msg`Reject this booking?`,
  complete: msg`Mark this stay as completed?`,
  cancel: msg`Cancel this booking?`,
  delete: msg`Delete this request?`,
};

const EXPLANATIONS: Record<Decision, MessageDescriptor> = {
  approve: msg`The guest is told the booking is approved and being processed.`,
  confirm: msg`The guest is told the booking is confirmed.`,
  reject: msg`The booking is cancelled and its room is released. The guest sees the reason, if you give one.`,
  complete: msg`The stay is recorded as completed and the guest's points are added.`,
  cancel: msg`The booking is cancelled and its room is released for these dates.`,
  delete: msg`The request is removed for good. It stays only in the audit log.`,
};

/** Spec section 4 and 8: the success title of each decision, and the failure title and fallback text. */
const OUTCOMES: Record<
  Decision,
  { done: MessageDescriptor; failed: MessageDescriptor; retry: MessageDescriptor }
> = {
  approve: {
    done: msg`Booking approved`,
    failed: msg`Error approving request`,
    retry: msg`Error updating booking status. Please try again.`,
  },
  confirm: {
    done: msg`Booking confirmed`,
    failed: msg`Failed to update booking status`,
    retry: msg`Error updating booking status. Please try again.`,
  },
  reject: {
    done: msg`Booking rejected`,
    failed: msg`Failed to update booking status`,
    retry: msg`Error updating booking status. Please try again.`,
  },
  complete: {
    done: msg`Booking completed`,
    failed: msg`Failed to complete booking`,
    retry: msg`Error completing booking. Please try again.`,
  },
  cancel: {
    done: msg`Booking cancelled`,
    failed: msg`Failed to cancel booking`,
    retry: msg`Error canceling booking. Please try again.`,
  },
  delete: {
    done: msg`Request deleted`,
    failed: msg`Error deleting request`,
    retry: msg`Please try again.`,
  },
};

/**
 * The confirmation every decision goes through (admin spec section 4), then
 * the call, then a toast with the server's message. Reject asks for an
 * optional reason, which the guest's notification carries.
 */
export function BookingDecisionDialog({
  request,
  onClose,
  onDone,
}: {
  request: { booking: AdminBooking; decision: Decision } | null;
  onClose: () => void;
  /** After a decision went through (the list is refreshed by then): where focus goes next. */
  onDone?: (booking: AdminBooking) => void;
}) {
  const { t, i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const updateStatus = useUpdateBookingStatus();
  const complete = useCompleteBooking();
  const remove = useDeleteBooking();
  // Keep the last request while the modal animates closed.
  const [shown, setShown] = useState(request);
  const [reason, setReason] = useState('');
  if (request && request !== shown) {
    setShown(request);
    setReason('');
  }
  const pending = updateStatus.isPending || complete.isPending || remove.isPending;

  function fail(decision: Decision, error: unknown) {
    showToast({
      variant: 'error',
      title: i18n._(OUTCOMES[decision].failed),
      description: errorMessage(error, i18n._(OUTCOMES[decision].retry)),
    });
  }

  function succeed(decision: Decision, description: string) {
    showToast({ variant: 'success', title: i18n._(OUTCOMES[decision].done), description });
    onClose();
    if (shown) onDone?.(shown.booking);
  }

  function confirm() {
    if (!shown) return;
    const { booking, decision } = shown;
    if (decision === 'delete') {
      remove.mutate(booking.id, {
        onSuccess: (result) => succeed(decision, result.message),
        onError: (error) => fail(decision, error),
      });
    } else if (decision === 'complete') {
      complete.mutate(booking.id, {
        onSuccess: (result) =>
          succeed(
            decision,
            t`${pointsCount(result.pointsEarned, language)} added to the guest; they appear within a second.`,
          ),
        onError: (error) => fail(decision, error),
      });
    } else {
      const trimmed = reason.trim();
      updateStatus.mutate(
        {
          id: booking.id,
          status: DECISION_TARGET[decision],
          reason: decision === 'reject' && trimmed ? trimmed : undefined,
        },
        {
          onSuccess: (result) => succeed(decision, result.message),
          onError: (error) => fail(decision, error),
        },
      );
    }
  }

  const decision = shown?.decision ?? 'approve';
  const booking = shown?.booking;
  const destructive = decision === 'reject' || decision === 'cancel' || decision === 'delete';

  return (
    <Modal
      title={i18n._(QUESTIONS[decision])}
      size="sm"
      isOpen={request !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      {booking ? (
        <p className="rounded-xl bg-sand-50 p-3 text-slate-900">
          <strong>{booking.fullName}</strong>
          <br />
          {roomName(booking.roomType)} · <StayDates booking={booking} language={language} />
        </p>
      ) : null}
      <p className="text-slate-800">{i18n._(EXPLANATIONS[decision])}</p>
      {decision === 'complete' && booking ? <EarlyCompletion booking={booking} language={language} /> : null}
      {decision === 'reject' ? (
        <TextField
          label={t`Reason (optional)`}
          description={t`Sent to the guest with the decision.`}
          multiline
          rows={3}
          maxLength={500}
          value={reason}
          onChange={setReason}
        />
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={onClose}>
          <Trans>Not now</Trans>
        </Button>
        <Button variant={destructive ? 'danger' : 'primary'} isPending={pending} onPress={confirm}>
          {i18n._(DECISION_LABELS[decision])}
        </Button>
      </div>
    </Modal>
  );
}

function StayDates({ booking, language }: { booking: AdminBooking; language: Language }) {
  const checkIn = formatDate(booking.checkInDate, language);
  const checkOut = formatDate(booking.checkOutDate, language);
  return (
    <Trans>
      {checkIn} to {checkOut}
    </Trans>
  );
}

/**
 * A stay completed before its booked departure ends then, as the desk's check-out ends it (the
 * one rule, shared/src/early-departure.ts, which the server applies too): said before staff
 * confirm, with how many nights early, the new departure and the new total.
 */
function EarlyCompletion({ booking, language }: { booking: AdminBooking; language: Language }) {
  const leaving = departureOnCheckOut(
    {
      checkInDate: booking.checkInDate,
      checkOutDate: booking.checkOutDate,
      totalPrice: booking.totalPriceBaisa,
      nightPrices: booking.nightPrices?.map((night) => night.priceBaisa) ?? null,
      priceOverrideBaisa: booking.priceOverrideBaisa,
    },
    hotelToday(),
  );
  if (!leaving.early) return null;
  const nights = nightsCount(nightsBetween(leaving.checkOutDate, booking.checkOutDate), language);
  const departure = formatDate(booking.checkOutDate, language);
  const newDeparture = formatDate(leaving.checkOutDate, language);
  const total = booking.totalPriceBaisa === null ? null : formatPrice(booking.totalPriceBaisa, language);
  const newTotal = leaving.totalPrice === null ? null : formatPrice(leaving.totalPrice, language);
  return (
    <div
      className="flex flex-col gap-1 rounded-lg bg-amber-50 p-2 text-amber-950"
      data-testid="complete-early"
    >
      <p className="font-semibold">
        <Trans>
          This is {nights} early: the stay was booked until {departure}. Completed now, it ends on{' '}
          {newDeparture} and the nights after are released and can be sold again.
        </Trans>
      </p>
      {newTotal !== null && total !== null ? (
        <p>
          <Trans>
            New total <bdi className="font-bold">{newTotal}</bdi> (was <bdi>{total}</bdi>)
          </Trans>
        </p>
      ) : null}
    </div>
  );
}
