import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import type { Language } from '@shared/constants';
import { messages as arabic } from '@/locales/ar.po';
import { messages as english } from '@/locales/en.po';
import { queryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { Router } from '@/lib/router';
import { AppLayout } from './app-layout';
import { AppRoutes } from './router';
import { demoHero } from '@shared/demo-pictures';
import { setPrerenderHero } from './landing-hero';
import { LoadingOverlay } from '@/components/loading-overlay';
import { HeaderAsideBar, HeaderAsideRow } from '@/components/layout/root-layout';
import NotificationBell from '@/components/notifications/notification-bell';
import { notificationKeys } from '@/entities/notifications/notification-keys';
import { authKeys } from '@/entities/session/auth-keys';
import type { CurrentUser } from '@/entities/session/use-current-user';
import SignedInAccount, { Identity, identityOnBar } from '@/features/auth/components/signed-in-account';
import { MyBookingsButton } from '@/features/bookings/components/my-bookings-button';
import { pointsKeys } from '@/features/points/api/points-keys';
import { PointsBadge } from '@/features/points/components/points-badge';
import { setPrerenderWide } from '@/hooks/use-wide-screen';
import { PointsPlace } from './app-layout';
import type { RoomTier } from '@/entities/rooms/get-rooms';
import { roomsLeftTonight } from '@/lib/rooms-left-tonight';
import { formatCount } from '@/lib/format';
import { BookingFlowProvider } from '@/features/bookings/components/booking-flow-provider';
import { RoomTierList } from '@/features/rooms/components/room-tier-list';
import { stockClass } from '@/features/rooms/components/room-tier-card';
import { typeBorder } from '@/features/rooms/lib/type-colours';
import { pluralOf, ROOM_CARD_MARKS, type RoomCardTexts } from './rooms-draw';
import { modalClasses } from '@/components/ui/dialog';
import { CloseIcon } from '@/components/more-icons';
import { BookingForm } from '@/features/bookings/components/booking-form';
import { BookingFormTitle } from '@/features/bookings/components/booking-form-modal';
import { emptyDraft } from '@/features/bookings/lib/booking-draft';
import { BOOK_FORM_MARK } from './book-form-draw';
import { PanelRooms, QuickFormBanner } from '@/features/rooms/components/quick-booking-panel';

const catalogs = { ar: arabic, en: english } as const;

/**
 * The landing page's first screen as HTML, at build time (web/build/prerender.ts; decision 012):
 * the app's own components for `/` in one language, with no data yet (the rooms, offers and
 * account load in the browser, as on a first visit). app/start.tsx hydrates it when the visit matches.
 */
export function renderLanding(language: Language): string {
  i18n.loadAndActivate({ locale: language, messages: catalogs[language] as never });
  setPrerenderHero(demoHero());
  const html = renderToString(
    <StrictMode>
      <AppProviders>
        <Router ssrPath="/">
          <AppLayout>
            <AppRoutes />
          </AppLayout>
        </Router>
      </AppProviders>
    </StrictMode>,
  );
  // The queries the render created wait (timers) to be collected; the build must not wait for them.
  queryClient.clear();
  return html;
}

/**
 * The app's "Loading…" overlay in one language, for the landing page's boot script to show when a
 * guest taps a link or button before the app has started (web/build/prerender.ts, decision 086).
 */
export function renderBusy(language: Language): string {
  i18n.loadAndActivate({ locale: language, messages: catalogs[language] as never });
  return renderToString(
    <I18nProvider i18n={i18n}>
      <LoadingOverlay />
    </I18nProvider>,
  );
}

/**
 * A signed-in guest's header parts as the app draws them, in one language, for the landing page's
 * second inline script to fill with what the phone last knew and put in the header's empty places
 * before the first paint (app/last-known-draw.ts, decision 099): `<template id="last-known">` with
 * the row's parts (`row`, as from 768 px: on a phone the guest's name goes to the bar instead), and
 * the rest of the account in the bar under the header (`bar`, phones) or in the header's row
 * (`aside`). Rendered with placeholder values
 * (one of each), which the script replaces; what it cannot fill (no points known) it takes away.
 */
export function renderLastKnown(language: Language): string {
  i18n.loadAndActivate({ locale: language, messages: catalogs[language] as never });
  const user: CurrentUser = { id: 0, fullName: '-', email: '-', role: 'guest' };
  queryClient.setQueryData(authKeys.me(), user);
  queryClient.setQueryData(pointsKeys.balance(user.email), {
    totalPoints: 1,
    lastEarned: { pointsEarned: 1 },
  });
  queryClient.setQueryData(notificationKeys.unread('mine'), { unread: 1 });
  const part = (name: string, wide: boolean, content: ReactNode) => {
    setPrerenderWide(wide);
    const html = renderToString(
      <AppProviders restore={false}>
        <Router ssrPath="/">{content}</Router>
      </AppProviders>,
    );
    return `<div data-part="${name}">${html}</div>`;
  };
  const row = (
    <>
      <NotificationBell scope="mine" />
      <MyBookingsButton />
      <SignedInAccount user={user} />
    </>
  );
  const aside = (wide: boolean) => (
    <>
      {identityOnBar(user, wide) ? <Identity user={user} /> : null}
      <PointsPlace>
        <PointsBadge />
      </PointsPlace>
    </>
  );
  const html =
    part('row', true, row) +
    part('bar', false, <HeaderAsideBar>{aside(false)}</HeaderAsideBar>) +
    part('aside', true, <HeaderAsideRow>{aside(true)}</HeaderAsideRow>);
  setPrerenderWide(false);
  queryClient.clear();
  return `<template id="last-known">${html}</template>`;
}

/** The page's title and description in one language (search results and the browser tab). */
export function headTexts(language: Language): { title: string; description: string } {
  i18n.loadAndActivate({ locale: language, messages: catalogs[language] as never });
  return {
    title: i18n._(msg`Al Maabila Hotel, Muscat`),
    description: i18n._(
      msg`Al Maabila Hotel in Muscat: book your room, earn loyalty points and enter our monthly prize draws.`,
    ),
  };
}

/** A sample count of each plural category of the language (CLDR's integer rules, rooms-draw.ts pluralOf). */
const PLURAL_SAMPLES = { ar: [0, 1, 2, 3, 11, 100], en: [1, 2] } as const;

/**
 * The landing's room cards as the app draws them, in one language, for the page's rooms script to
 * fill with the rooms the page's first script asked for, before the app has started
 * (app/rooms-draw.ts; decision 099, its addendum): `<template id="room-cards">` with the list and an
 * available card (`list`: every optional part there, a photo with its AVIF copies and placeholder,
 * a price struck through, one feature, rooms left), and a card sold out tonight (`sold-out`), rendered
 * from the app's own components with placeholder values (ROOM_CARD_MARKS); and, in `data-texts`,
 * what the script needs by value: the rooms-left sentence of each plural category, the types'
 * colours and the badge's.
 */
/** The room the cards' templates are rendered with: every optional part, placeholder values. */
function placeholderRoom(): RoomTier {
  const marks = ROOM_CARD_MARKS;
  const photo = (id: number) => ({
    id,
    src: '/room.jpg',
    sources: [
      { width: 800, url: '/room.avif', type: 'image/avif' },
      { width: 800, url: '/room.jpg' },
    ],
    width: 800,
    height: 500,
    placeholder: 'data:,',
    altAr: '',
    altEn: '',
  });
  return {
    roomType: marks.type,
    nameAr: marks.name,
    nameEn: marks.name,
    descriptionAr: marks.description,
    descriptionEn: marks.description,
    discountedPriceBaisa: 1000,
    originalPriceBaisa: 2000,
    amenities: [{ ar: marks.amenity, en: marks.amenity }],
    photos: Array.from({ length: marks.photos }, (_, i) => photo(i + 1)),
    lowStock: { red: 0, yellow: 0 },
    available: true,
  } as unknown as RoomTier;
}

export function renderRoomCards(language: Language): string {
  i18n.loadAndActivate({ locale: language, messages: catalogs[language] as never });
  const marks = ROOM_CARD_MARKS;
  const room = placeholderRoom();
  const list = (left: number) =>
    renderToString(
      <AppProviders restore={false}>
        <Router ssrPath="/">
          <BookingFlowProvider>
            <RoomTierList
              rooms={[room]}
              inventory={[
                { roomType: room.roomType, availableCount: left, totalCount: left, maxCapacity: 2 },
              ]}
            />
          </BookingFlowProvider>
        </Router>
      </AppProviders>,
    )
      // A sold-out card's next available date is a lazy part: the app draws it.
      .replace(/<!--\$[!?]?-->[\s\S]*?<!--\/\$-->/g, '');
  const count = (n: number) => formatCount(n, language);
  const texts: RoomCardTexts = {
    left: Object.fromEntries(
      PLURAL_SAMPLES[language].map((n) => [
        pluralOf(n, language),
        roomsLeftTonight(n, language).replace(count(n), '#'),
      ]),
    ),
    borders: [0, 1, 2, 3, 4].map(typeBorder),
    stock: stockClass,
  };
  queryClient.clear();
  const attribute = JSON.stringify(texts).replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return (
    `<template id="room-cards" data-texts="${attribute}">` +
    `<div data-part="list">${list(marks.left)}</div>` +
    `<div data-part="sold-out">${list(0)}</div></template>`
  );
}

/**
 * A room's booking form as the app first draws it (its first screen: the room, the guest's name,
 * e-mail, ID and phone, the WhatsApp box), in its modal, in one language, for the page's rooms cards
 * script to put on the page when a drawn card's Book Now is tapped before the app has started
 * (app/book-form-draw.ts, lib/drawn-book.ts; decision 099): `<template id="book-form">`, the room
 * named by BOOK_FORM_MARK. The modal's parts are react-aria's as the app's Modal renders them
 * (components/ui/dialog.tsx, a portal, which a server render does not draw), with its classes.
 */
export function renderBookForm(language: Language): string {
  i18n.loadAndActivate({ locale: language, messages: catalogs[language] as never });
  const classes = modalClasses('md');
  const html = renderToString(
    <AppProviders restore={false}>
      <Router ssrPath="/">
        <BookingFlowProvider>
          <div className={classes.overlay}>
            <div className={classes.modal}>
              <section
                role="dialog"
                aria-modal="true"
                tabIndex={-1}
                aria-labelledby="drawn-book-title"
                className={classes.dialog}
              >
                <div className={classes.header}>
                  <h2 id="drawn-book-title" className={classes.title}>
                    <BookingFormTitle roomType={BOOK_FORM_MARK as never} />
                  </h2>
                  <button
                    type="button"
                    data-drawn-close=""
                    aria-label={i18n._(msg`Close`)}
                    className={classes.close}
                  >
                    <CloseIcon />
                  </button>
                </div>
                <div data-testid="booking-form">
                  <BookingForm
                    mode={{ kind: 'room', roomType: BOOK_FORM_MARK as never }}
                    draft={emptyDraft}
                    onDraftChange={() => undefined}
                    onBooked={() => undefined}
                  />
                </div>
              </section>
            </div>
          </div>
        </BookingFlowProvider>
      </Router>
    </AppProviders>,
  )
    // The phone's country list for the browser's autofill (hidden, about 240 countries): the app's form has it.
    .replace(/<div [^>]*data-testid="hidden-select-container"[^>]*>[\s\S]*?<\/select><\/label><\/div>/, '');
  queryClient.clear();
  // react-aria's visually hidden parts (the box's input) as the stylesheet's `sr-only`: the page's
  // policy refuses style attributes in markup put into the page.
  const visuallyHidden =
    /style="border:0;clip:rect\(0 0 0 0\);clip-path:inset\(50%\);height:1px;margin:-1px;overflow:hidden;padding:0;position:absolute;width:1px;white-space:nowrap"/g;
  const out = html.replace(visuallyHidden, 'class="sr-only"');
  if (/\sstyle=/.test(out)) throw new Error('the booking form has a style attribute the page cannot apply');
  return `<template id="book-form">${out}</template>`;
}

/**
 * The quick booking panel as the app draws it once its rooms are there, in its modal, in one
 * language, for the page's rooms cards script to put on the page when the quick booking card is
 * tapped before the app has started (app/quick-panel-draw.ts; decision 099, "the quick booking
 * panel before the app"): `<template id="quick-panel">`, with the carousel's slide and the cards
 * (`data-part="available"`, `data-part="sold-out"`) of the placeholder room (ROOM_CARD_MARKS). The
 * carousel's thumbnails and dots, and the slide's "1 of 4", are the app's to draw (they name the
 * hotel's photos and types); the cards are filled as the landing's (app/rooms-draw.ts drawCard).
 */
export function renderQuickPanel(language: Language): string {
  i18n.loadAndActivate({ locale: language, messages: catalogs[language] as never });
  const classes = modalClasses('wide');
  // Two photos: the slide's thumbnails, one drawn per photo of the room.
  const room = { ...placeholderRoom(), photos: placeholderRoom().photos.slice(0, 2) } as RoomTier;
  const inventory = (left: number) => () => left;
  const html = renderToString(
    <AppProviders restore={false}>
      <Router ssrPath="/">
        <BookingFlowProvider>
          <div className={classes.overlay.replace('z-40', 'z-50')}>
            <div className={classes.modal}>
              <section
                role="dialog"
                aria-modal="true"
                tabIndex={-1}
                aria-labelledby="drawn-panel-title"
                className={classes.dialog}
              >
                <div className={classes.header}>
                  <h2 id="drawn-panel-title" className={classes.title}>
                    {i18n._(msg`Quick booking`)}
                  </h2>
                  <button
                    type="button"
                    data-drawn-close=""
                    aria-label={i18n._(msg`Close`)}
                    className={classes.close}
                  >
                    <CloseIcon />
                  </button>
                </div>
                <div className="flex flex-col gap-6" data-testid="quick-booking-panel">
                  <QuickFormBanner onQuickForm={() => undefined} />
                  <PanelRooms
                    rooms={[room]}
                    roomsLeftOf={inventory(ROOM_CARD_MARKS.left)}
                    detailsOf={() => undefined}
                    onBook={() => undefined}
                  />
                  <div data-part="sold-out" hidden>
                    <PanelRooms
                      rooms={[room]}
                      roomsLeftOf={inventory(0)}
                      detailsOf={() => undefined}
                      onBook={() => undefined}
                    />
                  </div>
                </div>
              </section>
            </div>
          </div>
        </BookingFlowProvider>
      </Router>
    </AppProviders>,
  )
    // A sold-out card's next available date is a lazy part: the app draws it.
    .replace(/<!--\$[!?]?-->[\s\S]*?<!--\/\$-->/g, '');
  queryClient.clear();
  if (/\sstyle=/.test(html))
    throw new Error('the quick booking panel has a style attribute the page cannot apply');
  // The slide's and the thumbnails' names, "@n of @count": the carousel's own messages.
  const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const slide = attribute(i18n._(msg`${'@n'} of ${'@count'}`));
  const photo = attribute(i18n._(msg`Photo ${'@n'} of ${'@count'}`));
  return `<template id="quick-panel" data-slide="${slide}" data-photo="${photo}">${html}</template>`;
}
