import { Trans } from '@lingui/react/macro';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { NoRoomsDialog, UnavailableDialog } from '@/components/unavailable-dialog';
import { useRoomName } from '@/entities/rooms/room-names';

/**
 * Before a form opens (spec section 4): the sold-out dialog for a type with
 * no room left tonight, or the no-rooms dialog when no type has one. The
 * default export, so the booking flow loads it (and the modal code) lazily.
 */
export default function StartUnavailableDialog({
  roomType,
  onClose,
}: {
  roomType?: RoomTypeCode;
  onClose: () => void;
}) {
  const roomName = useRoomName();
  if (!roomType) return <NoRoomsDialog onClose={onClose} />;
  return (
    <UnavailableDialog title={<Trans>Sorry, the {roomName(roomType)} is sold out</Trans>} onClose={onClose}>
      <p>
        <Trans>
          No room of this type is left tonight. Choose another room type, try again later, or call the hotel.
        </Trans>
      </p>
    </UnavailableDialog>
  );
}
