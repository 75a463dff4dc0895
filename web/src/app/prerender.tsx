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
