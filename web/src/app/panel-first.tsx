import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { AriaScope } from '@/components/aria-scope/aria-scope';
import { LoadingOverlay } from '@/components/loading-overlay';
import { useBookingFlow } from '@/entities/bookings/booking-flow';
import {
  BookingFlowProvider,
  prepareBookingForm,
} from '@/features/bookings/components/booking-flow-provider';
import { roomInventoryQueryOptions } from '@/entities/rooms/get-room-inventory';
import { takeDrawnBook } from '@/lib/drawn-book';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { LandingPanel, PANELS, type Panel, preparePanel, takeBootPanel } from './landing-screen';

/*
 * The panel a guest waits for, before the landing page is taken over (docs/decisions/099-landing-first-second.md):
 * a card tapped before the app had started, or an address that asks for a panel (/?quick=true,
 * /?events=true). Taking the prerendered landing page over (React's hydration of it: a few hundred
 * milliseconds on a slow phone) is work the guest does not wait for behind a panel that covers it,
 * so the panel is drawn first, in a React root of its own, and the page is taken over after it.
 */

/**
 * The panel this visit asks for as the app starts: a card tapped before it (the boot script's
 * `__bootPanel`, taken), or the address on the landing page (spec: /?events=true opens the events
 * panel, then the address goes back to /, forgetAskedAddress). Null when none.
 */
export function takeAskedPanel(): Panel | null {
  const tapped = takeBootPanel();
  if (tapped) return tapped;
  if (location.pathname !== '/') return null;
  return PANELS.find((panel) => new URLSearchParams(location.search).has(panel)) ?? null;
}

/**
 * The address that asked for `panel` goes back to / once the panel is open, before the app takes the
 * page over (its router then reads /). Not sooner: changing the address costs a slow phone tens of
 * milliseconds, which the guest would wait for behind the panel.
 */
export function forgetAskedAddress(panel: Panel) {
  if (location.pathname === '/' && new URLSearchParams(location.search).has(panel))
    history.replaceState(history.state, '', '/');
}

/**
 * Draws `panel` in a root of its own, with its own booking flow (the forms it opens), once its code
 * is ready; resolves once it is on screen (or its code could not be had: then it loads as it renders).
 */
export function openPanelFirst(panel: Panel): Promise<void> {
  return drawFirst(preparePanel(panel), (shown) => (
    <BookingFlowProvider>
      <PanelFirst panel={panel} onShown={shown} />
    </BookingFlowProvider>
  ));
}

/**
 * Renders what `render` gives in a React root of its own, with the app's i18n and query client,
 * once `ready` has settled; resolves once it calls `shown` (then the boot's "Loading…" for a tap
 * before the app started goes).
 */
function drawFirst(ready: Promise<unknown>, render: (shown: () => void) => ReactNode): Promise<void> {
  return new Promise((resolve) => {
    const shown = () => {
      document.getElementById('boot-busy')?.remove();
      resolve();
    };
    void ready
      .catch(() => undefined)
      .then(() => {
        const place = document.createElement('div');
        document.body.append(place);
        createRoot(place).render(
          <StrictMode>
            <I18nProvider i18n={i18n}>
              <QueryClientProvider client={queryClient}>{render(shown)}</QueryClientProvider>
            </I18nProvider>
          </StrictMode>,
        );
      });
  });
}

function PanelFirst({ panel: asked, onShown }: { panel: Panel; onShown: () => void }) {
  const [panel, setPanel] = useState<Panel | null>(asked);
  const flow = useBookingFlow();
  if (!panel) return null;
  return (
    <AriaScope fallback={<LoadingOverlay />}>
      <LandingPanel panel={panel} open={setPanel} flow={flow} onShown={onShown} />
    </AriaScope>
  );
}

/**
 * The room whose Book Now, on the room cards drawn before the app (app/rooms-draw.ts), was tapped
 * before the app started (the boot script's `__bootBook`): taken once, and marked taken (null) so
 * that the boot does not give the same tap again. Null when none.
 */
export function takeAskedBook(): string | null {
  const boot = window as { __bootBook?: string | null };
  const roomType = typeof boot.__bootBook === 'string' && boot.__bootBook ? boot.__bootBook : null;
  if (roomType) boot.__bootBook = null;
  return roomType;
}

/**
 * Opens the booking form of `roomType` (or, tonight sold out, what the booking flow says then) in a
 * root of its own, as openPanelFirst does a panel, once its code is ready and tonight's counts (asked
 * for by the page before the app, decision 099's addendum) are known; resolves once it is on screen.
 */
export function openBookFirst(roomType: string): Promise<void> {
  const ready = Promise.all([
    prepareBookingForm(),
    queryClient.fetchQuery(roomInventoryQueryOptions()), // (the flow reads it from the cache)
  ]);
  return drawFirst(ready, (shown) => (
    <BookingFlowProvider
      onOpened={() => {
        // The form has taken its copy drawn before the app over (lib/drawn-book.ts); whatever else
        // the flow opened (tonight sold out meanwhile) takes its place.
        takeDrawnBook();
        shown();
      }}
    >
      <BookFirst roomType={roomType} />
    </BookingFlowProvider>
  ));
}

function BookFirst({ roomType }: { roomType: string }) {
  const flow = useBookingFlow();
  useEffect(() => {
    flow.bookRoom(roomType);
  }, [flow, roomType]);
  return null;
}
