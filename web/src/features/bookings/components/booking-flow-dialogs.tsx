import type { ChosenRoom } from '@/entities/bookings/booking-flow';
import type { Dispatch, SetStateAction } from 'react';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { lazy } from '@/lib/lazy';
import { AriaScope } from '@/components/aria-scope/aria-scope';
import { LoadingOverlay } from '@/components/loading-overlay';
import { drawBookCopy } from '@/lib/drawn-book-copy';
import type { BookingDraft } from '../lib/booking-draft';

// The booking flow's forms and dialogs (./booking-flow-provider.tsx): a chunk of their own, out of
// the landing page's first script, with the lists of the files each form needs (fetched in
// parallel when a form is wanted). The forms themselves (date pickers and all) are lazy chunks too.
const loadBookingForm = () => import('./booking-form-modal');
const loadQuickBooking = () => import('./quick-booking-modal');
const BookingFormModal = lazy(loadBookingForm);
const QuickBookingModal = lazy(loadQuickBooking);
const StartUnavailableDialog = lazy(() => import('./start-unavailable-dialog'));
// Reads the outbox (Dexie): what became of booking requests saved on the phone.
const QueuedBookingOutcomes = lazy(() => import('./queued-booking-outcomes'));

/**
 * Once the app has started, a room card's Book Now draws the copy of the form's first screen
 * (lib/drawn-book-copy.ts), with what the flow holds: what the guest typed before, else a signed-in
 * guest's name and e-mail. False when it draws none.
 */
export function drawFormCopy(
  roomType: string,
  draft: BookingDraft,
  me: { fullName: string; email: string } | null | undefined,
): boolean {
  return drawBookCopy(roomType, {
    fullName: draft.fullName || me?.fullName || '',
    email: draft.email || me?.email || '',
    idNumber: draft.idNumber,
    phoneNumber: draft.phoneNumber,
    optIn: draft.whatsappOptIn === true,
  });
}

/** Fetches the forms' code ahead. */
export function preloadForms() {
  void loadBookingForm();
  void loadQuickBooking();
}

/**
 * Resolves once a room's booking form renders without waiting (lib/lazy.ts): its code and every
 * message of the language. The quick booking form's code is fetched beside it.
 */
export function prepareBookingForm(): Promise<void> {
  void loadQuickBooking();
  return BookingFormModal.preload();
}

/** What the booking flow has open. */
export type Open =
  | { kind: 'form'; roomType: RoomTypeCode; room?: ChosenRoom }
  | { kind: 'quick' }
  | { kind: 'sold-out'; roomType: RoomTypeCode }
  | { kind: 'no-rooms' }
  | null;

/** The open form or dialog, and (on a device that has used the outbox) queued requests' outcomes. */
export default function BookingFlowDialogs({
  open,
  setOpen,
  draft,
  setDraft,
  outboxInUse,
  onBooked,
}: {
  open: Open;
  setOpen: (open: Open) => void;
  draft: BookingDraft;
  setDraft: Dispatch<SetStateAction<BookingDraft>>;
  outboxInUse: boolean;
  onBooked: () => void;
}) {
  const close = () => setOpen(null);
  return (
    <>
      {/* Not in the prerendered landing (decision 012): a lazy part there suspends on the server. */}
      {outboxInUse && (
        <AriaScope fallback={null}>
          <QueuedBookingOutcomes
            onBookAgain={(again, roomType) => {
              setDraft(again);
              setOpen({ kind: 'form', roomType });
            }}
          />
        </AriaScope>
      )}
      {open?.kind === 'form' && (
        <AriaScope fallback={<LoadingOverlay />}>
          <BookingFormModal
            roomType={open.roomType}
            room={open.room}
            draft={draft}
            onDraftChange={setDraft}
            onClose={close}
            onBooked={onBooked}
          />
        </AriaScope>
      )}
      {open?.kind === 'quick' && (
        <AriaScope fallback={<LoadingOverlay />}>
          <QuickBookingModal draft={draft} onDraftChange={setDraft} onClose={close} onBooked={onBooked} />
        </AriaScope>
      )}
      {(open?.kind === 'sold-out' || open?.kind === 'no-rooms') && (
        <AriaScope fallback={<LoadingOverlay />}>
          <StartUnavailableDialog
            roomType={open.kind === 'sold-out' ? open.roomType : undefined}
            onClose={close}
          />
        </AriaScope>
      )}
    </>
  );
}
