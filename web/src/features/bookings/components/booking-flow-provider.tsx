import { useQueryClient } from '@tanstack/react-query';
import {
  type ReactNode,
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { lazy } from '@/lib/lazy';
import { afterPaint, holdIdleWork, whenIdle } from '@/lib/tasks';
import { prepareAriaScope, preloadAriaScope } from '@/components/aria-scope/aria-scope';
import { LoadingOverlay } from '@/components/loading-overlay';
import { isDrawnBookOpen } from '@/lib/drawn-book';
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
let dialogs: typeof import('./booking-flow-dialogs') | undefined;
/** The draft of the flow that changed it last (the page's flows: the app's, and one drawn first). */
let lastDraft: BookingDraft = emptyDraft;
const loadDialogs = () => import('./booking-flow-dialogs').then((module) => (dialogs = module));
const BookingFlowDialogs = lazy(loadDialogs);

/** Fetch the forms' code ahead, on intent (a landing card hovered, focused or pressed), so they open at once. */
export function preloadBookingForms() {
  preloadAriaScope();
  void loadDialogs().then((module) => module?.preloadForms());
}

let preparingForm: Promise<void> | undefined;

/**
 * Resolves once a room's booking form opens at once, drawn in one go (lib/lazy.ts): the flow's
 * dialogs, the form's code, react-aria's providers and every message of the language, fetched and
 * evaluated. The landing page does it at idle once the app has started (app/landing-panels.tsx), so
 * that a room's Book Now then only draws its form (decision 099: its result within 500 ms).
 */
export function prepareBookingForm(): Promise<void> {
  preparingForm ??= Promise.all([
    prepareAriaScope(),
    BookingFlowDialogs.preload(),
    loadDialogs().then((module) => module?.prepareBookingForm()),
  ]).then(
    () => undefined,
    (error: unknown) => {
      preparingForm = undefined; // asked again by the next Book Now
      throw error;
    },
  );
  return preparingForm;
}

/**
 * Provides the booking flow (entities/bookings/booking-flow.ts) to everything
 * below it, and holds the forms, the "no rooms" dialogs and what the guest has
 * typed. Counts unknown (first visit offline) let the form open: the server
 * decides. Mounted by the app around the landing page.
 */
export function BookingFlowProvider({
  children,
  onOpened,
}: {
  children: ReactNode;
  /** Called once a form or dialog the flow opened is on the page (app/panel-first.tsx). */
  onOpened?: () => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open>(null);
  // What the guest typed in a flow before this one (a form opened before the app took the page over,
  // in a root of its own, app/panel-first.tsx): the app's flow starts from it.
  const [draft, setDraft] = useState<BookingDraft>(() => lastDraft);
  // What the guest typed last, for the copy of the form a room card's Book Now draws (below).
  const draftNow = useRef(draft);
  useLayoutEffect(() => {
    draftNow.current = draft;
    lastDraft = draft;
  }, [draft]);
  // A room's form: "Loading…" in the tap's own frame (its INP), then the form drawn in one go once
  // that frame is painted and its code is ready (not React's fallback, which holds the form back
  // for its minimum time once shown). The page's idle work waits meanwhile (lib/tasks.ts).
  const [preparing, setPreparing] = useState(false);

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
    // Once the app has started, a room card's Book Now draws the copy of the form's first screen the
    // page draws before the app (lib/drawn-book.ts), filled with what the flow holds, in the tap's own
    // frame; the app's form is drawn behind it as a transition (React yields to the guest's typing in
    // the copy meanwhile), and takes the copy over as it commits (decision 099: a Book Now's result
    // within 500 ms on a 4x slower phone, where the form's first render alone took about 400 ms).
    const drawCopy = (roomType: string) =>
      // (Its code comes with the dialogs', made ready at idle: not yet there, the form opens as before.)
      !!dialogs?.drawFormCopy(
        roomType,
        draftNow.current,
        queryClient.getQueryData(currentUserQueryOptions().queryKey),
      );
    const openForm = (form: Open) => {
      const copyOf = form?.kind === 'form' && !form.room && dialogs ? form.roomType : undefined;
      if (!copyOf) setPreparing(true);
      const release = holdIdleWork();
      afterPaint(() => {
        // (The copy in the frame after the tap's: the tap's own stays light, its INP.)
        const copy = !!copyOf && drawCopy(copyOf);
        if (copyOf && !copy) setPreparing(true);
        void prepareBookingForm()
          .catch(() => undefined) // then it loads as it renders, and fails there if it must
          .then(() => {
            release();
            setPreparing(false);
            // (Behind the copy, drawn without holding the guest's typing in it.)
            if (copy) startTransition(() => setOpen(form));
            else setOpen(form);
          });
      });
    };
    return {
      bookRoom: (roomType, room) => {
        if (roomsLeft(inventory(), roomType) === 0) {
          // The form's code and react-aria's providers load together, not one after the other.
          preloadBookingForms();
          return setOpen({ kind: 'sold-out', roomType });
        }
        prefill();
        openForm({ kind: 'form', roomType, room });
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
  useEffect(() => {
    if (open) onOpened?.();
  }, [open, onOpened]);
  const booked = () => {
    setDraft(emptyDraft);
    setOpen(null);
  };

  return (
    <BookingFlowContext.Provider value={flow}>
      {children}
      {/* (Not over a room's form drawn before the app, lib/drawn-book.ts: it is what the guest waits for.) */}
      {preparing && !isDrawnBookOpen() && <LoadingOverlay />}
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
