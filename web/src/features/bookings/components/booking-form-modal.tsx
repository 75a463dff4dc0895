import type { ChosenRoom } from '@/entities/bookings/booking-flow';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { Modal } from '@/components/ui/dialog';
import { useHideHeader } from '@/hooks/use-hide-header';
import { useRoomName } from '@/entities/rooms/room-names';
import type { BookingDraft } from '../lib/booking-draft';
import { BookingForm } from './booking-form';

/**
 * The booking form modal for a chosen room type or numbered room (spec
 * section 2). Closes by its close button, Escape or a click on the backdrop;
 * page scroll is locked and the header slides away while it is open.
 */
export default function BookingFormModal({
  roomType,
  room,
  draft,
  onDraftChange,
  onClose,
  onBooked,
}: {
  roomType: RoomTypeCode;
  room?: ChosenRoom;
  draft: BookingDraft;
  onDraftChange: (update: (draft: BookingDraft) => BookingDraft) => void;
  onClose: () => void;
  onBooked: () => void;
}) {
  const roomName = useRoomName();
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>Book the {roomName(roomType)}</Trans>}
      size="md"
    >
      <Body>
        <BookingForm
          mode={{ kind: 'room', roomType, room }}
          draft={draft}
          onDraftChange={onDraftChange}
          onBooked={onBooked}
        />
      </Body>
    </Modal>
  );
}

function Body({ children }: { children: ReactNode }) {
  useHideHeader();
  return <div data-testid="booking-form">{children}</div>;
}
