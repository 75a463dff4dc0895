import { I18nProvider } from '@lingui/react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
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
