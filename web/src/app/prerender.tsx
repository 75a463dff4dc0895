import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
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
