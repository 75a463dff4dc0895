import type { ChosenRoom } from '@/entities/bookings/booking-flow';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  type ReactNode,
  startTransition,
  Suspense,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { formatCount } from '@/lib/format';
import { useHideHeader } from '@/hooks/use-hide-header';
import { useLanguage } from '@/hooks/use-language';
import { queryClient } from '@/lib/query-client';
import { bedInventoryQueryOptions, useBedInventory } from '@/entities/rooms/get-bed-inventory';
import { useRoomInventory } from '@/entities/rooms/get-room-inventory';
import { roomListQueryOptions } from '@/entities/rooms/get-room-list';
import { roomTypesQueryOptions } from '@/entities/rooms/get-room-types';
import { type RoomTier, useRooms } from '@/entities/rooms/get-rooms';
import { smokingInventoryQueryOptions, useSmokingInventory } from '@/entities/rooms/get-smoking-inventory';
import { bedCounts, roomsLeft, smokingCounts } from '@/entities/rooms/availability';
import { setInteractionModality } from 'react-aria-components';
import { RoomCarousel } from './room-carousel';
import { RoomTierCard } from './room-tier-card';
import { lazy } from '@/lib/lazy';
import { CAROUSEL_CONTROLS, takeDrawnPanel, takingDrawnPanel } from '@/lib/drawn-panel';

// The numbered rooms: a chunk of their own (react-aria's tabs), fetched once the cards are on
// screen, so that the tap's wave of files is the cards' alone.
const RoomList = lazy(
  () => import('./room-list'),
  (module) => module.RoomList,
);

/**
 * What the panel's rooms are drawn from beyond the landing's own data (tonight's beds and smoking
 * counts, the hotel's types and the first type's numbered rooms), asked for ahead when the landing
 * page makes the panel ready (app/landing-panels.tsx): the rooms are then drawn once, not drawn
 * again (or their render started again) as each answer arrives (decision 099).
 */
export function prefetchPanelData(): void {
  void queryClient.prefetchQuery(bedInventoryQueryOptions());
  void queryClient.prefetchQuery(smokingInventoryQueryOptions());
  queryClient.fetchQuery(roomTypesQueryOptions()).then(
    (types) => types[0] && queryClient.prefetchQuery(roomListQueryOptions(types[0].code)),
    () => undefined, // the panel asks again
  );
}

/**
 * The Quick booking panel (spec section 2): the one-form quick booking, the
 * room carousel, a card per room type sold with tonight's counts, and the numbered
 * room lists. Starting a booking closes the panel (spec section 4).
 */
export default function QuickBookingPanel({
  onClose,
  onBook,
  onQuickForm,
}: {
  onClose: () => void;
  onBook: (roomType: RoomTypeCode, room?: ChosenRoom) => void;
  onQuickForm: () => void;
}) {
  // The panel the page drew before the app (lib/drawn-panel.ts): it stays until this one can be
  // drawn whole (its rooms there, or their error), and goes in the frame this one comes in.
  const [copy] = useState(takingDrawnPanel);
  // The carousel's slide the copy showed (its dots and arrows move it): the panel starts on it.
  const [slide, setSlide] = useState(0);
  const rooms = useRooms();
  const ready = !copy || rooms.data !== undefined || rooms.isError;
  if (!ready) return null;
  return (
    <>
      {copy && (
        <TakeDrawnPanel onClose={onClose} onBook={onBook} onQuickForm={onQuickForm} onSlide={setSlide} />
      )}
      <Modal
        isOpen
        onOpenChange={(open) => !open && onClose()}
        title={<Trans>Quick booking</Trans>}
        size="wide"
      >
        <PanelBody onBook={onBook} onQuickForm={onQuickForm} immediate={copy} slide={slide} />
      </Modal>
    </>
  );
}

/**
 * Takes the drawn panel off the page in the frame the app's comes in: before the app's modal
 * (rendered after it, so its layout effect runs first), which then holds the page's scroll from
 * the page as the guest left it, not as the copy held it.
 */
function TakeDrawnPanel({
  onClose,
  onBook,
  onQuickForm,
  onSlide,
}: {
  onClose: () => void;
  onBook: (roomType: RoomTypeCode) => void;
  onQuickForm: () => void;
  onSlide: (slide: number) => void;
}) {
  const focus = useRef<{ at: number; shown: boolean } | undefined>(undefined);
  useLayoutEffect(() => {
    const took = takeDrawnPanel();
    if (!took) return;
    if (took.closed) return onClose();
    // (Set in a layout effect: drawn again before the browser paints.)
    if (took.slide) onSlide(took.slide);
    if (took.focus !== undefined) focus.current = { at: took.focus, shown: !!took.focusShown };
    if (took.pressed === 'form') onQuickForm();
    else if (took.pressed) onBook(took.pressed.book as RoomTypeCode);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the panel is first drawn
  }, []);
  // The control of the copy's carousel that had the focus has it on the app's (after the modal's own
  // first focus, in its layout effect; the dialog leaves a focus within it), its ring shown as it was
  // on the copy (not after a tap: react-aria, started after it, would take it for the keyboard's).
  useEffect(() => {
    if (!focus.current) return;
    setInteractionModality(focus.current.shown ? 'keyboard' : 'pointer');
    const controls = document.querySelectorAll<HTMLElement>(`[role="dialog"] ${CAROUSEL_CONTROLS}`);
    controls[focus.current.at < 0 ? controls.length - 1 : focus.current.at]?.focus();
  }, []);
  return null;
}

function PanelBody({
  onBook,
  onQuickForm,
  immediate,
  slide,
}: {
  onBook: (roomType: RoomTypeCode, room?: ChosenRoom) => void;
  onQuickForm: () => void;
  /** The rooms in the first frame (the copy drawn before the app had them on screen already). */
  immediate: boolean;
  /** The carousel's first slide. */
  slide: number;
}) {
  useHideHeader();
  const { t } = useLingui();
  const rooms = useRooms();
  // A type the hotel retired is not sold: not shown (the catalogue lists every type).
  const shown = rooms.data?.filter((room) => room.available !== false);
  const inventory = useRoomInventory();
  const beds = useBedInventory();
  const smoking = useSmokingInventory();
  // The panel's first frame is its title and the quick form; the rooms (the carousel, the cards and
  // the numbered lists: most of its elements, and react-aria's tabs) are drawn in the render right
  // after it, so that a tap's result is on screen without waiting for them (decision 099).
  const roomsDrawn = useDeferredValue(true, immediate);
  // The numbered rooms (react-aria's tabs, a button per room) one render later still: their render
  // is the longest of the panel's, and the cards above them are what the tap asked for.
  const [listDrawn, setListDrawn] = useState(false);
  useEffect(() => {
    if (!roomsDrawn) return;
    RoomList.preload().then(
      () => startTransition(() => setListDrawn(true)),
      () => startTransition(() => setListDrawn(true)), // (it shows its own error)
    );
  }, [roomsDrawn]);

  return (
    <div className="flex flex-col gap-6" data-testid="quick-booking-panel">
      <QuickFormBanner onQuickForm={onQuickForm} />

      {(rooms.isPending || !roomsDrawn) && (
        <p role="status" className="text-slate-700">
          <Trans>Loading rooms…</Trans>
        </p>
      )}
      {rooms.isError && (
        <Notice>
          <Trans>The rooms could not be loaded. Check your connection and try again.</Trans>
        </Notice>
      )}
      {shown && roomsDrawn && (
        <PanelRooms
          rooms={shown}
          roomsLeftOf={(roomType) => roomsLeft(inventory.data, roomType)}
          detailsOf={(roomType) =>
            beds.data && smoking.data ? (
              <RoomCounts
                beds={bedCounts(beds.data, roomType)}
                smoking={smokingCounts(smoking.data, roomType)}
              />
            ) : undefined
          }
          onBook={onBook}
          slide={slide}
        />
      )}

      {listDrawn && (
        <Section title={t`Room list`}>
          <Suspense fallback={null}>
            <RoomList inventory={inventory.data} onBook={onBook} />
          </Suspense>
        </Section>
      )}
    </div>
  );
}

/** The panel's banner: the one short form for a guest in a hurry. */
export function QuickFormBanner({ onQuickForm }: { onQuickForm: () => void }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-2xl bg-teal-700 p-4 text-white sm:flex-row sm:items-center sm:justify-between">
      <p>
        <Trans>In a hurry? Send one short form and we will confirm your room with you.</Trans>
      </p>
      <Button variant="secondary" className="shrink-0" onPress={onQuickForm}>
        <Trans>Quick booking form</Trans>
      </Button>
    </div>
  );
}

/** The panel's rooms: the carousel, and a card per type with tonight's counts. */
export function PanelRooms({
  rooms,
  roomsLeftOf,
  detailsOf,
  onBook,
  slide = 0,
}: {
  rooms: RoomTier[];
  roomsLeftOf: (roomType: RoomTypeCode) => number | undefined;
  detailsOf: (roomType: RoomTypeCode) => ReactNode;
  onBook: (roomType: RoomTypeCode) => void;
  /** The carousel's first slide. */
  slide?: number;
}) {
  const { t } = useLingui();
  return (
    <>
      <RoomCarousel rooms={rooms} startAt={slide} onBook={(room) => onBook(room.roomType)} />
      <Section title={t`Choose your room`}>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {rooms.map((room, position) => (
            <RoomTierCard
              key={room.roomType}
              room={room}
              position={position}
              testId={`room-card-${room.roomType}`}
              headingLevel={4}
              roomsLeft={roomsLeftOf(room.roomType)}
              details={detailsOf(room.roomType)}
              onBook={() => onBook(room.roomType)}
            />
          ))}
        </div>
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h3 className="text-lg font-bold text-teal-800">{title}</h3>
      {children}
    </section>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
      {children}
    </p>
  );
}

/** A room card's smoking and bed counts tonight (kept here: the landing's cards do not show them). */
function RoomCounts({
  beds,
  smoking,
}: {
  beds: { single: number; double: number };
  smoking: { smoking: number; non_smoking: number };
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const n = (count: number) => formatCount(count, language);
  return (
    <dl className="grid grid-cols-2 gap-x-3 gap-y-1 rounded-xl bg-sand-50 p-3 text-sm text-slate-800">
      <dt className="text-slate-600">{t`Non-smoking`}</dt>
      <dd className="font-semibold">{n(smoking.non_smoking)}</dd>
      <dt className="text-slate-600">{t`Smoking`}</dt>
      <dd className="font-semibold">{n(smoking.smoking)}</dd>
      <dt className="text-slate-600">{t`Single bed`}</dt>
      <dd className="font-semibold">{n(beds.single)}</dd>
      <dt className="text-slate-600">{t`Double bed`}</dt>
      <dd className="font-semibold">{n(beds.double)}</dd>
    </dl>
  );
}
