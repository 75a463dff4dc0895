import type { Page } from '@playwright/test';

/**
 * What the app has saved of its query cache on this device (IndexedDB `hotel-query-cache`, written
 * by web/src/lib/query-persistence.ts at most about once a second), as text; '' when nothing yet.
 * For `expect.poll(() => savedQueryCache(page)).toContain('"offers"')`.
 */
export function savedQueryCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('hotel-query-cache');
        open.onsuccess = () => {
          const get = open.result.transaction('queryCache').objectStore('queryCache').get('tanstack-query');
          get.onsuccess = () => resolve(String(get.result ?? ''));
          get.onerror = () => resolve('');
        };
        open.onerror = () => resolve('');
      }),
  );
}
