import type { BookingFlow } from '@/entities/bookings/booking-flow';
import { lazy } from '@/lib/lazy';
import { preloadBookingForms } from '@/features/bookings/components/booking-flow-provider';
import type { Panel } from './landing-screen';

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

/** The open panel. Rendered inside react-aria's providers (components/aria-scope) by the landing page. */
export default function LandingPanel({
  panel,
  open,
  flow,
  desk = false,
}: {
  panel: Panel;
  /** Opens another panel, or closes this one (null). */
  open: (panel: Panel | null) => void;
  flow: BookingFlow;
  /** The assistant opened on the front desk's chat (`/?messages=true`). */
  desk?: boolean;
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
