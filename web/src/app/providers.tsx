import { I18nProvider } from '@lingui/react';
import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { whenIdle } from '@/lib/tasks';

// TanStack's persister and its dehydrate/hydrate are a chunk of their own, out of the landing
// page's first script: fetched at once when there is a cache to restore first, at idle otherwise.
export const loadPersistence = () => import('@/lib/query-persistence');

/**
 * Data and language for the whole app. The query cache is persisted in IndexedDB (TanStack's
 * persister) and restored from it, then saved as it changes. `restore` (app/start.tsx):
 * - true: an earlier visit left a cache (lib/query-persistence.ts hasPersistedQueries), restored
 *   before the screens ask for anything;
 * - false: a first visit; the cache is saved from the moment the page is idle;
 * - 'at-idle': the landing page, online: nothing is read from storage before the page is idle, and
 *   its screens ask the network at once; then what an earlier visit left is restored (answers the
 *   page already holds are newer, and stay: nothing on screen renders again) and the cache saved.
 *
 * PersistQueryClientProvider, put together from the same library parts, with two differences
 * (decision 024): a first visit has nothing to restore, so its queries start at once instead of
 * waiting for an empty restore and then rendering every screen again; and when a restore ends,
 * that render is a transition, sliced so that a tap is never kept waiting behind it.
 */
export function AppProviders({
  children,
  restore = true,
}: {
  children: ReactNode;
  restore?: boolean | 'at-idle';
}) {
  const [restoring, setRestoring] = useState(restore === true);
  useEffect(() => {
    let live = true;
    if (!restoring) {
      let unsubscribe: (() => void) | undefined;
      const cancel = whenIdle(() => {
        if (!live) return;
        void loadPersistence().then(async (module) => {
          if (!module) return;
          if (restore === 'at-idle' && (await module.hasPersistedQueries()))
            await module.restoreQueryCache(queryClient).catch(() => undefined);
          if (live) unsubscribe = module.persistQueryCache(queryClient);
        });
      });
      return () => {
        live = false;
        cancel();
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
  }, [restoring, restore]);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
