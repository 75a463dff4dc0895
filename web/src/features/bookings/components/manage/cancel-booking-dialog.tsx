import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import type { CancellationRule } from '@shared/rates';
import { nightsBetween } from '@shared/money';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { showToast } from '@/components/ui/toast-queue';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorCode, errorMessage } from '@/lib/api-client';
import { pointsCount } from '@/lib/counts';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { type BookingPayments, useBookingPayments } from '../../api/booking-payments';
import { useCancelBooking } from '../../api/cancel-booking';
import { CallTheHotel } from './call-the-hotel';

/**
 * Cancelling asks for confirmation first (spec section 4; also approved and confirmed
 * bookings, up to the deadline). Past the deadline the server's 409 is said here with the hotel's
 * phone. Its own chunk: My bookings and the booking's page load it when the guest asks.
 */
export default function CancelBookingDialog({
  booking,
  onClose,
}: {
  booking: {
    id: number;
    roomType: RoomTypeCode;
    checkInDate: string;
    checkOutDate: string;
    cancellationRule?: CancellationRule | null;
  };
  onClose: () => void;
}) {
  const { t } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const cancel = useCancelBooking();
  const nights = Math.max(1, nightsBetween(booking.checkInDate, booking.checkOutDate));
  const nightsText = formatCount(nights, language);
  const tooLate = errorCode(cancel.error) === 'cancellation_deadline_passed';
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && !cancel.isPending && onClose()}
      title={<Trans>Cancel this booking?</Trans>}
      size="sm"
    >
      {({ close }) =>
        tooLate ? (
          <div className="flex flex-col gap-4" data-testid="cancel-too-late">
            <p role="alert" className="text-slate-800">
              {errorMessage(cancel.error, '')}
            </p>
            <CallTheHotel />
            <Button variant="secondary" className="self-end" onPress={close}>
              <Trans>Close</Trans>
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-slate-800">
              <Trans>
                Your booking of the {roomName(booking.roomType)} from{' '}
                {formatDate(booking.checkInDate, language)} (
                <Plural value={nights} one={`${nightsText} night`} other={`${nightsText} nights`} />) will be
                cancelled. This cannot be undone.
              </Trans>
            </p>
            {booking.cancellationRule?.kind === 'non_refundable' ? (
              <p
                className="rounded-xl border-s-4 border-red-700 bg-red-50 p-3 font-semibold text-red-900"
                data-testid="cancel-non-refundable"
              >
                <Trans>This booking is non-refundable: if you cancel, nothing is refunded.</Trans>
              </p>
            ) : (
              <PaidOnlineGoesBack bookingId={booking.id} />
            )}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onPress={close} isDisabled={cancel.isPending}>
                <Trans>Keep booking</Trans>
              </Button>
              <Button
                variant="danger"
                isPending={cancel.isPending}
                // Its promise, not mutate's callbacks: those are skipped when the dialog has gone
                // with its card (a cancelled booking leaves My bookings' current list as the list
                // refreshes), and the guest would be told nothing.
                onPress={() =>
                  void cancel.mutateAsync(booking.id).then(
                    (result) => {
                      // Spec section 4: "the booking was cancelled and N points were deducted", 0
                      // when none were earned.
                      showToast({
                        variant: 'success',
                        title: t`Booking cancelled`,
                        description: t`${pointsCount(result.pointsDeducted, language)} were deducted from your balance.`,
                      });
                      onClose();
                    },
                    (error: unknown) => {
                      if (errorCode(error) === 'cancellation_deadline_passed') return;
                      showToast({
                        variant: 'error',
                        title: t`The booking could not be cancelled`,
                        description: errorMessage(error, t`Check your connection and try again.`),
                      });
                    },
                  )
                }
              >
                <Trans>Yes, cancel booking</Trans>
              </Button>
            </div>
          </div>
        )
      }
    </Modal>
  );
}

/** What was paid online and is not refunded yet: the provider's payments less their refunds not failed. */
function paidOnlineBaisa(data: BookingPayments): number {
  const paid = data.sessions.filter((s) => s.status === 'paid').reduce((sum, s) => sum + s.amountBaisa, 0);
  const back = data.refunds.filter((r) => r.status !== 'failed').reduce((sum, r) => sum + r.amountBaisa, 0);
  return Math.max(0, paid - back);
}

/**
 * Cancelling within the free period (or a request still waiting) refunds what was paid online
 * through the provider (decision 071): said before the guest confirms, with the amount.
 */
function PaidOnlineGoesBack({ bookingId }: { bookingId: number }) {
  const language = useLanguage();
  const data = useBookingPayments(bookingId).data;
  const paid = data ? paidOnlineBaisa(data) : 0;
  if (paid <= 0) return null;
  const amount = formatPrice(paid, language);
  return (
    <p className="rounded-xl bg-teal-50 p-3 text-slate-900" data-testid="cancel-refund-online">
      <Trans>
        The <bdi>{amount}</bdi> you paid online goes back to your card through the payment provider; your bank
        may take a few days to show it.
      </Trans>
    </p>
  );
}
