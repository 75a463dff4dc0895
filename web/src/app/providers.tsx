import { I18nProvider } from '@lingui/react';
import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { i18n } from '@/lib/i18n';
import { persistOptions, queryClient } from '@/lib/query-client';

/**
 * Data and language for the whole app. The query cache is persisted in IndexedDB (TanStack's
 * persister): restored first when an earlier visit left one (`restore`, lib/query-client.ts
 * hasPersistedQueries), then saved as it changes.
 *
 * PersistQueryClientProvider, put together from the same library parts, with two differences
 * (decision 024): a first visit has nothing to restore, so its queries start at once instead of
 * waiting for an empty restore and then rendering every screen again; and when a restore ends,
 * that render is a transition, sliced so that a tap is never kept waiting behind it.
 */
export function AppProviders({ children, restore = true }: { children: ReactNode; restore?: boolean }) {
  const [restoring, setRestoring] = useState(restore);
  useEffect(() => {
    const options = { ...persistOptions, queryClient };
    if (!restoring) return persistQueryClientSubscribe(options);
    let live = true;
    void persistQueryClientRestore(options)
      .catch(() => undefined)
      .finally(() => live && startTransition(() => setRestoring(false)));
    return () => {
      live = false;
    };
  }, [restoring]);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
