import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { STAFF, registerGuest, uniqueSuffix } from './support/desk';

/**
 * Every screen, panel and dialog through axe-core (issue 17): guest side at phone width,
 * back office at phone and tablet width, each in Arabic and in English. A serious or
 * critical violation anywhere fails the journey (e2e/support/a11y.ts).
 */
const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };
const LANGUAGES = ['ar', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

async function newPage(browser: Browser, baseURL: string | undefined, language: Language, width = 390) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width < 600 ? 844 : 1180 },
  });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  return context.newPage();
}

/** Waits for the screen to have settled (its data in, no loading text) before axe looks at it. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main').first()).toBeVisible();
}

/** Opens a landing card's panel, runs axe on it, and closes it again. */
async function checkPanel(page: Page, card: string, where: string) {
  await page.getByTestId(`landing-card-${card}`).click();
  const dialog = page.getByRole('dialog').last();
  await expect(dialog).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoA11yViolations(page, where);
  return dialog;
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
}

for (const language of LANGUAGES) {
  test(`guest screens, panels and dialogs pass axe in ${language} at 390 px`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const page = await newPage(browser, baseURL, language);

    await page.goto('/');
    await settle(page);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
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
      await page.waitForLoadState('networkidle');
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
    await closeDialog(page);
    await closeDialog(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // A room tier's booking form.
    await page.getByTestId('room-tier-gold').getByRole('button').first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoA11yViolations(page, `booking form ${language}`);
    await closeDialog(page);

    for (const path of [
      '/login',
      '/register',
      '/forgot-password',
      '/verify-email?email=someone%40example.com',
      '/hotel-rating-event',
      '/no-such-page',
    ]) {
      await page.goto(path);
      await settle(page);
      await expectNoA11yViolations(page, `${path} ${language}`);
    }
    await page.context().close();
  });

  test(`a signed-in guest's screens pass axe in ${language} at 390 px`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const page = await newPage(browser, baseURL, language);
    await registerGuest(page.request, `A11y Guest ${uniqueSuffix()}`);
    for (const path of ['/', '/dashboard', '/points-store', '/points-booking']) {
      await page.goto(path);
      await settle(page);
      await expectNoA11yViolations(page, `signed-in ${path} ${language}`);
    }
    await page.goto('/');
    await settle(page);
    await page.getByTestId('my-bookings-button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoA11yViolations(page, `my bookings panel ${language}`);
    await page.context().close();
  });

  // Staff work on tablets: the back office is checked at 820 px (its phone layouts are looked at
  // in the screenshot journeys); few of axe's rules depend on the width, and each run of these
  // screens costs about a minute of the suite.
  for (const width of [820]) {
    test(`back-office screens pass axe in ${language} at ${width} px`, async ({ browser, baseURL }) => {
      test.setTimeout(240_000);
      const page = await newPage(browser, baseURL, language, width);
      const login = await page.request.post('/api/auth/login', { data: ADMIN });
      expect(login.ok(), await login.text()).toBe(true);
      for (const path of [
        '/admin',
        '/admin/bookings',
        '/admin/inventory',
        '/admin/vip',
        '/admin/reviews',
        '/admin/offers',
        '/admin/services',
        '/photography-admin',
        '/rating-admin',
        '/location-admin',
        '/admin/statistics',
        '/admin/staff',
        '/admin/audit',
        '/admin/settings',
        '/chat-qa-admin',
      ]) {
        await page.goto(path);
        await settle(page);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoA11yViolations(page, `${path} ${language} ${width}`);
      }
      await page.context().close();
    });
  }
}

test('a staff member’s back office passes axe (their own header) in Arabic at 390 px', async ({
  browser,
  baseURL,
}) => {
  const page = await newPage(browser, baseURL, 'ar');
  const login = await page.request.post('/api/auth/login', { data: STAFF });
  expect(login.ok(), await login.text()).toBe(true);
  await page.goto('/admin');
  await settle(page);
  // Staff have no points or bookings of their own: the header shows neither.
  await expect(page.getByTestId('points-badge')).toHaveCount(0);
  await expect(page.getByTestId('my-bookings-button')).toHaveCount(0);
  await expectNoA11yViolations(page, 'staff /admin ar');
  await page.context().close();
});
