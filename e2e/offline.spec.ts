import { expect, test } from './fixtures';

// The service worker is part of what this journey checks (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test('after one visit the app reopens with no network, rooms included', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.locator('[data-testid^="room-tier-"]')).toHaveCount(4);
  // Wait until the service worker controls the page and has precached the shell.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.locator('[data-testid^="room-tier-"]')).toHaveCount(4);

  // The rooms are kept in the persisted query cache (IndexedDB), not only in the HTTP cache.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const open = indexedDB.open('hotel-query-cache');
            open.onsuccess = () => {
              const get = open.result
                .transaction('queryCache')
                .objectStore('queryCache')
                .get('tanstack-query');
              get.onsuccess = () => resolve(String(get.result ?? ''));
              get.onerror = () => resolve('');
            };
            open.onerror = () => resolve('');
          }),
      ),
    )
    .toContain('silver');

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('أهلاً بكم في فندق المعبيلة');
  // The rooms come from the persisted query cache.
  await expect(page.locator('[data-testid^="room-tier-"]')).toHaveCount(4);
  // A screen never opened before also opens (its lazy chunk is precached).
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);
});
