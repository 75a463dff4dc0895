import { useEffect } from 'react';
import type { BookingFlow } from '@/entities/bookings/booking-flow';
import { lazy } from '@/lib/lazy';
import { queryClient } from '@/lib/query-client';
import { whenIdle } from '@/lib/tasks';
import { eventSettingsQueryOptions } from '@/entities/events/get-event-settings';
import { servicesQueryOptions } from '@/features/services/api/get-services';
import { prepareAriaScope } from '@/components/aria-scope/aria-scope';
import {
  preloadBookingForms,
  prepareBookingForm,
} from '@/features/bookings/components/booking-flow-provider';
import { PANELS, type Panel } from './landing-screen';

// The landing cards' panels and the reviews, a chunk of their own out of the landing page's first
// script: with them go the lists of the files each needs (fetched in parallel when one is wanted),
// which had taken a good part of the first script. The landing page fetches this chunk once it
// is idle, or at the first intent (a card hovered, focused or pressed) if that comes sooner.
// A panel's own code is still fetched on intent only (decision 012).
const loaders = {
  quick: () => import('@/features/rooms/components/quick-booking-panel'),
  offers: () => import('@/features/rooms/components/offers-panel'),
  events: () => import('@/features/events/components/events-panel'),
  services: () => import('@/features/services/components/services-panel'),
  assistant: () => import('@/features/assistant/components/assistant-modal'),
} satisfies Record<Panel, () => Promise<unknown>>;
const QuickBookingPanel = lazy(loaders.quick);
const OffersPanel = lazy(loaders.offers);
const EventsPanel = lazy(loaders.events);
const ServicesPanel = lazy(loaders.services);
const AssistantModal = lazy(loaders.assistant);
const components = {
  quick: QuickBookingPanel,
  offers: OffersPanel,
  events: EventsPanel,
  services: ServicesPanel,
  assistant: AssistantModal,
} satisfies Record<Panel, { preload: () => Promise<void> }>;
const ReviewsSection = lazy(() => import('@/features/reviews/components/reviews-section'));

/** The reviews, below the fold: the landing page mounts them when the guest scrolls near. */
export function LandingReviews() {
  return <ReviewsSection />;
}

/** Fetches a panel's code (and the booking forms behind quick booking and offers) ahead. */
export function preloadPanel(panel: Panel) {
  void loaders[panel]();
  if (panel === 'quick' || panel === 'offers') preloadBookingForms();
}

/** How long the events panel waits at most for which draws are open (preparePanel). */
const EVENT_SETTINGS_WAIT_MS = 1_000;

/**
 * Which draws are open, asked for with the events panel and waited for (a second at most; a failure
 * does not hold the panel), so that it never shows for a moment a draw an admin switched off; not
 * waited for when the phone already knows them (the cache, refreshed behind the panel) or is offline
 * (the request would wait for the network).
 */
function eventSettingsFirst(): Promise<unknown> | undefined {
  const query = eventSettingsQueryOptions();
  const asked = queryClient.prefetchQuery(query);
  if (queryClient.getQueryData(query.queryKey) !== undefined || navigator.onLine === false) return undefined;
  return Promise.race([asked, new Promise((resolve) => setTimeout(resolve, EVENT_SETTINGS_WAIT_MS))]);
}

/**
 * Resolves once `panel` renders without waiting (lib/lazy.ts): its code, react-aria's providers
 * and every message of the language. The landing page opens it then, so the panel is drawn in one
 * go rather than after a fallback and React's minimum time for it (decision 099).
 */
export function preparePanel(panel: Panel): Promise<unknown> {
  // The quick booking panel's rooms' data too, beside its code (not waited for); so the nearby
  // services' list and which draws are open (`/?services=true`, `/?events=true`: asked for as the app
  // starts, not once the panel's code has come).
  if (panel === 'quick')
    void loaders.quick().then(
      (module) => module?.prefetchPanelData(),
      () => undefined,
    );
  if (panel === 'services') void queryClient.prefetchQuery(servicesQueryOptions());
  const settings = panel === 'events' ? eventSettingsFirst() : undefined;
  return Promise.all([prepareAriaScope(), components[panel].preload(), settings]);
}

/**
 * Once the app has started: the first screen's panels made ready one after the other, each in an
 * idle moment of its own (at the latest a second later), so that a card's tap then only draws its panel
 * (budget: its result within 500 ms on a 4x slower phone, decision 099). The quick booking and
 * the nearby services (the spec's first cards a guest reaches for) first, then a room's booking
 * form (the room cards' Book Now, and the quick booking panel's), then the other panels.
 */
export function preparePanelsAtIdle(): () => void {
  const panel = (key: Panel) => () => preparePanel(key);
  const order: (() => Promise<unknown>)[] = [
    panel('quick'),
    panel('services'),
    prepareBookingForm,
    ...PANELS.filter((p) => p !== 'quick' && p !== 'services').map(panel),
  ];
  let cancel = () => {};
  const next = (i: number) => {
    const prepare = order[i];
    if (!prepare) return;
    cancel = whenIdle(
      () =>
        void prepare().then(
          () => next(i + 1),
          () => undefined, // offline, a deploy: a tap asks again
        ),
      1_000,
    );
  };
  next(0);
  return () => cancel();
}

/** Calls `onShown` once the panel it stands beside is on screen (it commits with it). */
function Shown({ onShown }: { onShown?: () => void }) {
  useEffect(() => onShown?.(), [onShown]);
  return null;
}

/** The open panel. Rendered inside react-aria's providers (components/aria-scope) by the landing page. */
export default function LandingPanel({
  panel,
  open,
  flow,
  desk = false,
  onShown,
}: {
  panel: Panel;
  /** Opens another panel, or closes this one (null). */
  open: (panel: Panel | null) => void;
  flow: BookingFlow;
  /** The assistant opened on the front desk's chat (`/?messages=true`). */
  desk?: boolean;
  /** Called once the panel is on screen. */
  onShown?: () => void;
}) {
  return (
    <>
      <PanelOf panel={panel} open={open} flow={flow} desk={desk} />
      <Shown onShown={onShown} />
    </>
  );
}

function PanelOf({
  panel,
  open,
  flow,
  desk,
}: {
  panel: Panel;
  open: (panel: Panel | null) => void;
  flow: BookingFlow;
  desk: boolean;
}) {
  const close = () => open(null);
  switch (panel) {
    case 'quick':
      return (
        <QuickBookingPanel
          onClose={close}
          onBook={(roomType, room) => {
            close();
            flow.bookRoom(roomType, room);
          }}
          onQuickForm={() => {
            close();
            flow.openQuickBooking();
          }}
        />
      );
    case 'offers':
      return (
        <OffersPanel
          onClose={close}
          onQuickBooking={() => open('quick')}
          onBook={(roomType) => {
            close();
            flow.bookRoom(roomType);
          }}
        />
      );
    case 'assistant':
      return <AssistantModal onClose={close} desk={desk} />;
    case 'events':
      return <EventsPanel onClose={close} />;
    case 'services':
      return <ServicesPanel onClose={close} />;
  }
}
