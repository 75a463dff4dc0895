import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The quick booking card tapped before the app has started (docs/decisions/099-landing-first-second.md,
 * "the quick booking panel before the app"): the page draws the panel with its rooms at once, from a
 * copy of the app's markup and the rooms it drew; the app's panel takes it over as its code arrives;
 * closed before then, the panel does not open (tapped again, it is drawn again); a room's Book
 * pressed on the copy opens its form; its carousel's dots move it, and the app's panel starts there. The
 * panel's code is held back here until the guest has done so, so that the copy is all there is.
 */
const texts = {
  ar: {
    title: 'الحجز السريع',
    book: (name: string) => `احجز الآن: ${name}`,
    form: (name: string) => `احجز ${name}`,
    loading: 'جارٍ التحميل…',
    close: 'إغلاق',
  },
  en: {
    title: 'Quick booking',
    book: (name: string) => `Book Now: ${name}`,
    form: (name: string) => `Book the ${name}`,
    loading: 'Loading…',
    close: 'Close',
  },
} as const;

type Room = { roomType: string; nameAr: string; nameEn: string; available?: boolean };

/**
 * Holds the app's quick booking panel code back until `release` is called; with `start`, the app's
 * start too (its second half, app/start.tsx: the app then takes no tap until released).
 */
async function holdPanelCode(page: Page, { start = false } = {}) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const code = start
    ? /\/assets\/(quick-booking-panel|start)-[\w-]+\.js$/
    : /\/assets\/quick-booking-panel-[\w-]+\.js$/;
  await page.route(code, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

for (const lang of ['ar', 'en'] as const) {
  const t = texts[lang];

  test(`the quick booking card tapped before the app shows the panel with its rooms at once, and the app's panel takes it over (${lang})`, async ({
    context,
    baseURL,
    request,
  }) => {
    await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
    const rooms = ((await (await request.get('/api/rooms')).json()) as Room[]).filter(
      (r) => r.available !== false,
    );
    const name = (room: Room) => (lang === 'ar' ? room.nameAr : room.nameEn);
    const page = await context.newPage();
    await page.addInitScript((loading) => {
      new MutationObserver(() => {
        const busy = document.getElementById('boot-busy');
        const overlay = [...document.querySelectorAll('[role="status"]')].some(
          (e) => e.textContent === loading && e.checkVisibility(),
        );
        if ((busy && !busy.hidden) || overlay)
          (globalThis as { __loadingSeen?: boolean }).__loadingSeen = true;
      }).observe(document, { subtree: true, childList: true, attributes: true });
    }, t.loading);
    const release = await holdPanelCode(page, { start: true });
    if (lang === 'en') await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('#rooms-drawn [data-testid^="room-tier-"]').first()).toBeVisible();
    await page.getByTestId('landing-card-quick').click();
    // The copy: the panel, its carousel's first room and a card per room, each with its Book Now.
    const copy = page.locator('#drawn-panel');
    await expect(copy).toBeVisible();
    // Closed and tapped again before the app: drawn again (the app takes that one, below).
    await page.keyboard.press('Escape');
    await expect(copy).toHaveCount(0);
    await page.getByTestId('landing-card-quick').click();
    await expect(copy).toBeVisible();
    await expect(copy.getByRole('dialog', { name: t.title })).toBeVisible();
    await expect(copy.getByTestId('room-carousel')).toContainText(name(rooms[0]!));
    for (const room of rooms) {
      const card = copy.getByTestId(`room-card-${room.roomType}`);
      await expect(card.getByRole('heading', { name: name(room) })).toBeVisible();
      await expect(card.getByTestId('room-price')).not.toBeEmpty();
    }
    await expect(copy.getByRole('button', { name: t.book(name(rooms[0]!)) })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-panel-open', '');
    // The carousel's dot of the third room: its slide at once, the dot keeping the focus.
    const third = name(rooms[2]!);
    const dot = (within: typeof copy) =>
      within.getByTestId('room-carousel-controls').getByRole('button', { name: third, exact: true });
    await dot(copy).click();
    await expect(copy.getByTestId('room-carousel')).toContainText(third);
    await expect(dot(copy)).toHaveAttribute('aria-current', 'true');
    await expect(dot(copy)).toBeFocused();
    // Then Next: the fourth room, the focus on Next. (In English the device asks for less motion:
    // the app's carousel has no Pause before its Next, the copy, drawn at build time, has.)
    const fourth = name(rooms[3 % rooms.length]!);
    const next = (within: typeof copy) =>
      within.getByTestId('room-carousel-controls').getByRole('button').last();
    await next(copy).click();
    await expect(copy.getByTestId('room-carousel')).toContainText(fourth);
    await expect(next(copy)).toBeFocused();
    // The app's panel: the copy gone in the frame it came, one panel, the page still held, the
    // carousel on the slide the copy showed, Next focused (the carousel waits while it is).
    release();
    await expect(copy).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByTestId('quick-booking-panel')).toHaveCount(1);
    const panel = page.getByRole('dialog', { name: t.title });
    await expect(panel.getByTestId(`room-card-${rooms[0]!.roomType}`)).toBeVisible();
    await expect(
      panel.getByTestId('room-carousel-controls').getByRole('button', { name: fourth, exact: true }),
    ).toHaveAttribute('aria-current', 'true');
    await expect(next(panel)).toBeFocused();
    await expect(panel.getByTestId('room-carousel-image')).toHaveAttribute('alt', new RegExp(fourth));
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
    expect(
      await page.evaluate(() => (globalThis as { __loadingSeen?: boolean }).__loadingSeen ?? false),
    ).toBe(false);
    // Closed, the page is the guest's again.
    await panel.getByRole('button', { name: t.close }).first().click();
    await expect(page.getByTestId('quick-booking-panel')).toHaveCount(0);
    await expect.poll(() => page.evaluate(() => document.documentElement.style.overflow)).toBe('');
    await page.close();
  });

  test(`the quick booking panel closed before the app does not open when the app arrives, and a room's Book pressed there opens its form (${lang})`, async ({
    context,
    baseURL,
    request,
  }) => {
    await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
    const rooms = ((await (await request.get('/api/rooms')).json()) as Room[]).filter(
      (r) => r.available !== false,
    );
    const name = (room: Room) => (lang === 'ar' ? room.nameAr : room.nameEn);
    for (const how of ['escape', 'book'] as const) {
      const page = await context.newPage();
      const release = await holdPanelCode(page);
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await expect(page.locator('#rooms-drawn [data-testid^="room-tier-"]').first()).toBeVisible();
      await page.getByTestId('landing-card-quick').click();
      const copy = page.locator('#drawn-panel');
      await expect(copy).toBeVisible();
      if (how === 'escape') {
        await page.keyboard.press('Escape');
        await expect(copy).toHaveCount(0);
        await expect(page.locator('html')).not.toHaveAttribute('data-panel-open');
        expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
        release();
        // The app starts, takes the page over, and opens no panel.
        await expect(page.locator('#rooms-drawn > *')).toHaveCount(0, { timeout: 15_000 });
        await page.waitForTimeout(1_000);
        await expect(page.getByTestId('quick-booking-panel')).toHaveCount(0);
      } else {
        const room = rooms[1]!;
        await copy.getByRole('button', { name: t.book(name(room)) }).click();
        release();
        // The app's panel takes the press: the room's booking form, the panel closed.
        await expect(page.getByRole('dialog', { name: t.form(name(room)) })).toBeVisible({ timeout: 15_000 });
        await expect(copy).toHaveCount(0);
        await expect(page.getByTestId('quick-booking-panel')).toHaveCount(0);
      }
      await page.close();
    }
  });
}
