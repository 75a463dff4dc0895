import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import type { Locator } from '@playwright/test';
import { screenshot } from './support/screenshots';

/**
 * The rate calendar on an admin's tablet, in Arabic: a bulk edit sets every Thursday and Friday
 * of December 2027 and January 2028 to 18.000 with a two-night minimum for the silver room (the
 * price typed in Arabic-Indic digits), the grid shows them as the plan's own, and the quote the
 * guests' form asks for refuses a Thursday night alone (min_stay) and prices two nights from a
 * Thursday at 18.000 each; typing the first night's year asks for no half-typed year. No other
 * journey books or prices silver in 2027 or 2028.
 */
test.use({ viewport: { width: 820, height: 1180 } });

/** Types a YYYY-MM-DD date into the react-aria date field labelled `label` inside `scope`. */
async function fillDate(scope: Locator, label: string, iso: string) {
  const [year, month, day] = iso.split('-') as [string, string, string];
  const segments = scope.getByRole('group', { name: label, exact: true }).getByRole('spinbutton');
  await expect(segments).toHaveCount(3);
  for (const segment of await segments.all()) {
    const name = (await segment.getAttribute('aria-label')) ?? '';
    await segment.click();
    await scope.page().keyboard.type(/day|يوم/i.test(name) ? day : /month|شهر/i.test(name) ? month : year);
  }
}

const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };
const THURSDAY = '2027-12-02';
const FRIDAY = '2027-12-03';
const SATURDAY = '2027-12-04';

test('an admin bulk-sets Thursdays and Fridays with a minimum stay, sees them and the quote follows', async ({
  page,
}, testInfo) => {
  const shot = (name: string) => screenshot(page, testInfo.outputPath(`${name}.png`), { fullPage: true });
  expect((await page.request.post('/api/auth/login', { data: ADMIN })).ok()).toBe(true);

  await page.goto('/admin/rates');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تقويم الأسعار');
  await expect(page.getByTestId('rate-row-silver').getByTestId('rate-cell')).toHaveCount(14);
  await shot('rate-calendar-ar-820');

  await page.getByRole('button', { name: 'تعديل جماعي' }).click();
  const dialog = page.getByRole('dialog', { name: /^تعديل جماعي/ });
  await fillDate(dialog, 'الليلة الأولى', '2027-12-01');
  await fillDate(dialog, 'الليلة الأخيرة', '2028-01-31');
  // Thursday and Friday only; the silver room only (a box's label is what a finger taps).
  for (const day of ['السبت', 'الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء'])
    await dialog.getByText(day, { exact: true }).click();
  for (const type of ['الغرفة الذهبية', 'الغرفة الماسية', 'جناح الديلوكس'])
    await dialog.getByText(type, { exact: true }).click();
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(3);
  await dialog.getByRole('textbox', { name: 'السعر للضيوف المشمولين' }).fill('١٨');
  await dialog.getByRole('textbox', { name: 'أدنى مدة للإقامة (ليالٍ)' }).fill('٢');
  await shot('rate-bulk-edit-ar-820');
  await dialog.getByRole('button', { name: 'حفظ الليالي' }).click();
  // 9 Thursdays and 9 Fridays from 1 December 2027 to 31 January 2028.
  await expect(page.getByText('حُفظت الأسعار لـ ١٨ ليلة', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The grid from 1 December 2027: Thursday and Friday at 18.000, the plan's own, two nights
  // at least; the Saturday after keeps the room type's price and no minimum.
  // Typing the year (2027 passes through 0002, 0020 and 0202) asks for no half-typed year.
  const asked: string[] = [];
  const askedFor = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/admin/rates') asked.push(url.searchParams.get('from') ?? '');
  };
  page.on('request', askedFor);
  await fillDate(page.getByRole('main'), 'الليلة الأولى', '2027-12-01');
  const row = page.getByTestId('rate-row-silver');
  await expect(row.locator(`[data-testid="rate-cell"][data-night="2027-12-01"]`)).toHaveCount(1);
  page.off('request', askedFor);
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.filter((from) => !/^20\d\d-/.test(from))).toEqual([]);
  const cell = (night: string) => row.locator(`[data-testid="rate-cell"][data-night="${night}"]`);
  for (const night of [THURSDAY, FRIDAY]) {
    await expect(cell(night).getByTestId('rate-price')).toHaveText('١٨٫٠٠٠');
    await expect(cell(night).getByTestId('rate-mark-min')).toHaveText('أدنى ٢');
    await expect(cell(night)).toHaveAccessibleName(/١٨٫٠٠٠\sر\.ع\.، سعرها الخاص؛ أدنى مدة للإقامة ليلتان/);
  }
  await expect(cell(SATURDAY).getByTestId('rate-mark-min')).toHaveCount(0);
  await expect(cell(SATURDAY)).toHaveAccessibleName(/سعر نوع الغرفة$/);
  // Nights run from the right in Arabic: Friday's column is left of Thursday's.
  const [thursday, friday] = [await cell(THURSDAY).boundingBox(), await cell(FRIDAY).boundingBox()];
  expect(friday!.x).toBeLessThan(thursday!.x);
  await expectNoA11yViolations(page, 'rate calendar ar 820');
  await shot('rate-calendar-season-ar-820');

  // A night opens its own edit, with what binds it now.
  await cell(THURSDAY).click();
  const night = page.getByRole('dialog', { name: /^الغرفة الفضية/ });
  await expect(night.getByTestId('rate-night-now')).toContainText('أدنى مدة للإقامة ليلتان');
  await expect(night.getByRole('textbox', { name: 'السعر للضيوف المشمولين' })).toHaveValue('١٨٫٠٠٠');
  await shot('rate-night-ar-820');
  await night.getByRole('button', { name: 'إلغاء' }).click();

  // The guests' quote: a Thursday night alone is refused, two nights cost 18.000 each.
  const quote = (checkOutDate: string) =>
    page.request.get('/api/quote', {
      params: { roomType: 'silver', ratePlan: 'standard', checkInDate: THURSDAY, checkOutDate },
    });
  const alone = await quote(FRIDAY);
  expect(alone.status()).toBe(422);
  expect(((await alone.json()) as { error: { code: string } }).error.code).toBe('min_stay');
  const two = await quote(SATURDAY);
  expect(two.status(), await two.text()).toBe(200);
  expect(await two.json()).toMatchObject({
    nights: [
      { date: THURSDAY, priceBaisa: 18_000 },
      { date: FRIDAY, priceBaisa: 18_000 },
    ],
    totalPriceBaisa: 36_000,
  });

  // The plans, then both screens in English and on a phone (screenshots only).
  await page.goto('/admin/rate-plans');
  await expect(page.getByTestId('rate-plan-standard')).toContainText('السعر المرن');
  await shot('rate-plans-ar-820');
  await expectNoA11yViolations(page, 'rate plans ar 820');
  await page
    .getByTestId('rate-plan-non_refundable')
    .getByRole('button', { name: /^تعديل/ })
    .click();
  await expect(page.getByRole('dialog').getByRole('textbox').first()).toBeVisible();
  await shot('rate-plan-dialog-ar-820');
  await expectNoA11yViolations(page, 'rate plan dialog ar 820');
  await page.getByRole('dialog').getByRole('button', { name: 'إلغاء' }).click();
  // A new plan's refusals sit under their fields, in Arabic: names missing, then a code taken.
  await page.getByRole('button', { name: 'خطة جديدة' }).click();
  const form = page.getByRole('dialog', { name: 'خطة أسعار جديدة' });
  await form.getByRole('textbox', { name: 'الرمز' }).fill('standard');
  await form.getByRole('button', { name: 'إنشاء الخطة' }).click();
  await expect(form.getByRole('textbox', { name: 'الاسم بالعربية' })).toHaveAccessibleDescription(
    'أدخل اسم خطة السعر',
  );
  await form.getByRole('textbox', { name: 'الاسم بالعربية' }).fill('تجربة');
  await form.getByRole('textbox', { name: 'الاسم بالإنجليزية' }).fill('Trial');
  await form.getByRole('button', { name: 'إنشاء الخطة' }).click();
  await expect(form.getByRole('textbox', { name: 'الرمز' })).toHaveAccessibleDescription(
    /توجد خطة سعر بهذا الرمز/,
  );
  await form.getByRole('button', { name: 'إلغاء' }).click();
  if (process.env.SCREENSHOTS !== '1') return;
  await page.setViewportSize({ width: 390, height: 844 });
  await shot('rate-plans-ar-390');
  await page.goto('/admin/rates');
  await expect(page.getByTestId('rate-row-silver').getByTestId('rate-cell')).toHaveCount(14);
  await shot('rate-calendar-ar-390');
  await page.getByRole('button', { name: 'تعديل جماعي' }).click();
  await expect(page.getByRole('dialog').getByRole('textbox').first()).toBeVisible();
  await shot('rate-bulk-edit-ar-390');
  await page.getByRole('dialog').getByRole('button', { name: 'إلغاء' }).click();
  await page
    .getByRole('button', { name: /^English/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rate calendar');
  await shot('rate-calendar-en-390');
  await page.setViewportSize({ width: 820, height: 1180 });
  await shot('rate-calendar-en-820');
  await page.getByRole('button', { name: 'Bulk edit' }).click();
  await expect(page.getByRole('dialog').getByRole('textbox').first()).toBeVisible();
  await shot('rate-bulk-edit-en-820');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.goto('/admin/rate-plans');
  await expect(page.getByTestId('rate-plan-standard')).toContainText('Flexible rate');
  await shot('rate-plans-en-820');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot('rate-plans-en-390');
});
