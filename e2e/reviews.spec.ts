import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { bookingBody, createBooking, muscatDay, STAFF, staffSignsIn } from './support/desk';
import { registerGuest } from './support/guests';
import { SCREENSHOTS_ONLY, screenshot } from './support/screenshots';
import { freshContext } from './support/warm-contexts';

/**
 * Guest reviews on a phone in Arabic against the real worker and D1: a guest with
 * a completed stay writes a review, sees it awaiting approval; staff approve it on a tablet;
 * a new visitor then sees it with the "stayed here" badge. Offline, a review waits on the
 * phone and is sent once when the network returns. Screenshots in both languages at 390
 * and 820 px go to /tmp/shots-reviews.
 */

const SHOTS = '/tmp/shots-reviews';
mkdirSync(SHOTS, { recursive: true });

const TABLET = { width: 820, height: 1180 };

/** Picks a star by pressing its visible star (react-aria hides the radio input itself). */
async function chooseStar(scope: Locator, name: string) {
  await scope.locator('label', { has: scope.page().getByRole('radio', { name }) }).click();
  await expect(scope.getByRole('radio', { name })).toBeChecked();
}

async function reviewsSection(page: Page) {
  const section = page.getByTestId('reviews-section');
  // The reviews load when the guest scrolls near them (web/src/app/landing-screen.tsx).
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(section).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** A browser context of its own (a new visitor), on its own client address. */
async function visitor(browser: Browser, viewport = { width: 390, height: 844 }, lang?: 'en') {
  // Never a warm one: a visitor who read the reviews in the last 30 s still has them cached.
  const context = await freshContext(browser, {
    viewport,
    extraHTTPHeaders: {
      'cf-connecting-ip': `10.13.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
  });
  if (lang) await context.addInitScript(() => localStorage.setItem('language', 'en'));
  return context;
}

test('a guest with a completed stay writes a review; staff approve it on a tablet; a new visitor sees it with the badge', async ({
  page,
  browser,
}) => {
  const comment = `إقامة رائعة وخدمة ممتازة ${Date.now().toString(36)}`;

  // The guest: signed in, with a completed stay (booked through the API, completed by staff).
  const guest = await registerGuest(page.request, 'ضيف التقييم');
  // Tonight: a stay is completed from its arrival day.
  const booking = await createBooking(
    page.request,
    bookingBody('ضيف التقييم', { checkInDate: muscatDay(0), checkOutDate: muscatDay(1) }),
  );
  const desk = await visitor(browser);
  const staffLogin = await desk.request.post('/api/auth/login', { data: STAFF });
  expect(staffLogin.ok()).toBe(true);
  expect(
    (
      await desk.request.patch(`/api/booking-submissions/${booking.id}/status`, {
        data: { status: 'approved' },
      })
    ).ok(),
  ).toBe(true);
  // A JSON body: an empty POST would look like a form post to the CSRF check.
  const completed = await desk.request.post(`/api/booking-submissions/${booking.id}/complete`, { data: {} });
  expect(completed.ok(), await completed.text()).toBe(true);
  await desk.close();
  expect(guest.email).toContain('@');

  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const section = await reviewsSection(page);
  const form = section.getByTestId('review-form');
  const submit = form.getByRole('button', { name: 'إرسال التقييم' });

  // Send stays disabled until a rating and a non-blank comment; the hint says what is missing.
  await expect(submit).toBeDisabled();
  await expect(form.getByTestId('review-incomplete')).toHaveText('يرجى اختيار عدد النجوم وكتابة تعليق.');
  await form.getByLabel('تعليقك').fill('   ');
  await expect(submit).toBeDisabled();

  // The stars are a real radio group: choose 3 by click, then move to 4 with the keyboard
  // (in right-to-left, the left arrow moves forward).
  const stars = form.getByRole('radiogroup', { name: 'تقييمك' });
  await chooseStar(stars, '٣ نجوم: جيد');
  await page.keyboard.press('ArrowLeft');
  await expect(stars.getByRole('radio', { name: '٤ نجوم: جيد جدًا' })).toBeChecked();
  await form.getByLabel('اسمك (اختياري)').fill('سالم');
  await form.getByLabel('تعليقك').fill(comment);
  await expect(submit).toBeEnabled();
  await screenshot(page, `${SHOTS}/ar-390-form.png`, { fullPage: false });
  await submit.click();

  await expect(page.getByText('شكرًا لك! تم إرسال تقييمك بنجاح.')).toBeVisible();
  const mine = section.getByTestId('my-reviews');
  const myCard = mine.getByTestId('review-card').filter({ hasText: comment });
  await expect(myCard.getByTestId('review-pending')).toHaveText('بانتظار الموافقة');
  await expect(myCard.getByTestId('stayed-here')).toHaveText('أقام هنا');
  await expect(form.getByLabel('تعليقك')).toHaveValue('');
  await expect(mine.getByRole('button', { name: 'شارك تجربتك' })).toBeVisible();
  await mine.scrollIntoViewIfNeeded();
  await screenshot(page, `${SHOTS}/ar-390-awaiting.png`);

  // A new visitor does not see it yet.
  const before = await visitor(browser);
  const beforePage = await before.newPage();
  await beforePage.goto('/');
  const beforeList = (await reviewsSection(beforePage)).getByTestId('latest-reviews');
  await expect(beforeList.getByText(/تقييم|لا توجد تقييمات/).first()).toBeVisible();
  await expect(beforeList.getByText(comment)).toHaveCount(0);
  await before.close();

  // Staff, on a tablet, in Arabic: the pending tab, then approve.
  const tablet = await visitor(browser, TABLET);
  const staffPage = await tablet.newPage();
  await staffSignsIn(staffPage);
  await staffPage.goto('/admin');
  await staffPage.getByRole('link', { name: /تقييمات الضيوف/ }).click();
  await expect(staffPage).toHaveURL('/admin/reviews');
  const pendingTab = staffPage.getByTestId('reviews-tab-pending');
  await expect(pendingTab).toHaveAttribute('aria-selected', 'true');
  const row = staffPage.getByTestId('admin-review').filter({ hasText: comment });
  await expect(row).toBeVisible();
  await expect(row.getByText('أقام هنا')).toBeVisible();
  await screenshot(staffPage, `${SHOTS}/ar-820-admin.png`, { fullPage: true });
  await row.getByRole('button', { name: /^قبول التقييم رقم/ }).click();
  await expect(staffPage.getByText(/تم قبول التقييم رقم/)).toBeVisible();
  await expect(row).toHaveCount(0);
  await staffPage.getByTestId('reviews-tab-approved').click();
  await expect(staffPage.getByTestId('admin-review').filter({ hasText: comment })).toBeVisible();
  await tablet.close();

  // A new visitor now sees it, with the badge; the author's "awaiting" card is gone.
  const after = await visitor(browser);
  const afterPage = await after.newPage();
  await afterPage.goto('/');
  const latest = (await reviewsSection(afterPage)).getByTestId('latest-reviews');
  const published = latest.getByTestId('review-card').filter({ hasText: comment });
  await expect(published).toBeVisible();
  await expect(published.getByTestId('stayed-here')).toHaveText('أقام هنا');
  await expect(published.getByRole('heading', { name: 'سالم' })).toBeVisible();
  await expect(published.getByRole('img', { name: 'التقييم ٤ من ٥' })).toBeVisible();
  await latest.scrollIntoViewIfNeeded();
  await screenshot(afterPage, `${SHOTS}/ar-390-published.png`);
  await after.close();
});

test('made offline, a review waits on the phone and is sent once when the network returns', async ({
  page,
  context,
}) => {
  const comment = `كتبته دون اتصال ${Date.now().toString(36)}`;
  await page.goto('/');
  const section = await reviewsSection(page);
  await context.setOffline(true);
  const form = section.getByTestId('review-form');
  await chooseStar(form, '٥ نجوم: ممتاز');
  await form.getByLabel('تعليقك').fill(comment);
  await form.getByRole('button', { name: 'إرسال التقييم' }).click();
  await expect(page.getByText('تم حفظ تقييمك على هذا الجهاز')).toBeVisible();
  const card = section.getByTestId('my-reviews').getByTestId('review-card').filter({ hasText: comment });
  await expect(card.getByTestId('review-waiting')).toHaveText('بانتظار الإرسال');
  // Anonymous: the spec's label.
  await expect(card.getByRole('heading', { name: 'ضيف مجهول' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await screenshot(page, `${SHOTS}/ar-390-offline.png`);

  await context.setOffline(false);
  await expect(card.getByTestId('review-pending')).toHaveText('بانتظار الموافقة', { timeout: 20_000 });
  await expect(card.getByTestId('review-waiting')).toHaveCount(0);

  // Exactly once on the server: staff see one pending review with this text.
  const staff = await page
    .context()
    .browser()!
    .newContext({
      extraHTTPHeaders: { 'cf-connecting-ip': '10.13.250.1' },
    });
  expect((await staff.request.post('/api/auth/login', { data: STAFF })).ok()).toBe(true);
  const list = (await (await staff.request.get('/api/admin/reviews')).json()) as {
    reviews: { overallReview: string; status: string }[];
  };
  expect(list.reviews.filter((r) => r.overallReview === comment).map((r) => r.status)).toEqual(['pending']);
  await staff.close();
});

test(
  'screenshots of the reviews in both languages at 390 and 820 px',
  SCREENSHOTS_ONLY,
  async ({ browser }) => {
    for (const lang of ['ar', 'en'] as const) {
      for (const width of [390, 820]) {
        const context = await visitor(browser, { width, height: 1000 }, lang === 'en' ? 'en' : undefined);
        const page = await context.newPage();
        await page.goto('/');
        const section = await reviewsSection(page);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const toggle = section.getByTestId('reviews-toggle');
        if (await toggle.isVisible()) await toggle.click();
        await screenshot(section, `${SHOTS}/${lang}-${width}-section.png`);
        await context.close();
      }
    }
  },
);
