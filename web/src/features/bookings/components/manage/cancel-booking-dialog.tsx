import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { RoomType } from '@shared/constants';
import type { CancellationRule } from '@shared/rates';
import { nightsBetween } from '@shared/money';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { showToast } from '@/components/ui/toast-queue';
import { roomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorCode, errorMessage } from '@/lib/api-client';
import { pointsCount } from '@/lib/counts';
import { formatCount, formatDate } from '@/lib/format';
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
    roomType: RoomType;
    checkInDate: string;
    checkOutDate: string;
    cancellationRule?: CancellationRule | null;
  };
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
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
                Your booking of the {roomName(i18n, booking.roomType)} from{' '}
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
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onPress={close} isDisabled={cancel.isPending}>
                <Trans>Keep booking</Trans>
              </Button>
              <Button
                variant="danger"
                isPending={cancel.isPending}
                onPress={() =>
                  cancel.mutate(booking.id, {
                    onSuccess: (result) => {
                      showToast({
                        variant: 'success',
                        title: t`Booking cancelled`,
                        description: result.pointsDeducted
                          ? t`${pointsCount(result.pointsDeducted, language)} were deducted from your balance.`
                          : t`No points were deducted: points are added only when a stay is completed.`,
                      });
                      onClose();
                    },
                    onError: (error) => {
                      if (errorCode(error) === 'cancellation_deadline_passed') return;
                      showToast({
                        variant: 'error',
                        title: t`The booking could not be cancelled`,
                        description: errorMessage(error, t`Check your connection and try again.`),
                      });
                    },
                  })
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
