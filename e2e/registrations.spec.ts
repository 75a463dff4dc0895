import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { bookingBody, fillDate, muscatDay, staffSignsIn, stayInHouse } from './support/desk';
import { SCREENSHOTS, screenshot } from './support/screenshots';

/**
 * The police registration and the tourism return on a tablet (docs/decisions/093). A stay is
 * checked in (through the API) whose guest's nationality and document are known but not the date
 * of birth: on the front desk, in Arabic, its registration is incomplete and names the date of
 * birth; the desk completes it there; on /admin/registrations it is ready, in the day's police
 * file, marked as sent, and in no file after. Then in English: the registration shows as sent,
 * and a manager reads last month's tourism return. (The states, the rules, the roles and the
 * return's totals are the worker's tests; the screens' states are the component tests.)
 */

const MANAGER = { email: 'manager@example.com', password: 'change-me-manager' };

test('on a tablet: a stay without a date of birth is incomplete on the desk, completed, sent; the tourism return', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await staffSignsIn(page);
  const name = `ناصر السيابي ${Date.now().toString(36)}`;
  const stay = await stayInHouse<{ id: number }>(
    page.request,
    // One adult: the police want each adult's details (a companion's are the worker's and component tests).
    bookingBody(name, {
      roomType: 'gold',
      checkInDate: muscatDay(),
      checkOutDate: muscatDay(1),
      numberOfGuests: 1,
    }),
  );
  // The guest's nationality and document are on their profile; the date of birth is not.
  const listed = await page.request.get(`/api/admin/registrations?date=${muscatDay()}`);
  const { registrations } = (await listed.json()) as {
    registrations: { bookingId: number; profileId: number; state: string }[];
  };
  const mine = registrations.find((r) => r.bookingId === stay.id)!;
  const patched = await page.request.patch(`/api/admin/guests/${mine.profileId}`, {
    data: { nationality: 'OM', documentType: 'national_id', documentNumber: '12345678' },
  });
  expect(patched.ok(), await patched.text()).toBe(true);

  // The desk, in Arabic: incomplete, the date of birth named; completed there.
  await page.goto('/admin/front-desk');
  const row = page.getByTestId(`desk-registration-${stay.id}`);
  await expect(row).toContainText('غير مكتمل');
  await expect(row).toContainText('ينقص: تاريخ الميلاد');
  await screenshot(page, testInfo.outputPath('desk-registrations-ar-820.png'));
  await row.getByTestId(`desk-registration-complete-${stay.id}`).click();
  const dialog = page.getByTestId('complete-registration-dialog');
  await expect(dialog).toContainText('تحتاج الشرطة إلى: تاريخ الميلاد.');
  await fillDate(page, 'تاريخ الميلاد', '1984-06-15');
  await dialog.getByTestId('complete-registration-save').click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('للإرسال');

  // The registrations: ready, in the day's police file, marked as sent, in no file after.
  await page.goto('/admin/registrations');
  await expect(page.getByRole('heading', { name: 'تسجيل الشرطة', level: 1 })).toBeVisible();
  const line = page.getByTestId(`registration-${stay.id}`);
  await expect(line).toHaveAttribute('data-state', 'due');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('registrations-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`police-registrations-${muscatDay()}.csv`);
  const file = await readFile((await download.path())!, 'utf8');
  expect(file).toContain(`arrival,1,${name},OM,national_id,12345678,1984-06-15,`);
  await screenshot(page, testInfo.outputPath('registrations-ar-820.png'), { fullPage: true });
  await expectNoA11yViolations(page, 'police registrations ar');
  await page.getByTestId('registrations-mark-sent').click();
  await expect(line).toHaveAttribute('data-state', 'sent');
  const after = await page.request.get(`/api/admin/registrations/export?date=${muscatDay()}`);
  expect(await after.text()).not.toContain(name);

  // In English: sent, by whom; then the manager's tourism return of last month.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Police registration', level: 1 })).toBeVisible();
  await expect(line).toContainText('Sent');
  await screenshot(page, testInfo.outputPath('registrations-en-820.png'), { fullPage: true });
  const manager = await page.request.post('/api/auth/login', { data: MANAGER });
  expect(manager.ok(), await manager.text()).toBe(true);
  await page.goto('/admin/reports/tourism-return');
  await expect(page.getByRole('heading', { name: 'Monthly tourism return', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: /Guests and guest nights by nationality/ })).toContainText(
    'Omani',
  );
  await expect(page.getByTestId('report-csv')).toHaveAttribute(
    'href',
    /tourism-return\?month=\d{4}-\d{2}&format=csv&lang=en/,
  );
  await screenshot(page, testInfo.outputPath('tourism-return-en-820.png'), { fullPage: true });
  await expectNoA11yViolations(page, 'tourism return en');
  // The Arabic page for people to look at (its Arabic is the component test's).
  if (SCREENSHOTS) {
    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await expect(page.getByRole('heading', { name: 'البيان السياحي الشهري', level: 1 })).toBeVisible();
    await screenshot(page, testInfo.outputPath('tourism-return-ar-820.png'), { fullPage: true });
  }
});
