import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { lazy } from '@/lib/lazy';
import { AriaScope, preloadAriaScope } from '@/components/aria-scope/aria-scope';
import type { RoomType } from '@shared/constants';
import { LoadingOverlay } from '@/components/loading-overlay';
import { useOutboxInUse } from '@/offline/use-outbox-in-use';
import { type BookingFlow, BookingFlowContext } from '@/entities/bookings/booking-flow';
import { currentUserQueryOptions } from '@/entities/session/use-current-user';
import { roomInventoryQueryOptions } from '@/entities/rooms/get-room-inventory';
import { roomsLeft, totalRoomsLeft } from '@/entities/rooms/availability';
import { type BookingDraft, emptyDraft } from '../lib/booking-draft';

// The forms (date pickers and all) are lazy chunks: the landing page's first script stays small.
const loadBookingForm = () => import('./booking-form-modal');
const loadQuickBooking = () => import('./quick-booking-modal');
const BookingFormModal = lazy(loadBookingForm);
const QuickBookingModal = lazy(loadQuickBooking);
const StartUnavailableDialog = lazy(() => import('./start-unavailable-dialog'));
// Reads the outbox (Dexie): what became of booking requests saved on the phone.
const QueuedBookingOutcomes = lazy(() => import('./queued-booking-outcomes'));

/** Fetch the forms' code ahead, on intent (a landing card hovered, focused or pressed), so they open at once. */
export function preloadBookingForms() {
  preloadAriaScope();
  void loadBookingForm();
  void loadQuickBooking();
}

type Open =
  | { kind: 'form'; roomType: RoomType; roomNumber?: number }
  | { kind: 'quick' }
  | { kind: 'sold-out'; roomType: RoomType }
  | { kind: 'no-rooms' }
  | null;

/**
 * Provides the booking flow (entities/bookings/booking-flow.ts) to everything
 * below it, and holds the forms, the "no rooms" dialogs and what the guest has
 * typed. Counts unknown (first visit offline) let the form open: the server
 * decides. Mounted by the app around the landing page.
 */
export function BookingFlowProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  const [draft, setDraft] = useState<BookingDraft>(emptyDraft);

  // The flow reads tonight's counts and the user when a guest starts, from the query cache (the
  // landing's room cards and header keep them fresh): it stays the same object when they
  // change, so the landing page is not rendered again each time they arrive.
  const flow = useMemo<BookingFlow>(() => {
    const inventory = () => queryClient.getQueryData(roomInventoryQueryOptions().queryKey);
    // A signed-in guest's name and e-mail are filled in for them (still editable).
    const prefill = () => {
      const me = queryClient.getQueryData(currentUserQueryOptions().queryKey);
      if (me) setDraft((d) => ({ ...d, fullName: d.fullName || me.fullName, email: d.email || me.email }));
    };
    return {
      bookRoom: (roomType, roomNumber) => {
        // The form's code and react-aria's providers load together, not one after the other.
        preloadBookingForms();
        if (roomsLeft(inventory(), roomType) === 0) return setOpen({ kind: 'sold-out', roomType });
        prefill();
        setOpen({ kind: 'form', roomType, roomNumber });
      },
      openQuickBooking: () => {
        preloadBookingForms();
        if (totalRoomsLeft(inventory()) === 0) return setOpen({ kind: 'no-rooms' });
        prefill();
        setOpen({ kind: 'quick' });
      },
    };
  }, [queryClient]);

  // Queued requests' outcomes read the outbox: only on a device that has used it.
  const outboxInUse = useOutboxInUse();
  const close = () => setOpen(null);
  const booked = () => {
    setDraft(emptyDraft);
    setOpen(null);
  };

  return (
    <BookingFlowContext.Provider value={flow}>
      {children}
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
            roomNumber={open.roomNumber}
            draft={draft}
            onDraftChange={setDraft}
            onClose={close}
            onBooked={booked}
          />
        </AriaScope>
      )}
      {open?.kind === 'quick' && (
        <AriaScope fallback={<LoadingOverlay />}>
          <QuickBookingModal draft={draft} onDraftChange={setDraft} onClose={close} onBooked={booked} />
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
    </BookingFlowContext.Provider>
  );
}
