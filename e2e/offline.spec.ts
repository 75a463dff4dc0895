import { expect, test } from './fixtures';
import { savedQueryCache } from './support/query-cache';
import { screenshot } from './support/screenshots';

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

  // Every room's cover photo is fetched once the page is idle, also those below the fold the guest
  // never scrolled to (lazy, they waited for a scroll before), and the service worker keeps it.
  const covers = () =>
    page.evaluate(async () => {
      const images = [...document.querySelectorAll<HTMLImageElement>('[data-testid="room-card-image"]')];
      const media = await caches.open('media');
      return Promise.all(
        images.map(async (img) => img.naturalWidth > 0 && (await media.match(img.currentSrc)) !== undefined),
      );
    });
  await expect.poll(covers, { timeout: 15_000 }).toEqual([true, true, true, true]);

  // The rooms are kept in the persisted query cache (IndexedDB), not only in the HTTP cache.
  await expect.poll(() => savedQueryCache(page)).toContain('silver');

  // The offers, opened once online, are kept too.
  await page.getByTestId('landing-card-offers').click();
  const offers = page.getByTestId('offers-panel');
  await expect(offers.locator('[data-testid^="offer-"]').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(offers).toHaveCount(0);
  // Saved with the rest of the query cache (the persister writes it a moment later).
  await expect.poll(() => savedQueryCache(page)).toContain('"offers"');

  await context.setOffline(true);
  await page.reload();
  // Said in words under the header (the header's badge is an icon on a phone).
  await expect(page.getByTestId('offline-banner')).toContainText('لا يوجد اتصال بالإنترنت');
  // In the sticky header: in view wherever the page was scrolled to (the reload keeps the scroll).
  await page.mouse.wheel(0, 600);
  await expect
    .poll(() =>
      page.getByTestId('offline-banner').evaluate((banner) => {
        const { top, bottom } = banner.getBoundingClientRect();
        return (
          scrollY > 0 &&
          top >= 0 &&
          document.elementFromPoint(20, (top + bottom) / 2) !== null &&
          banner.contains(document.elementFromPoint(20, (top + bottom) / 2))
        );
      }),
    )
    .toBe(true);
  await screenshot(page, '/tmp/shots-offline/banner-ar-390.png');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('أهلاً بكم في فندق المعبيلة');
  // The rooms come from the persisted query cache, each with its photo (the last card's too).
  await expect(page.locator('[data-testid^="room-tier-"]')).toHaveCount(4);
  const last = page.getByTestId('room-card-image').last();
  await last.scrollIntoViewIfNeeded();
  await expect.poll(() => last.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The offers this device saved, without a load error above them.
  await page.getByTestId('landing-card-offers').click();
  await expect(offers.locator('[data-testid^="offer-"]').first()).toBeVisible({ timeout: 15_000 });
  await expect(offers.getByRole('alert')).toHaveCount(0);
  await page.keyboard.press('Escape');
  // A screen never opened before also opens (its lazy chunk is precached).
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  // A tax invoice's page (the worker's, printable) opened with no network, as from an e-mail's
  // link: the service worker answers with the app, which says why there is none instead of the
  // browser's error page, and asks the worker again once the connection is back (the screen's
  // states: invoice-offline-screen.test.tsx; the invoice itself: folio.spec.ts).
  await context.setOffline(true);
  await page.goto('/invoices/1');
  await expect(page.getByTestId('invoice-offline')).toContainText('لا يوجد اتصال بالإنترنت');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('فاتورة ضريبية');
  await context.setOffline(false);
  await expect(page).toHaveTitle('404');
  await expect(page.getByTestId('invoice-offline')).toHaveCount(0);
});
