import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { SCREENSHOTS_ONLY, screenshot } from './support/screenshots';

/**
 * The nearby-services panel on a phone in Arabic against the real worker: the
 * landing card opens the categories; a restaurant's card opens its detail view (and counts a
 * visit on the server), the Thai menu gallery pages by button, arrow key and swipe; the spa's
 * gallery; a "soon" item says so in a toast; Back to Categories; closing forgets the category.
 * Screenshots in both languages at 390 and 820 px go to /tmp/shots-services.
 */

const SHOTS = '/tmp/shots-services';
mkdirSync(SHOTS, { recursive: true });

async function openPanel(page: Page) {
  await page.goto('/');
  await page.getByTestId('landing-card-services').click();
  const panel = page.getByTestId('services-panel');
  await expect(panel).toBeVisible();
  return panel;
}

test('restaurants, the Thai menu gallery, the spa, a soon item and closing, in Arabic on a phone', async ({
  page,
}) => {
  const panel = await openPanel(page);
  await expect(page.getByRole('dialog', { name: 'خدمات قريبة من الفندق' })).toBeVisible();
  await screenshot(page, `${SHOTS}/ar-390-categories.png`);

  // Restaurants: both, with the distance.
  await panel.getByTestId('services-category-restaurant').click();
  await expect(panel.getByRole('heading', { name: 'المطاعم' })).toBeVisible();
  const thai = panel.getByTestId('service-card-thai-restaurant');
  await expect(thai).toContainText('مطعم الأوركيد التايلندي');
  await expect(thai.getByTestId('service-distance')).toHaveText('٥٠٠ متر، ٣ دقائق سيرًا على الأقدام');
  await expect(panel.getByTestId('service-card-omani-restaurant')).toBeVisible();
  await screenshot(page, `${SHOTS}/ar-390-restaurants.png`);

  // Opening a card counts a visit: fire and forget, answered by the server.
  const visit = page.waitForResponse(
    (r) => r.url().endsWith('/api/track-service-visit') && r.request().method() === 'POST',
  );
  await thai.click();
  const answered = await visit;
  expect(answered.request().postDataJSON()).toEqual({ serviceType: 'restaurant' });
  expect(answered.status()).toBe(200);

  const detail = panel.getByTestId('service-detail-thai-restaurant');
  const gallery = detail.getByTestId('menu-gallery');
  const position = gallery.getByTestId('menu-gallery-position');
  await expect(position).toHaveText('الصفحة ١ من ٣');
  const image = gallery.getByRole('img', { name: 'مطعم الأوركيد التايلندي: قائمة الطعام، الصفحة ١ من ٣' });
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect(image).toHaveAttribute('width', '600');
  await expect(image).toHaveAttribute('height', '800');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(gallery.getByRole('button', { name: 'الصفحة السابقة' })).toBeDisabled();

  // Next by button, then by arrow key (left is forward in Arabic), then back by a swipe.
  await gallery.getByRole('button', { name: 'الصفحة التالية' }).click();
  await expect(position).toHaveText('الصفحة ٢ من ٣');
  await page.keyboard.press('ArrowLeft');
  await expect(position).toHaveText('الصفحة ٣ من ٣');
  await expect(gallery.getByRole('button', { name: 'الصفحة التالية' })).toBeDisabled();
  const box = (await gallery.getByRole('img').boundingBox())!;
  // In right-to-left the pages run leftward, so a swipe toward the left goes back a page.
  await page.mouse.move(box.x + box.width - 40, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(position).toHaveText('الصفحة ٢ من ٣');

  // Contacts: map, WhatsApp, Instagram, phone.
  const contacts = detail.getByRole('navigation', { name: 'التواصل مع مطعم الأوركيد التايلندي' });
  await expect(contacts.getByRole('link', { name: 'الخريطة' })).toHaveAttribute('href', /maps/);
  await expect(contacts.getByRole('link', { name: 'واتساب' })).toHaveAttribute('href', /^https:\/\/wa\.me\//);
  await expect(contacts.getByRole('link', { name: 'إنستغرام' })).toBeVisible();
  await expect(contacts.getByRole('link', { name: /اتصال/ })).toHaveAttribute('href', /^tel:/);
  await expect
    .poll(() => gallery.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await screenshot(page, `${SHOTS}/ar-390-thai.png`);

  // Back, then the Omani restaurant's single menu image (no paging).
  await detail.getByRole('button', { name: 'العودة إلى المطاعم' }).click();
  await panel.getByTestId('service-card-omani-restaurant').click();
  const omani = panel.getByTestId('service-detail-omani-restaurant');
  await expect(omani.getByRole('img', { name: /مطعم التراث العماني: قائمة الطعام/ })).toBeVisible();
  await expect(omani.getByTestId('menu-gallery-position')).toHaveCount(0);
  await omani.getByRole('button', { name: 'العودة إلى المطاعم' }).click();

  // Massage & Spa: its services gallery with paging.
  await panel.getByRole('button', { name: 'العودة إلى الفئات' }).click();
  await panel.getByTestId('services-category-spa').click();
  const spaVisit = page.waitForRequest((r) => r.url().endsWith('/api/track-service-visit'));
  await panel.getByTestId('service-card-massage-spa').click();
  expect((await spaVisit).postDataJSON()).toEqual({ serviceType: 'spa' });
  const spa = panel.getByTestId('service-detail-massage-spa');
  await expect(spa.getByTestId('menu-gallery-position')).toHaveText('الصفحة ١ من ٣');
  await spa.getByRole('button', { name: 'الصفحة التالية' }).click();
  await expect(
    spa.getByRole('img', { name: 'مركز المساج والسبا: قائمة الخدمات، الصفحة ٢ من ٣' }),
  ).toBeVisible();
  await screenshot(page, `${SHOTS}/ar-390-spa.png`);
  await spa.getByRole('button', { name: 'العودة إلى المساج والسبا' }).click();

  // Transportation: Taxi says it is coming soon, in a toast (never a browser alert).
  page.on('dialog', (dialog) => {
    throw new Error(`unexpected browser dialog: ${dialog.message()}`);
  });
  await panel.getByRole('button', { name: 'العودة إلى الفئات' }).click();
  await panel.getByTestId('services-category-transport').click();
  await panel.getByTestId('service-card-taxi').click();
  await expect(page.getByText('سيتم تفعيل هذه الخدمة قريبًا.').first()).toBeVisible();
  await screenshot(page, `${SHOTS}/ar-390-soon.png`);

  // Closing forgets the category: the panel opens on the categories again.
  await page.getByRole('button', { name: 'إغلاق' }).first().click();
  await expect(panel).toHaveCount(0);
  await page.getByTestId('landing-card-services').click();
  await expect(page.getByTestId('services-category-restaurant')).toBeVisible();
});

// A visit counted once per device per day and an unknown service type refused are
// worker/src/modules/reviews/reviews.test.ts (POST /api/track-service-visit).

async function shoot(browser: Browser, lang: 'ar' | 'en', width: number) {
  const context = await browser.newContext({ viewport: { width, height: 1000 } });
  if (lang === 'en') await context.addInitScript(() => localStorage.setItem('language', 'en'));
  const page = await context.newPage();
  const panel = await openPanel(page);
  await screenshot(page, `${SHOTS}/${lang}-${width}-categories.png`);
  await panel.getByTestId('services-category-restaurant').click();
  await panel.getByTestId('service-card-thai-restaurant').click();
  const menu = panel.getByTestId('menu-gallery').getByRole('img');
  await expect.poll(() => menu.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await screenshot(page, `${SHOTS}/${lang}-${width}-thai.png`);
  await context.close();
}

test(
  'screenshots of the services panel in both languages at 390 and 820 px',
  SCREENSHOTS_ONLY,
  async ({ browser }) => {
    for (const lang of ['ar', 'en'] as const)
      for (const width of [390, 820]) await shoot(browser, lang, width);
  },
);
