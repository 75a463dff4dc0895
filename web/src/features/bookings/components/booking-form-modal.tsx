import type { ChosenRoom } from '@/entities/bookings/booking-flow';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { HOME_PHONE_COUNTRY, joinPhone } from '@shared/phone-countries';
import { takeDrawnBook } from '@/lib/drawn-book';
import { afterPaint } from '@/lib/tasks';
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
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={<BookingFormTitle roomType={roomType} />}
      size="md"
    >
      <Body onDraftChange={onDraftChange} onClose={onClose}>
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

/** The form's title: "Book the <room>" (also in its copy drawn before the app, app/prerender.tsx). */
export function BookingFormTitle({ roomType }: { roomType: RoomTypeCode }) {
  const roomName = useRoomName();
  return <Trans>Book the {roomName(roomType)}</Trans>;
}

function Body({
  children,
  onDraftChange,
  onClose,
}: {
  children: ReactNode;
  onDraftChange: (update: (draft: BookingDraft) => BookingDraft) => void;
  onClose: () => void;
}) {
  useHideHeader();
  const ref = useRef<HTMLDivElement>(null);
  // The form drawn before the app (lib/drawn-book.ts), taken over in the frame this one is first
  // drawn in: what was typed into the draft (and into the fields at once, so that React finds them
  // as they are and the caret stays), the focus where it was, a button pressed pressed here.
  useLayoutEffect(() => {
    const drawn = takeDrawnBook();
    if (!drawn) return;
    const { fullName, email, idNumber, phoneNumber } = drawn.values;
    onDraftChange((d) => ({
      ...d,
      fullName: fullName || d.fullName,
      email: email || d.email,
      idNumber: idNumber || d.idNumber,
      phoneNumber: phoneNumber ? joinPhone(HOME_PHONE_COUNTRY, phoneNumber) : d.phoneNumber,
      ...(drawn.optIn && { whatsappOptIn: true }),
    }));
    // Closed on the copy: the form closes, what was typed kept, as when this one is closed.
    if (drawn.closed) return onClose();
    const form = ref.current?.querySelector('form');
    if (!form) return;
    const field = (name: string) => form.querySelector(`input[name="${name}"]`);
    for (const [name, value] of Object.entries(drawn.values)) {
      const input = field(name);
      if (value && input instanceof HTMLInputElement) input.value = value;
    }
    const focused = drawn.focus && field(drawn.focus.name);
    if (drawn.focus && focused instanceof HTMLInputElement) {
      focused.focus({ preventScroll: true });
      focused.setSelectionRange(drawn.focus.start, drawn.focus.end);
    }
    const pressed = drawn.pressed >= 0 ? form.querySelectorAll('button')[drawn.pressed] : undefined;
    if (pressed) afterPaint(() => pressed.click());
    // (Once: the copy is gone.)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div ref={ref} data-testid="booking-form">
      {children}
    </div>
  );
}
