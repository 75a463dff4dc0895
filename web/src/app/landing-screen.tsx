import { useLingui } from '@lingui/react/macro';
import {
  type ReactNode,
  type Ref,
  Suspense,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { landingLazy, lazy } from '@/lib/lazy';
import { AriaScope, preloadAriaScope } from '@/components/aria-scope/aria-scope';
import { useNavigate, useSearchParams } from '@/lib/router';
import { backOfficeHome, forgetAdminPage } from '@/lib/back-office-landing';
import { isLookingUp, useCurrentUser } from '@/entities/session/use-current-user';
import { BedIcon, ChatIcon, PinIcon, StarIcon, TagIcon } from '@/components/icons';
import { LoadingOverlay } from '@/components/loading-overlay';
import { useIdle } from '@/hooks/use-idle';
import { afterPaint, holdIdleWork, whenIdle } from '@/lib/tasks';
import { useBookingFlow } from '@/entities/bookings/booking-flow';
import { BookingFlowProvider } from '@/features/bookings/components/booking-flow-provider';
import { LandingHero } from './landing-hero';
import { RoomTiersSection } from '@/features/rooms/components/room-tiers-section';

export const PANELS = ['assistant', 'quick', 'events', 'offers', 'services'] as const;
export type Panel = (typeof PANELS)[number];

// The panels are lazy chunks; the landing page's first script holds only the cards. The panels'
// part of the page (./landing-panels.tsx: which chunk each panel is, and the files each needs) is
// a chunk of its own, fetched once the page is idle; a panel's code (and the booking forms and
// date picker behind quick booking and offers) is fetched on intent: when a card is hovered,
// focused or pressed (decision 012), not when the page loads; and once the app has started and
// the page is idle, each panel is made ready in turn (decision 099, preparePanelsAtIdle).
const loadPanels = () => import('./landing-panels');
export const LandingPanel = lazy(loadPanels);
// A signed-in guest's badge on the assistant's card: the desk's replies not read yet (its own chunk).
const AccountChatUnread = landingLazy(() => import('@/entities/conversations/chat-unread'));
// The reviews' chunk is listed there too (they are mounted once the page is idle, when scrolled near).
const LandingReviews = lazy(loadPanels, (module) => module.LandingReviews);
// Below the room tiers, so not in the first script: fetched once the page is idle (the
// hero's photo code took the room the first script had left under its 100 KB budget).
const VipCardsSection = landingLazy(
  () => import('@/features/vip/components/vip-cards-section'),
  (module) => module.VipCardsSection,
);

// On intent (a card hovered, focused or pressed), once the frame the browser owes is painted: a
// press's own frame is not kept waiting behind the evaluation of react-aria's providers, the
// panels' chunk and the whole catalogue (INP).
function preloadPanel(panel: Panel) {
  afterPaint(() => {
    preloadAriaScope();
    void loadPanels().then((module) => module?.preloadPanel(panel));
  });
}

/** Resolves once `panel` (and the panels' part of the page) renders without waiting (lib/lazy.ts). */
export function preparePanel(panel: Panel): Promise<unknown> {
  return Promise.all([LandingPanel.preload(), loadPanels().then((module) => module?.preparePanel(panel))]);
}

/**
 * The card a guest tapped before the app had started (the landing page's boot script,
 * web/build/prerender.ts, leaves it in `window.__bootPanel`): taken once, and marked taken (null)
 * so that the boot does not give the same tap again. The app opens it as it starts (decision 099).
 */
export function takeBootPanel(): Panel | null {
  const boot = window as { __bootPanel?: string | null };
  const panel = PANELS.find((p) => p === boot.__bootPanel) ?? null;
  if (panel) boot.__bootPanel = null;
  return panel;
}

/**
 * "Loading…" for a card's tap, in the tap's own frame. Its state is its own, so that this frame
 * renders this alone, not the whole landing page; `ref` receives its setter.
 */
function TapPending({ ref }: { ref: Ref<(on: boolean) => void> }) {
  const [on, setOn] = useState(false);
  useImperativeHandle(ref, () => setOn, []);
  return on ? <LoadingOverlay /> : null;
}

/**
 * The landing page (/ and /hotel): the welcome banner, the cards that open
 * the panels (assistant, quick booking, events, offers, nearby services), the
 * four room tiers with prices from the API and Book Now, and the VIP cards.
 * A page of several features, so it is put together here, in the app; the
 * booking flow it starts is mounted around it.
 */
export function LandingScreen() {
  return (
    <BookingFlowProvider>
      <Landing />
    </BookingFlowProvider>
  );
}

function Landing() {
  const { t } = useLingui();
  const flow = useBookingFlow();
  const [panel, setPanel] = useState<Panel | null>(null);
  // A card's tap shows "Loading…" in its own frame (TapPending); once it is painted, the panel's
  // code, react-aria's providers and the catalogue are made ready (at once when the page has done
  // it at idle), and the panel mounts, drawn in one go. Meanwhile the page's idle work waits.
  const pending = useRef<((on: boolean) => void) | null>(null);
  const releaseIdle = useRef<(() => void) | null>(null);
  // The assistant opened on the front desk's chat (`/?messages=true`), not on its own first screen.
  const [deskFirst, setDeskFirst] = useState(false);
  const openPanel = useCallback((key: Panel, { overlay = true, desk = false } = {}) => {
    if (overlay) pending.current?.(true);
    releaseIdle.current?.();
    releaseIdle.current = holdIdleWork();
    afterPaint(() => {
      void preparePanel(key)
        .catch(() => undefined) // then it loads as it renders, and fails there if it must
        .then(() => {
          pending.current?.(false);
          setDeskFirst(desk);
          setPanel(key);
        });
    });
  }, []);
  const panelShown = useCallback(() => {
    releaseIdle.current?.();
    releaseIdle.current = null;
    // The boot script's "Loading…" for a card tapped before the app started (takeBootPanel).
    document.getElementById('boot-busy')?.remove();
  }, []);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  // Spec section 1: /?events=true opens the events panel (and the dashboard's assistant tile,
  // /?assistant=true, the assistant), then the address goes back to /. Every card is such a
  // link (/?services=true, ...): a tap before the app had started opens its panel as the app
  // starts (the boot script's, takeBootPanel; its "Loading…" stays until then). As an effect, so
  // that the app's first render is the prerendered page, which it takes over (app/start.tsx).
  // /?messages=true (a staff reply's push or notice) opens the assistant on the front desk's chat.
  const deskParam = searchParams.get('messages') === 'true';
  const paramPanel = PANELS.find((p) => searchParams.has(p)) ?? (deskParam ? 'assistant' : null);
  useEffect(() => {
    if (paramPanel) {
      openPanel(paramPanel, { overlay: false, desk: deskParam });
      void navigate('/', { replace: true });
      return;
    }
    const tapped = takeBootPanel();
    if (tapped) openPanel(tapped, { overlay: false });
  }, [paramPanel, deskParam, navigate, openPanel]);

  // Spec: reaching / forgets the last back office page; /?admin=true opens the back office for
  // staff and admins and is then removed from the address. It grants nothing: a guest or a
  // signed-out visitor stays here, without the parameter (the server judges every call anyway).
  const me = useCurrentUser();
  const adminParam = searchParams.has('admin');
  const lookingUp = isLookingUp(me);
  // (The landing page's first script forgets it before the page is painted, and goes to the back
  // office itself when it knows the account's role: app/landing-first.ts.)
  useEffect(() => {
    forgetAdminPage();
  }, []);
  const role = me.data?.role;
  useEffect(() => {
    if (!adminParam || lookingUp) return;
    // The desk's back office is /admin; a housekeeper's their tasks, a technician's the work
    // orders, outlet staff's their outlets: where each lands after signing in.
    void navigate(backOfficeHome(role) ?? '/', { replace: true });
  }, [adminParam, lookingUp, role, navigate]);

  // The reviews are below the fold: their chunk and their data load when the guest scrolls
  // near them, not as part of the first load.
  // (Watched once the page is idle, when the rooms and cards above have their height.)
  const [reviewsNear, setReviewsNear] = useState(false);
  const reviewsSpot = useRef<HTMLDivElement>(null);
  const idle = useIdle();
  useEffect(() => {
    // The first screen's panels made ready, one by one at idle moments from the app's start (each
    // within a second, a busy phone's main thread being seldom idle): a card's tap then only draws
    // its panel.
    let stop: (() => void) | undefined;
    let current = true;
    const cancel = whenIdle(
      () =>
        void loadPanels().then((module) => {
          if (current) stop = module?.preparePanelsAtIdle();
        }),
      1_000,
    );
    return () => {
      current = false;
      cancel();
      stop?.();
    };
  }, []);
  useEffect(() => {
    const spot = reviewsSpot.current;
    if (!spot || !idle || reviewsNear) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setReviewsNear(true);
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(spot);
    return () => observer.disconnect();
  }, [idle, reviewsNear]);

  // Spec section 2, in its order: assistant, quick booking, events, offers, nearby services.
  const cards: { key: Panel; title: string; text: string; icon: ReactNode; highlight?: boolean }[] = [
    {
      key: 'assistant',
      title: t`AI assistant`,
      text: t`Ask anything about the hotel or book a room in a chat.`,
      icon: <ChatIcon />,
    },
    {
      key: 'quick',
      title: t`Quick booking`,
      text: t`Choose a room and book in a minute.`,
      icon: <BedIcon />,
      highlight: true,
    },
    {
      key: 'events',
      title: t`Current events`,
      text: t`Monthly prize draws: photography, location sharing, hotel rating.`,
      icon: <StarIcon />,
    },
    {
      key: 'offers',
      title: t`Special offers and discounts`,
      text: t`Exclusive room offers with photo galleries.`,
      icon: <TagIcon />,
      highlight: true,
    },
    {
      key: 'services',
      title: t`Nearby services`,
      text: t`Restaurants, massage and spa around the hotel.`,
      icon: <PinIcon />,
    },
  ];

  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8">
      <LandingHero />

      <section aria-labelledby="services-heading" className="flex flex-col gap-4">
        <h2 id="services-heading" className="sr-only">
          {t`What would you like to do?`}
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-5">
          {cards.map((card, i) => (
            <li key={card.key} className={i === cards.length - 1 ? 'col-span-2 lg:col-span-1' : undefined}>
              <a
                href={`/?${card.key}=true`}
                onClick={(event) => {
                  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                    return;
                  event.preventDefault();
                  openPanel(card.key);
                }}
                onPointerEnter={() => preloadPanel(card.key)}
                onFocus={() => preloadPanel(card.key)}
                onPointerDown={() => preloadPanel(card.key)}
                data-testid={`landing-card-${card.key}`}
                className={`flex h-full w-full cursor-pointer flex-col items-start gap-2 rounded-2xl p-4 text-start shadow-sm outline-none transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-gold-700 ${
                  card.highlight
                    ? 'bg-teal-800 text-white hover:bg-teal-700'
                    : 'border border-sand-200 bg-white text-slate-900 hover:bg-sand-100'
                }`}
              >
                <span
                  aria-hidden="true"
                  className={`inline-flex size-10 items-center justify-center rounded-xl ${card.highlight ? 'bg-white/15 text-gold-400' : 'bg-sand-100 text-teal-700'}`}
                >
                  {card.icon}
                </span>
                <span className="flex w-full items-center gap-2 text-base font-bold">
                  {card.title}
                  {/* Once the page is idle: the prerendered page has no badge, and the app's
                      first render takes it over as it is (a signed-in guest's last known
                      account would otherwise draw one there, and the takeover fail). */}
                  {card.key === 'assistant' && me.data && idle ? (
                    <Suspense fallback={null}>
                      <AccountChatUnread />
                    </Suspense>
                  ) : null}
                </span>
                <span className={`text-sm ${card.highlight ? 'text-sand-100' : 'text-slate-700'}`}>
                  {card.text}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <RoomTiersSection />

      {idle && (
        <Suspense fallback={null}>
          <VipCardsSection />
        </Suspense>
      )}

      <div ref={reviewsSpot}>
        {reviewsNear && (
          <AriaScope>
            <LandingReviews />
          </AriaScope>
        )}
      </div>

      <TapPending ref={pending} />
      {panel && (
        <AriaScope fallback={<LoadingOverlay />}>
          <LandingPanel panel={panel} open={setPanel} flow={flow} desk={deskFirst} onShown={panelShown} />
        </AriaScope>
      )}
    </main>
  );
}
