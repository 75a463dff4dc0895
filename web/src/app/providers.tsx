import { I18nProvider } from '@lingui/react';
import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { whenIdle } from '@/lib/tasks';

// TanStack's persister and its dehydrate/hydrate are a chunk of their own, out of the landing
// page's first script: fetched at once when there is a cache to restore, at idle otherwise.
const loadPersistence = () => import('@/lib/query-persistence');

/**
 * Data and language for the whole app. The query cache is persisted in IndexedDB (TanStack's
 * persister): restored first when an earlier visit left one (`restore`, lib/query-client.ts
 * hasPersistedQueries), then saved as it changes: from the moment the page is idle on a first visit,
 * when the persister's chunk (lib/query-persistence.ts) is fetched.
 *
 * PersistQueryClientProvider, put together from the same library parts, with two differences
 * (decision 024): a first visit has nothing to restore, so its queries start at once instead of
 * waiting for an empty restore and then rendering every screen again; and when a restore ends,
 * that render is a transition, sliced so that a tap is never kept waiting behind it.
 */
export function AppProviders({ children, restore = true }: { children: ReactNode; restore?: boolean }) {
  const [restoring, setRestoring] = useState(restore);
  useEffect(() => {
    let live = true;
    if (!restoring) {
      let unsubscribe: (() => void) | undefined;
      whenIdle(() => {
        if (!live) return;
        void loadPersistence().then((module) => {
          if (module && live) unsubscribe = module.persistQueryCache(queryClient);
        });
      });
      return () => {
        live = false;
        unsubscribe?.();
      };
    }
    void loadPersistence()
      .then((module) => module?.restoreQueryCache(queryClient))
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
