import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { lazy } from '@/lib/lazy';
import { whenIdle } from '@/lib/tasks';
import { preloadAriaScope } from '@/components/aria-scope/aria-scope';
import { LoadingOverlay } from '@/components/loading-overlay';
import { useOutboxInUse } from '@/offline/use-outbox-in-use';
import { type BookingFlow, BookingFlowContext } from '@/entities/bookings/booking-flow';
import { currentUserQueryOptions } from '@/entities/session/use-current-user';
import { roomInventoryQueryOptions } from '@/entities/rooms/get-room-inventory';
import { roomsLeft, totalRoomsLeft } from '@/entities/rooms/availability';
import { type BookingDraft, emptyDraft } from '../lib/booking-draft';
import type { Open } from './booking-flow-dialogs';

// The forms and dialogs are lazy chunks, and so is the part that lists them and the files each
// needs (./booking-flow-dialogs.tsx): fetched once the page is idle, or on intent if sooner. The
// landing page's first script stays small.
const loadDialogs = () => import('./booking-flow-dialogs');
const BookingFlowDialogs = lazy(loadDialogs);

/** Fetch the forms' code ahead, on intent (a landing card hovered, focused or pressed), so they open at once. */
export function preloadBookingForms() {
  preloadAriaScope();
  void loadDialogs().then((module) => module?.preloadForms());
}

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
      bookRoom: (roomType, room) => {
        // The form's code and react-aria's providers load together, not one after the other.
        preloadBookingForms();
        if (roomsLeft(inventory(), roomType) === 0) return setOpen({ kind: 'sold-out', roomType });
        prefill();
        setOpen({ kind: 'form', roomType, room });
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
  useEffect(() => whenIdle(() => void loadDialogs()), []);
  const booked = () => {
    setDraft(emptyDraft);
    setOpen(null);
  };

  return (
    <BookingFlowContext.Provider value={flow}>
      {children}
      {(open || outboxInUse) && (
        <Suspense fallback={open ? <LoadingOverlay /> : null}>
          <BookingFlowDialogs
            open={open}
            setOpen={setOpen}
            draft={draft}
            setDraft={setDraft}
            outboxInUse={outboxInUse}
            onBooked={booked}
          />
        </Suspense>
      )}
    </BookingFlowContext.Provider>
  );
}
