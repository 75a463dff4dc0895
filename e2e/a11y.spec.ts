import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectLabelsInNames, expectNoA11yViolations } from './support/a11y';
import { bookingBody, muscatDay, STAFF, stayInHouse, uniqueSuffix } from './support/desk';
import { registerGuest } from './support/guests';

/**
 * Every screen, panel and dialog through axe-core: guest side at phone width,
 * back office at tablet width, each in Arabic and in English. A serious or critical violation
 * anywhere fails the journey (e2e/support/a11y.ts).
 *
 * Cheap by design (e2e/TIMINGS.md): each journey loads the app once and opens the other screens
 * the way the app itself does (client-side routing, `history.pushState`, which wouter follows),
 * signs in through the API, and waits for what each screen shows when ready (its `<main>`, no
 * loading text, its requests answered) rather than for a quiet network.
 */
const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };
const LANGUAGES = ['ar', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

/** Every "Loading …" text of the app, in both languages (web/src/locales). */
const LOADING = /^\s*(Loading|Checking your sign-in|جارٍ)/;

/** The app's own requests (data and lazy chunks) not yet answered, per page. */
const pending = new WeakMap<Page, Set<unknown>>();
const tracked = new Set(['fetch', 'xhr', 'script', 'stylesheet']);

/** The page in `language`, its requests counted (see `settle`). */
async function open(page: Page, language: Language, path: string) {
  const inFlight = new Set<unknown>();
  pending.set(page, inFlight);
  page.on('request', (r) => tracked.has(r.resourceType()) && inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
  await page.goto(path);
  await settle(page);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/**
 * Waits for what is on the page to be ready for axe: a `<main>` shown, no loading text or busy
 * region, and every request the app made answered (a screen's data, a panel's chunk).
 */
async function settle(page: Page, scope = page.locator('body')) {
  // A screen's chunk and data can take seconds on a loaded machine: up to 20 s, as a page load.
  const timeout = 20_000;
  await expect(page.locator('main').first()).toBeVisible({ timeout });
  await expect(scope.locator('[aria-busy="true"]')).toHaveCount(0, { timeout });
  await expect(scope.getByText(LOADING)).toHaveCount(0, { timeout });
  await expect.poll(() => pending.get(page)?.size ?? 0, { intervals: [50, 100, 250], timeout }).toBe(0);
  await expect(scope.getByText(LOADING)).toHaveCount(0, { timeout });
}

/**
 * Opens `path` inside the running app, as its links do (wouter follows `history.pushState`), and
 * waits for the new screen: the old screen's `<main>` gone, the new one ready.
 */
async function goTo(page: Page, path: string) {
  await page.evaluate((to) => {
    for (const main of document.querySelectorAll('main')) main.setAttribute('data-a11y-left', '');
    history.pushState(null, '', to);
  }, path);
  await expect(page.locator('main[data-a11y-left]')).toHaveCount(0, { timeout: 20_000 });
  await settle(page);
}

/** Opens a landing card's panel and runs axe on it. */
async function checkPanel(page: Page, card: string, where: string) {
  await page.getByTestId(`landing-card-${card}`).click();
  const dialog = page.getByRole('dialog').last();
  await expect(dialog).toBeVisible();
  await settle(page, dialog);
  await expectNoA11yViolations(page, where);
  return dialog;
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
}

for (const language of LANGUAGES) {
  test(`the landing page, its panels and dialogs pass axe in ${language} at 390 px`, async ({ page }) => {
    test.setTimeout(120_000);
    await open(page, language, '/');
    // The reviews come in below the fold once the page has settled: scrolled to, they load.
    await page.getByTestId('site-footer').scrollIntoViewIfNeeded();
    await expect(
      page
        .getByTestId('latest-reviews')
        .getByTestId('review-card')
        .or(page.getByTestId('reviews-empty'))
        .first(),
    ).toBeVisible({ timeout: 15_000 });
    await expectNoA11yViolations(page, `landing ${language}`);

    for (const card of ['assistant', 'quick', 'offers', 'services']) {
      await checkPanel(page, card, `${card} panel ${language}`);
      await closeDialog(page);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }

    // The events panel and the three entry dialogs it opens.
    const events = await checkPanel(page, 'events', `events panel ${language}`);
    for (const card of ['photography', 'location_sharing', 'google_review']) {
      await events.getByTestId(`event-card-${card}`).getByRole('button').click();
      await expect(page.getByRole('dialog')).toHaveCount(2);
      await settle(page, page.getByRole('dialog').last());
      await expectNoA11yViolations(page, `${card} dialog ${language}`);
      await closeDialog(page);
      await expect(page.getByRole('dialog')).toHaveCount(1);
    }
    // A form refused for missing information: the field errors and the toast.
    await events.getByTestId('event-card-photography').getByRole('button').click();
    const photography = page.getByRole('dialog').last();
    await photography.locator('button[type="submit"]').click();
    await expect(page.getByRole('alert').or(page.locator('[role="alertdialog"]')).first()).toBeVisible();
    await expectNoA11yViolations(page, `photography dialog with errors ${language}`);
    // One Escape per dialog, each once the one above it has gone. With the refusal's toast still
    // shown, the panel's Escape was once not taken in a full run (focus back on the panel's
    // button): pressed again until the panel has gone (doubtful; noted for a look at the app).
    await closeDialog(page);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(async () => {
      await closeDialog(page);
      await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 1_000 });
    }).toPass({ timeout: 10_000 });

    // A room tier's booking form.
    await page.getByTestId('room-tier-gold').getByRole('button').first().click();
    const booking = page.getByRole('dialog');
    await expect(booking).toBeVisible();
    await settle(page, booking);
    await expectNoA11yViolations(page, `booking form ${language}`);
    await closeDialog(page);
  });

  test(`the signed-out guest's screens pass axe in ${language} at 390 px`, async ({ page }) => {
    await open(page, language, '/login');
    await expectNoA11yViolations(page, `/login ${language}`);
    for (const path of [
      '/register',
      '/forgot-password',
      '/verify-email?email=someone%40example.com',
      '/hotel-rating-event',
      '/privacy',
      // Find a booking without an account (the form; its 404 and 429 are role=alert).
      '/booking',
      '/no-such-page',
    ]) {
      await goTo(page, path);
      await expectNoA11yViolations(page, `${path} ${language}`);
    }
  });

  test(`a signed-in guest's screens pass axe in ${language} at 390 px`, async ({ page }) => {
    await registerGuest(page.request, `A11y Guest ${uniqueSuffix()}`);
    await open(page, language, '/');
    await expectNoA11yViolations(page, `signed-in / ${language}`);
    for (const path of ['/dashboard', '/points-store', '/points-booking']) {
      await goTo(page, path);
      await expectNoA11yViolations(page, `signed-in ${path} ${language}`);
    }
    await goTo(page, '/');
    await page.getByTestId('my-bookings-button').click();
    const bookings = page.getByRole('dialog');
    await expect(bookings).toBeVisible();
    await settle(page, bookings);
    await expectNoA11yViolations(page, `my bookings panel ${language}`);
  });

  // Staff work on tablets: the back office is checked at 820 px (its phone layouts are looked at
  // in the screenshot journeys); few of axe's rules depend on the width. Two journeys per
  // language, so the two workers share the screens evenly.
  test.describe(() => {
    const width = 820;
    test.use({ viewport: { width, height: 1180 } });
    for (const screens of [
      [
        '/admin',
        '/admin/bookings',
        '/admin/inventory',
        '/admin/vip',
        '/admin/reviews',
        '/admin/offers',
        '/admin/services',
        // The rooms screen (the desk, the tape chart, housekeeping and the in-stay requests
        // are checked in Arabic in their own journeys).
        '/admin/rooms',
      ],
      [
        '/admin/events',
        '/photography-admin',
        '/rating-admin',
        '/location-admin',
        '/admin/statistics',
        '/admin/staff',
        '/admin/audit',
        '/admin/settings',
        '/chat-qa-admin',
      ],
    ]) {
      test(`back-office screens ${screens[0]} … ${screens.at(-1)} pass axe in ${language} at ${width} px`, async ({
        page,
      }) => {
        const login = await page.request.post('/api/auth/login', { data: ADMIN });
        expect(login.ok(), await login.text()).toBe(true);
        for (const [i, path] of screens.entries()) {
          if (i === 0) await open(page, language, path);
          else await goTo(page, path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expectNoA11yViolations(page, `${path} ${language} ${width}`);
        }
      });
    }
  });
}

// The rooms' screens in both languages, with a guest in house and a folio with lines: the room
// board's "mark dirty" buttons, the housekeeping tasks board, the tape chart's bars (a stay in
// house named by its state) and the folio's correction and refund buttons, each with the rule
// label-content-name-mismatch on (support/a11y.ts). Their own journeys check them in Arabic.
for (const language of LANGUAGES) {
  test(`the rooms' screens and the folio pass axe in ${language} at 820 px`, async ({ page }) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    const login = await page.request.post('/api/auth/login', { data: STAFF });
    expect(login.ok(), await login.text()).toBe(true);
    const stay = await stayInHouse(
      page.request,
      bookingBody(`A11y Guest ${uniqueSuffix()}`, { checkInDate: muscatDay(0), checkOutDate: muscatDay(2) }),
    );
    const folio = `/api/booking-submissions/${stay.id}/folio`;
    const charge = await page.request.post(`${folio}/charges`, {
      data: { department: 'laundry', description: 'قميصان · Two shirts', amountBaisa: 3_000 },
    });
    expect(charge.ok(), await charge.text()).toBe(true);
    const paid = await page.request.post(`${folio}/payments`, {
      data: { method: 'cash', amountBaisa: 3_000 },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    await page.request.post('/api/housekeeping/days', { data: { date: muscatDay(0) } });

    await open(page, language, '/housekeeping');
    // A floor opened: its clean rooms' "mark dirty" buttons (three and more on a screen).
    await page.getByTestId('housekeeping-floor-1').getByRole('button').first().click();
    await expect(page.getByTestId('mark-dirty').nth(2)).toBeVisible();
    await expectNoA11yViolations(page, `/housekeeping ${language}`);
    await expectLabelsInNames(page, `/housekeeping ${language}`);
    for (const path of ['/admin/housekeeping/board', '/admin/tape-chart']) {
      await goTo(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoA11yViolations(page, `${path} ${language}`);
      await expectLabelsInNames(page, `${path} ${language}`);
    }
    await expect(page.locator(`[data-testid="tape-stay"][data-booking-id="${stay.id}"]`)).toHaveAttribute(
      'aria-label',
      language === 'ar' ? /، في الفندق: افتح الإقامة$/ : /, In house: open the stay$/,
    );
    await goTo(page, '/admin/front-desk');
    const row = page.locator(`[data-booking-id="${stay.id}"]`).first();
    await row.getByTestId('desk-folio').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('folio-correct').first()).toBeVisible();
    await expect(dialog.getByTestId('folio-refund').first()).toBeVisible();
    await settle(page, dialog);
    await expectNoA11yViolations(page, `the folio ${language}`);
    await expectLabelsInNames(page, `the folio ${language}`);
  });
}

test('a staff member’s back office passes axe (their own header) in Arabic at 390 px', async ({ page }) => {
  const login = await page.request.post('/api/auth/login', { data: STAFF });
  expect(login.ok(), await login.text()).toBe(true);
  await open(page, 'ar', '/admin');
  // Staff have no points or bookings of their own: the header shows neither.
  await expect(page.getByTestId('points-badge')).toHaveCount(0);
  await expect(page.getByTestId('my-bookings-button')).toHaveCount(0);
  await expectNoA11yViolations(page, 'staff /admin ar');
});
