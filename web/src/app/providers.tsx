import { I18nProvider } from '@lingui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import {
  I18nProvider as AriaI18nProvider,
  RouterProvider as AriaRouterProvider,
} from 'react-aria-components';
import { useHref, useNavigate } from 'react-router';
import { i18n } from '../lib/i18n';
import { queryClient, queryPersister } from '../lib/query-client';

/** Data and language for the whole app. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{ persister: queryPersister, maxAge: 7 * 24 * 60 * 60 * 1000, buster: 'v1' }}
      >
        {children}
      </PersistQueryClientProvider>
    </I18nProvider>
  );
}

/**
 * react-aria inside the router: its links navigate through React Router, and
 * its components (date pickers, arrow keys, built-in labels) follow the app's
 * language and direction rather than the browser's. English uses en-GB so dates
 * read day first, as in Oman.
 */
export function AriaRouting({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { i18n: lingui } = useLingui();
  return (
    <AriaI18nProvider locale={lingui.locale === 'ar' ? 'ar-OM' : 'en-GB'}>
      <AriaRouterProvider navigate={(to) => void navigate(to)} useHref={useHref}>
        {children}
      </AriaRouterProvider>
    </AriaI18nProvider>
  );
}
