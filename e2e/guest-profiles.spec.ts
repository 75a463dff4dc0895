import type { APIRequestContext, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { bookingBody, createBooking, staffSignsIn } from './support/desk';
import { registerGuest } from './support/guests';
import { screenshot } from './support/screenshots';

/**
 * Guest profiles at the desk, on a tablet. A guest who stayed before arrives again today (same
 * phone, no account): the desk's arrivals say "returning, 1 stay"; staff open the profile, set the
 * nationality and document, and download the day's registration list, which carries the
 * nationality. Then the same screens in English.
 */

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Muscat' }).format(new Date());
const tomorrow = () => {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/**
 * A guest without an account who stayed once already (checked in today), and their new booking
 * arriving today; booked signed out (`request`), approved and checked in by staff (`page`).
 */
async function returningGuest(page: Page, request: APIRequestContext, name: string) {
  const stay = { roomType: 'silver', checkInDate: today(), checkOutDate: tomorrow() };
  const first = bookingBody(name, stay);
  const earlier = await createBooking(request, first);
  const again = await createBooking(request, {
    ...bookingBody(name, stay),
    phoneNumber: first.phoneNumber,
  });
  for (const b of [earlier, again]) {
    const approved = await page.request.patch(`/api/booking-submissions/${b.id}/status`, {
      data: { status: 'approved' },
    });
    expect(approved.ok(), await approved.text()).toBe(true);
  }
  const checkedIn = await page.request.post(`/api/booking-submissions/${earlier.id}/check-in`, {
    data: { confirmNotClean: true },
  });
  expect(checkedIn.ok(), await checkedIn.text()).toBe(true);
  return { earlier, again, phone: first.phoneNumber as string };
}

test('in Arabic on a tablet: a returning guest on arrivals, their nationality set, the day’s registration CSV with it', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await staffSignsIn(page);
  const name = `سعيد الرواحي ${Date.now().toString(36)}`;
  const { earlier, again } = await returningGuest(page, request, name);

  // The desk: the arrival is a returning guest.
  await page.goto('/admin/front-desk');
  await expect(page.getByRole('heading', { name: 'مكتب الاستقبال', level: 1 })).toBeVisible();
  const arrival = page.getByTestId('desk-list-arrivals').locator(`[data-booking-id="${again.id}"]`);
  await expect(arrival.getByTestId('desk-guest-flags')).toContainText('ضيف عائد، إقامة واحدة');
  await screenshot(page, testInfo.outputPath('front-desk-returning-ar-820.png'));

  // The profile, from the arrival: nationality and document set.
  await arrival.getByRole('link', { name: 'الملف' }).click();
  await expect(page.getByRole('heading', { name: 'ملفات الضيوف', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await page.getByRole('button', { name: /الجنسية/ }).click();
  await page.getByRole('option', { name: 'عُمان' }).click();
  await page.getByRole('button', { name: /نوع الوثيقة/ }).click();
  await page.getByRole('option', { name: 'بطاقة الهوية الوطنية' }).click();
  await page.getByLabel('رقم الوثيقة').fill('١٢٣٤٥٦٧٨');
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/admin/guests/') && r.request().method() === 'PATCH'),
    page.getByRole('button', { name: 'حفظ الملف' }).click(),
  ]);
  expect(saved.status()).toBe(200);
  // Opened from the desk, its name is searched: the list beside it (where duplicates would show)
  // has the guest with the nationality just saved.
  await expect(page.getByRole('list', { name: 'الضيوف الذين وُجدوا' })).toContainText('عُمان');
  // Its two stays, and the nationality kept.
  await page.reload();
  await expect(page.getByRole('button', { name: /الجنسية/ })).toContainText('عُمان');
  await screenshot(page, testInfo.outputPath('guest-profile-ar-820.png'), { fullPage: true });
  await expectNoA11yViolations(page, 'guest profile ar');

  // The day's registration list: on screen, and as the CSV for the authorities.
  await page.goto('/admin/registrations');
  await expect(page.getByRole('heading', { name: 'تسجيل الشرطة', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('عُمان');
  await screenshot(page, testInfo.outputPath('registrations-ar-820.png'), { fullPage: true });
  await expectNoA11yViolations(page, 'registrations ar');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'تنزيل القائمة (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`registrations-${today()}.csv`);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain(`${name},OM,national_id,12345678,`);
  expect(earlier.id).toBeLessThan(again.id);
});

test('in English on a tablet: the guest search, a profile and the registration list', async ({
  page,
  request,
}, testInfo) => {
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.setViewportSize({ width: 820, height: 1180 });
  await staffSignsIn(page);
  const name = `Huda Al Lawati ${Date.now().toString(36)}`;
  await returningGuest(page, request, name);

  await page.goto('/admin');
  await page.getByRole('link', { name: /Guest profiles/ }).click();
  await page.getByLabel('Find a guest').fill(name.slice(0, 12));
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: /Nationality/ })).toBeVisible();
  await screenshot(page, testInfo.outputPath('guest-profile-en-820.png'), { fullPage: true });
  await expectNoA11yViolations(page, 'guest profile en');

  await page.goto('/admin/registrations');
  await expect(page.getByRole('heading', { name: 'Police registration', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await screenshot(page, testInfo.outputPath('registrations-en-820.png'), { fullPage: true });
});

test('on a phone, in English then Arabic: a guest corrects their own registration details on their account page', async ({
  page,
}, testInfo) => {
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.setViewportSize({ width: 390, height: 844 });
  await registerGuest(page.request, 'Aisha Al Farsi');
  await page.goto('/dashboard');
  const section = page.getByTestId('guest-details');
  await expect(section.getByRole('heading', { name: 'Your registration details' })).toBeVisible();
  await section.getByRole('button', { name: /Nationality/ }).click();
  await page.getByRole('option', { name: 'United Arab Emirates', exact: true }).click();
  await section.getByRole('button', { name: /Document type/ }).click();
  await page.getByRole('option', { name: 'Resident card' }).click();
  await section.getByLabel('Document number').fill('784-1990-1234567-1');
  await section.getByRole('button', { name: 'Save my details' }).click();
  await expect(page.getByText('Guest profile saved')).toBeVisible();
  await screenshot(section, testInfo.outputPath('account-registration-details-en-390.png'));
  await expectNoA11yViolations(page, 'account registration details en');
  const saved = await page.request.get('/api/account/guest-profile');
  expect((await saved.json()).profile).toMatchObject({
    nationality: 'AE',
    documentType: 'resident_card',
    documentNumber: '784-1990-1234567-1',
  });

  // The same details in Arabic, with the country's Arabic name.
  await page.evaluate(() => localStorage.setItem('language', 'ar'));
  await page.addInitScript(() => localStorage.setItem('language', 'ar'));
  await page.reload();
  const arabic = page.getByTestId('guest-details');
  await expect(arabic.getByRole('button', { name: /الجنسية/ })).toContainText('الإمارات العربية المتحدة');
  await screenshot(arabic, testInfo.outputPath('account-registration-details-ar-390.png'));
});
