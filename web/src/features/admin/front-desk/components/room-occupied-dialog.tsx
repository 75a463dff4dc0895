import { Trans, useLingui } from '@lingui/react/macro';
import { BookingReference } from '@/components/booking-reference';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/format';
import { RoomNumber } from './desk-row';

/** The stay still in a room, as the server's `room_occupied` refusal names it. */
export type RoomOccupant = { id: number; reference: string; fullName: string; checkOutDate: string };

/**
 * A check-in refused because the room's guest has not checked out (409 `room_occupied`): who is
 * still in the room and since when they were due out, and the two ways on: check that stay out (its
 * check-out, when it is among the day's guests in house), or give the arriving stay another room
 * (the check-in again, where the room is chosen). No "check in anyway": two stays in house in one
 * room is never allowed. The default export, a lazy chunk of its own.
 */
export default function RoomOccupiedDialog({
  room,
  stay,
  arriving,
  onCheckOut,
  onOtherRoom,
  onClose,
}: {
  room: string;
  stay: RoomOccupant;
  arriving: string;
  /** Opens the check-out of the stay in the room (absent: it is not among the day's guests in house). */
  onCheckOut?: () => void;
  onOtherRoom: () => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const due = formatDate(stay.checkOutDate, language);
  const guest = stay.fullName;
  return (
    <Modal
      isOpen
      size="sm"
      title={t`Room still occupied`}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <div className="flex flex-col gap-3" data-testid="desk-room-occupied">
        <p className="text-slate-800">
          <Trans>
            <bdi>{guest}</bdi> is still in room <RoomNumber number={room} /> (booking{' '}
            <BookingReference reference={stay.reference} />, due out on {due}) and has not checked out.
          </Trans>
        </p>
        <p className="text-slate-800">
          <Trans>
            Check them out first, or give <bdi>{arriving}</bdi> another room.
          </Trans>
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Not now</Trans>
          </Button>
          <Button variant="secondary" onPress={onOtherRoom} data-testid="desk-occupied-other-room">
            <Trans>Choose another room</Trans>
          </Button>
          {onCheckOut ? (
            <Button onPress={onCheckOut} data-testid="desk-occupied-check-out">
              <Trans>Check out {guest}</Trans>
            </Button>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
