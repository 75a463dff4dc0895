import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A room card's Book Now once the app has started (docs/decisions/099-landing-first-second.md, "a
 * room's form once the app has started"): the page draws the copy of the form's first screen in the
 * tap's own frame, filled with what the guest typed before, and the app's form, drawn behind it,
 * takes it over with what was typed meanwhile. Not where the copy would be wrong: in the other
 * language than the page came in. The phone's CPU is 4x slower here, as in `bench:web`.
 */
const texts = {
  ar: {
    title: (name: string) => `احجز ${name}`,
    fullName: 'الاسم الكامل',
    id: 'رقم الهوية',
    phone: 'رقم الهاتف',
    dates: 'تاريخا الوصول والمغادرة',
    close: 'إغلاق',
    loading: 'جارٍ التحميل…',
    book: (name: string) => `احجز الآن: ${name}`,
    guest: 'سالم البلوشي',
  },
  en: {
    title: (name: string) => `Book the ${name}`,
    fullName: 'Full name',
    id: 'ID number',
    phone: 'Phone number',
    dates: 'Check-in and check-out dates',
    close: 'Close',
    loading: 'Loading…',
    book: (name: string) => `Book Now: ${name}`,
    guest: 'Salim Al-Balushi',
  },
} as const;

type Room = { roomType: string; nameAr: string; nameEn: string };

/** Notes whether the copy or a "Loading…" was ever on the page. */
async function watch(page: Page, loading: string) {
  await page.addInitScript((loading) => {
    const seen = ((globalThis as { __seen?: { copy: number; loading: number } }).__seen = {
      copy: 0,
      loading: 0,
    });
    new MutationObserver(() => {
      if (document.getElementById('drawn-book')) seen.copy++;
      const status = [...document.querySelectorAll('[role="status"]')].some(
        (e) => e.textContent === loading && e.checkVisibility(),
      );
      if (status) seen.loading++;
    }).observe(document, { subtree: true, childList: true, attributes: true });
  }, loading);
}

const seen = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __seen: { copy: number; loading: number } }).__seen);

/** The landing page with the app started and its booking form made ready (at idle), CPU 4x slower. */
async function started(page: Page) {
  await page.goto('/');
  await page.mouse.move(1, 1);
  await page.mouse.move(2, 2);
  await page.waitForFunction(() => {
    const card = document.querySelector('[data-testid^="room-tier-"]');
    return !!card && Object.keys(card).some((key) => key.startsWith('__reactProps'));
  });
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => /booking-form-modal-[\w-]+\.js$/.test(e.name)),
  );
  await page.waitForLoadState('networkidle');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

for (const lang of ['ar', 'en'] as const) {
  const t = texts[lang];

  test(`once the app has started, a room's Book Now shows the copy at once, and the app's form takes what is typed (${lang})`, async ({
    context,
    baseURL,
    request,
  }) => {
    await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
    const rooms = (await (await request.get('/api/rooms')).json()) as Room[];
    const name = lang === 'ar' ? rooms[0]!.nameAr : rooms[0]!.nameEn;
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
    page.on('pageerror', (error) => problems.push(String(error)));
    await watch(page, t.loading);
    await started(page);
    expect((await seen(page)).copy).toBe(0);

    const book = page.locator('[data-testid^="room-tier-"]').getByRole('button', { name: t.book(name) });
    await book.click();
    // The copy, then the app's form in its place; one form at any moment, never "Loading…".
    const dialog = page.getByRole('dialog', { name: t.title(name) });
    await expect(dialog).toHaveCount(1);
    await dialog.getByRole('textbox', { name: t.fullName }).click();
    await page.keyboard.type(t.guest);
    await expect(page.getByText(t.dates)).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('#drawn-book')).toHaveCount(0);
    await expect(dialog).toHaveCount(1);
    const fullName = dialog.getByRole('textbox', { name: t.fullName });
    await expect(fullName).toHaveValue(t.guest);
    await expect(fullName).toBeFocused();
    expect((await seen(page)).copy).toBeGreaterThan(0);
    await dialog.getByRole('textbox', { name: t.id }).fill('12345');
    await dialog.getByRole('textbox', { name: t.phone }).fill('91234567');

    // Closed and opened again: the copy holds what the flow kept, and so does the app's form.
    await dialog.getByRole('button', { name: t.close }).click();
    await expect(page.getByTestId('booking-form')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
    await book.click();
    const copy = page.locator('#drawn-book');
    const before = (await seen(page)).copy;
    await expect(dialog.getByRole('textbox', { name: t.fullName })).toHaveValue(t.guest);
    await expect(dialog.getByRole('textbox', { name: t.id })).toHaveValue('12345');
    await expect(dialog.getByRole('textbox', { name: t.phone })).toHaveValue('91234567');
    await expect(page.getByText(t.dates)).toBeVisible({ timeout: 15_000 });
    await expect(copy).toHaveCount(0);
    expect((await seen(page)).copy).toBeGreaterThanOrEqual(before);
    await expect(dialog.getByRole('textbox', { name: t.fullName })).toHaveValue(t.guest);
    await expect(dialog.getByRole('textbox', { name: t.id })).toHaveValue('12345');
    await expect(dialog.getByRole('textbox', { name: t.phone })).toHaveValue('91234567');
    await expect(dialog.getByTestId('phone-country')).toContainText('+968');
    await dialog.getByRole('button', { name: t.close }).click();
    await expect(page.getByTestId('booking-form')).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveAttribute('data-panel-open');
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
    expect((await seen(page)).loading).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
}

test("once the language has been changed in the app, a room's Book Now draws no copy in the page's first one", async ({
  context,
  baseURL,
  request,
}) => {
  await context.addCookies([{ name: 'lang', value: 'ar', url: baseURL! }]);
  const rooms = (await (await request.get('/api/rooms')).json()) as Room[];
  const page = await context.newPage();
  await watch(page, texts.en.loading);
  await started(page);
  await page
    .locator('header')
    .getByRole('button', { name: /^English/ })
    .first()
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page
    .locator('[data-testid^="room-tier-"]')
    .getByRole('button', { name: texts.en.book(rooms[0]!.nameEn) })
    .click();
  const dialog = page.getByRole('dialog', { name: texts.en.title(rooms[0]!.nameEn) });
  await expect(dialog.getByText(texts.en.dates)).toBeVisible({ timeout: 15_000 });
  expect((await seen(page)).copy).toBe(0);
  await page.close();
});
