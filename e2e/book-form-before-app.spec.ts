import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A room card's Book Now tapped before the app has started (docs/decisions/099-landing-first-second.md,
 * "the booking form before the app"): the page draws the form's first screen at once from a copy of
 * the app's markup, the guest types in it, and the app's form takes it over as its code arrives,
 * with what was typed, the focus and the caret; closed before then, the form does not open. The
 * app's form code is held back here until the guest has done so, so that the copy is all there is.
 */
const texts = {
  ar: {
    title: (name: string) => `احجز ${name}`,
    room: 'نوع الغرفة',
    fullName: 'الاسم الكامل',
    id: 'رقم الهوية',
    phone: 'رقم الهاتف',
    dates: 'تاريخا الوصول والمغادرة',
    close: 'إغلاق',
    loading: 'جارٍ التحميل…',
    guest: 'سالم البلوشي',
  },
  en: {
    title: (name: string) => `Book the ${name}`,
    room: 'Room type',
    fullName: 'Full name',
    id: 'ID number',
    phone: 'Phone number',
    dates: 'Check-in and check-out dates',
    close: 'Close',
    loading: 'Loading…',
    guest: 'Salim Al-Balushi',
  },
} as const;

type Room = { roomType: string; nameAr: string; nameEn: string };

/**
 * A landing page in `lang` (its cookie), with the app's form code held back (`release`) and the
 * rooms; with `start`, the app's start too (app/start.tsx: the app then takes no tap until released).
 */
async function landing(
  { context, baseURL, request }: { context: BrowserContext; baseURL?: string; request: APIRequestContext },
  lang: 'ar' | 'en',
  { start = false } = {},
) {
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
  const page = await context.newPage();
  const release = await holdFormCode(page, start);
  const rooms = (await (await request.get('/api/rooms')).json()) as Room[];
  return { page, release, rooms };
}

/** Holds the app's booking form code (and its start, with `start`) back until `release` is called. */
async function holdFormCode(page: Page, start: boolean) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const code = start
    ? /\/assets\/(booking-form-modal|start)-[\w-]+\.js$/
    : /\/assets\/booking-form-modal-[\w-]+\.js$/;
  await page.route(code, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Notes whether a "Loading…" was ever on screen (the boot's or the app's). */
async function watchLoading(page: Page, loading: string) {
  await page.addInitScript((loading) => {
    new MutationObserver(() => {
      const busy = document.getElementById('boot-busy');
      const overlay = [...document.querySelectorAll('[role="status"]')].some(
        (e) => e.textContent === loading && e.checkVisibility(),
      );
      if ((busy && !busy.hidden) || overlay) (globalThis as { __loadingSeen?: boolean }).__loadingSeen = true;
    }).observe(document, { subtree: true, childList: true, attributes: true });
  }, loading);
}

/** Counts the copies of a form the page draws (`#drawn-book` put on the page). */
async function countCopies(page: Page) {
  await page.addInitScript(() => {
    const counted = { copies: 0 };
    Object.defineProperty(globalThis, '__copies', { value: counted });
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof Element && node.id === 'drawn-book') counted.copies++;
    }).observe(document, { subtree: true, childList: true });
  });
}

const copiesDrawn = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { __copies: { copies: number } }).__copies.copies);

for (const lang of ['ar', 'en'] as const) {
  const t = texts[lang];

  test(`a room's Book Now tapped before the app shows its form at once, and what is typed there goes into the app's form (${lang})`, async ({
    context,
    baseURL,
    request,
  }) => {
    const { page, release, rooms } = await landing({ context, baseURL, request }, lang, { start: true });
    const problems: string[] = [];
    page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
    page.on('pageerror', (error) => problems.push(String(error)));
    await watchLoading(page, t.loading);
    const room = rooms[0]!;
    const name = lang === 'ar' ? room.nameAr : room.nameEn;
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page
      .locator('#rooms-drawn')
      .getByRole('button', { name: lang === 'ar' ? `احجز الآن: ${name}` : `Book Now: ${name}` })
      .click();

    // The copy: the room's form, named and labelled in the page's language, over the page.
    const drawn = page.locator('#drawn-book');
    const copy = drawn.getByRole('dialog', { name: t.title(name) });
    await expect(copy).toBeVisible();
    await expect(copy).toBeFocused();
    await expect(page.locator('html')).toHaveAttribute('data-panel-open', '');
    await expect(copy.getByRole('textbox', { name: t.room })).toHaveValue(name);
    await copy
      .getByRole('textbox', { name: t.fullName })
      .fill(lang === 'ar' ? 'سالم البلوشي' : 'Salim Al-Balushi');
    await copy.getByRole('textbox', { name: t.phone }).fill('91234567');
    // (A guest taps the box's label; its input is visually hidden.)
    await copy.locator('label:has(input[type="checkbox"])').click();
    await expect(copy.getByRole('checkbox')).toBeChecked();
    await expect(copy.locator('label[data-selected]')).toHaveCount(1);
    await copy.getByRole('textbox', { name: t.id }).fill('12345');
    // Closed by mistake and tapped again: the copy again, holding what was typed.
    await page.keyboard.press('Escape');
    await expect(drawn).toHaveCount(0);
    await page
      .locator('#rooms-drawn')
      .getByRole('button', { name: lang === 'ar' ? `احجز الآن: ${name}` : `Book Now: ${name}` })
      .click();
    await expect(copy.getByRole('textbox', { name: t.phone })).toHaveValue('91234567');
    await expect(copy.getByRole('checkbox')).toBeChecked();
    await expect(copy.locator('label[data-selected]')).toHaveCount(1);
    await copy.getByRole('textbox', { name: t.id }).click();
    await page.keyboard.press('End');
    // Nothing of the app's form yet: its code is held back.
    await expect(page.getByTestId('booking-form')).toHaveCount(1);
    await expect(page.getByText(t.dates)).toHaveCount(0);

    release();
    // The app's form in the copy's place: what was typed, the box, the focus with its caret.
    await expect(page.getByText(t.dates)).toBeVisible({ timeout: 15_000 });
    await expect(drawn).toHaveCount(0);
    const dialog = page.getByRole('dialog', { name: t.title(name) });
    await expect(dialog).toHaveCount(1);
    await expect(dialog.getByRole('textbox', { name: t.fullName })).toHaveValue(
      lang === 'ar' ? 'سالم البلوشي' : 'Salim Al-Balushi',
    );
    await expect(dialog.getByRole('textbox', { name: t.phone })).toHaveValue('91234567');
    await expect(dialog.getByTestId('phone-country')).toContainText('+968');
    await expect(dialog.getByRole('checkbox')).toBeChecked();
    const id = dialog.getByRole('textbox', { name: t.id });
    await expect(id).toBeFocused();
    await page.keyboard.type('6');
    await expect(id).toHaveValue('123456');
    expect(await page.evaluate(() => (globalThis as { __loadingSeen?: boolean }).__loadingSeen)).toBeFalsy();

    // Closed, the page is the page again: it scrolls, its header is back.
    await dialog.getByRole('button', { name: t.close }).click();
    await expect(page.getByTestId('booking-form')).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveAttribute('data-panel-open');
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });

  test(`a room's form closed before the app does not open when the app arrives, what was typed kept; once it has, the copy comes at the tap and holds what was typed (${lang})`, async ({
    context,
    baseURL,
    request,
  }) => {
    const { page, release, rooms } = await landing({ context, baseURL, request }, lang);
    const name = lang === 'ar' ? rooms[1]!.nameAr : rooms[1]!.nameEn;
    await countCopies(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    const book = page
      .locator('[data-testid^="room-tier-"]')
      .getByRole('button', { name: lang === 'ar' ? `احجز الآن: ${name}` : `Book Now: ${name}` });
    let copies = 0;
    for (const how of ['escape', 'button'] as const) {
      await book.click();
      const copy = page.getByRole('dialog', { name: t.title(name) });
      if (how === 'escape') {
        // Before the app: the copy, closed by Escape with a phone typed.
        await expect(page.locator('#drawn-book')).toBeVisible();
        await copy.getByRole('textbox', { name: t.phone }).fill('91234567');
        await page.keyboard.press('Escape');
        await expect(page.locator('#drawn-book')).toHaveCount(0);
        await expect(page.locator('html')).not.toHaveAttribute('data-panel-open');
        expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
        // The app's code has taken that tap (the form's is held back): tapped again now, the page
        // keeps the tap for the app's own Book Now, with its "Loading…", and draws no copy.
        await page.waitForFunction(() => (globalThis as { __bootBook?: unknown }).__bootBook === null);
        await book.click();
        // (Shown: not hidden; its look fades in a moment later.)
        await expect(page.locator('#boot-busy')).not.toHaveAttribute('hidden');
        expect(await copiesDrawn(page)).toBe(1);
        release();
        // The app starts, takes the page over, and opens the form once (the closed copy opens none),
        // with the phone typed in the copy.
        await expect(page.locator('#rooms-drawn > *')).toHaveCount(0, { timeout: 15_000 });
        await expect(page.getByText(t.dates)).toBeVisible({ timeout: 15_000 });
        await expect(page.getByTestId('booking-form')).toHaveCount(1);
        await expect(copy.getByRole('textbox', { name: t.phone })).toHaveValue('91234567');
        await expect(page.locator('#boot-busy')).toHaveCount(0);
        await copy.getByRole('button', { name: t.close }).click();
        await expect(page.getByTestId('booking-form')).toHaveCount(0);
        // (The copy once started comes with the booking flow's dialogs, made ready at idle.)
        await page.waitForFunction(() =>
          performance
            .getEntriesByType('resource')
            .some((e) => /booking-flow-dialogs-[\w-]+\.js$/.test(e.name)),
        );
        copies = await copiesDrawn(page);
      } else {
        // Once the app has started: the copy again at the tap (lib/drawn-book-copy.ts), holding the
        // phone typed before the app, then the app's form in its place, with what was typed in
        // either and the focus kept.
        await expect(copy).toBeVisible({ timeout: 15_000 });
        await expect(copy.getByRole('textbox', { name: t.phone })).toHaveValue('91234567');
        await copy.getByRole('textbox', { name: t.fullName }).click();
        await page.keyboard.type(t.guest);
        await expect(page.getByText(t.dates)).toBeVisible({ timeout: 15_000 });
        await expect(page.locator('#drawn-book')).toHaveCount(0);
        await expect(copy).toHaveCount(1);
        await expect(copy.getByRole('textbox', { name: t.fullName })).toHaveValue(t.guest);
        await expect(copy.getByRole('textbox', { name: t.fullName })).toBeFocused();
        expect(await copiesDrawn(page)).toBe(copies + 1);
        await copy.getByRole('textbox', { name: t.phone }).fill('91234568');
        await copy.getByRole('button', { name: t.close }).click();
        await expect(page.getByTestId('booking-form')).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
        // Opened again: the copy holds what the flow kept, and so does the app's form after it.
        await book.click();
        await expect(copy.getByRole('textbox', { name: t.fullName })).toHaveValue(t.guest);
        await expect(copy.getByRole('textbox', { name: t.phone })).toHaveValue('91234568');
        await expect(page.getByText(t.dates)).toBeVisible({ timeout: 15_000 });
        await expect(page.locator('#drawn-book')).toHaveCount(0);
        await expect(copy.getByRole('textbox', { name: t.fullName })).toHaveValue(t.guest);
        await expect(copy.getByRole('textbox', { name: t.phone })).toHaveValue('91234568');
        await expect(copy.getByTestId('phone-country')).toContainText('+968');
        expect(await copiesDrawn(page)).toBe(copies + 2);
        await copy.getByRole('button', { name: t.close }).click();
        await expect(page.getByTestId('booking-form')).toHaveCount(0);
        await expect(page.locator('html')).not.toHaveAttribute('data-panel-open');
        expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
      }
    }
    if (lang === 'ar') {
      // The language changed in the app: no copy in the page's first one, the app's form alone.
      await page
        .locator('header')
        .getByRole('button', { name: /^English/ })
        .first()
        .click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await page
        .locator('[data-testid^="room-tier-"]')
        .getByRole('button', { name: `Book Now: ${rooms[1]!.nameEn}` })
        .click();
      await expect(page.getByText(texts.en.dates)).toBeVisible({ timeout: 15_000 });
      expect(await copiesDrawn(page)).toBe(copies + 2);
    }
    await page.close();
  });

  test(`once the app has started, a form's copy closed before the app's form came and tapped again is drawn again with what was typed, and the app's form takes it (${lang})`, async ({
    context,
    baseURL,
    request,
  }) => {
    const { page, release, rooms } = await landing({ context, baseURL, request }, lang);
    await countCopies(page);
    const room = rooms[1]!;
    const name = lang === 'ar' ? room.nameAr : room.nameEn;
    await page.goto('/', { waitUntil: 'load' });
    // The app started (a move of the mouse), its own cards there, the booking flow's dialogs made
    // ready at idle (the copy once started comes with them); the form's own code held back.
    await page.mouse.move(1, 1);
    await page.mouse.move(2, 2);
    await expect(page.locator('#rooms-drawn > *')).toHaveCount(0, { timeout: 15_000 });
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((e) => /booking-flow-dialogs-[\w-]+\.js$/.test(e.name)),
    );
    const book = page
      .locator('[data-testid^="room-tier-"]')
      .getByRole('button', { name: lang === 'ar' ? `احجز الآن: ${name}` : `Book Now: ${name}` });
    const copy = page.getByRole('dialog', { name: t.title(name) });
    await book.click();
    await expect(page.locator('#drawn-book')).toBeVisible();
    await copy.getByRole('textbox', { name: t.phone }).fill('91234567');
    await page.keyboard.press('Escape');
    await expect(page.locator('#drawn-book')).toHaveCount(0);
    // Tapped again, the app's form still on its way: the copy again, with the phone.
    await book.click();
    await expect(page.locator('#drawn-book')).toBeVisible();
    await expect(copy.getByRole('textbox', { name: t.phone })).toHaveValue('91234567');
    expect(await copiesDrawn(page)).toBe(2);
    // The app's form takes it and stays open, with the phone.
    release();
    await expect(page.getByText(t.dates)).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('#drawn-book')).toHaveCount(0);
    await expect(page.getByTestId('booking-form')).toHaveCount(1);
    await expect(copy.getByRole('textbox', { name: t.phone })).toHaveValue('91234567');
    await page.waitForTimeout(500);
    await expect(page.getByTestId('booking-form')).toHaveCount(1);
    await page.close();
  });
}
