import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { bookingBody, createBooking, muscatDay } from './support/desk';
import { screenshot } from './support/screenshots';

/**
 * A manager's invoices on a tablet in Arabic: the invoice issued for a folio is found by its
 * number, opens as its printable page (Arabic and English side by side, A4), and is credited in
 * full with a reason through the credit-note dialog; then the list on a phone in English. (Numbers
 * under concurrency, the credit note's corrections and the UBL are proven by the worker's tests.)
 */
test.use({ viewport: { width: 820, height: 1180 } });

const MANAGER = { email: 'manager@example.com', password: 'change-me-manager' };

test('a manager finds, prints and credits a tax invoice, in Arabic and in English', async ({
  page,
}, testInfo) => {
  const shot = (name: string) => screenshot(page, testInfo.outputPath(`${name}.png`), { fullPage: true });
  const booking = await createBooking(
    page.request,
    bookingBody('سالم الحارثي', {
      roomType: 'silver',
      checkInDate: muscatDay(0),
      checkOutDate: muscatDay(1),
    }),
  );
  expect((await page.request.post('/api/auth/login', { data: MANAGER })).ok()).toBe(true);
  const approved = await page.request.patch(`/api/booking-submissions/${booking.id}/status`, {
    data: { status: 'approved' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  for (const [department, amountBaisa, description] of [
    ['restaurant', 7_350, 'عشاء لشخصين'],
    ['laundry', 3_000, 'Shirts'],
  ] as const) {
    const charged = await page.request.post(`/api/booking-submissions/${booking.id}/folio/charges`, {
      data: { department, amountBaisa, description },
    });
    expect(charged.status(), await charged.text()).toBe(201);
  }

  // At the desk, the folio issues the invoice to a company, its VAT number typed in Arabic-Indic digits.
  await page.goto('/admin/front-desk');
  await page
    .getByTestId('desk-list-arrivals')
    .locator(`[data-booking-id="${booking.id}"]`)
    .getByTestId('desk-folio')
    .click();
  const folio = page.getByTestId('folio-dialog');
  await folio.getByTestId('folio-issue-invoice').click();
  const form = folio.getByTestId('folio-invoice-form');
  await form.getByRole('textbox', { name: 'الشركة (اختياري)' }).fill('شركة مسقط للتجارة');
  await form.getByRole('textbox', { name: 'الرقم الضريبي للشركة' }).fill('OM١١٠٠٠٠٠٠٠١');
  await form.getByTestId('folio-invoice-submit').click();
  const issued = folio.getByTestId('folio-invoice-issued');
  await expect(issued).toContainText(/INV-\d{4}-\d{6}/);
  const invoice = { number: (await issued.locator('bdi').textContent())!.trim() };
  await shot('folio-invoice-ar-820');
  await page.keyboard.press('Escape');

  await page.goto('/admin/invoices');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الفواتير');
  await page.getByRole('textbox', { name: 'الرقم' }).fill(invoice.number.slice(-6));
  await page.getByRole('button', { name: 'بحث' }).click();
  const row = page.locator(`[data-testid="invoice-row"][data-number="${invoice.number}"]`);
  await expect(row).toContainText('شركة مسقط للتجارة');
  await expect(row).toContainText('١٠٫٣٥٠');
  await expectNoA11yViolations(page, 'invoices ar 820');
  await shot('invoices-ar-820');

  // The printable page: a page of the worker's, in a new tab, with nothing the CSP refused.
  const [print] = await Promise.all([
    page.waitForEvent('popup'),
    row.getByRole('link', { name: `افتح للطباعة ${invoice.number}` }).click(),
  ]);
  await expect(print.getByRole('heading', { level: 1 })).toContainText('Tax Invoice');
  await expect(print.getByRole('heading', { level: 1 })).toContainText('فاتورة ضريبية');
  await expect(print.locator('body')).toContainText(invoice.number);
  await expect(print.locator('tbody').first().getByRole('row')).toHaveCount(2);
  expect(await print.evaluate(() => getComputedStyle(document.querySelector('th')!).backgroundColor)).toBe(
    'rgb(238, 238, 238)',
  );
  await screenshot(print, testInfo.outputPath('invoice-page-820.png'), { fullPage: true });
  await print.close();

  // A partial credit note first: an amount, typed in Arabic-Indic digits.
  const credit = row.getByRole('button', { name: `إشعار دائن للفاتورة ${invoice.number}` });
  await credit.click();
  const dialog = page.getByTestId('credit-note-dialog');
  await dialog.getByText('مبلغ محدد', { exact: true }).click();
  await dialog.getByRole('textbox', { name: /المبلغ المراد إلغاؤه/ }).fill('١٫٠٠٠');
  await dialog.getByRole('textbox', { name: 'السبب' }).fill('خصم على العشاء');
  await expectNoA11yViolations(page, 'partial credit note ar 820');
  await dialog.getByRole('button', { name: 'أصدر الإشعار الدائن' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('أُلغي منها');
  // Then all that is left.
  await credit.click();
  await dialog.getByRole('textbox', { name: 'السبب' }).fill('الفاتورة باسم نزيل آخر');
  await shot('credit-note-dialog-ar-820');
  await dialog.getByRole('button', { name: 'أصدر الإشعار الدائن' }).click();
  await expect(page.getByText(/صدر الإشعار الدائن CN-\d{4}-\d{6}/).last()).toBeVisible();
  await expect(row).toContainText('أُلغيت بالإشعار الدائن');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/invoices?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invoices');
  await page.getByRole('textbox', { name: 'Guest' }).fill('الحارثي');
  await page.getByRole('button', { name: 'Search' }).click();
  const note = page
    .locator('[data-testid="invoice-row"][data-number^="CN-"]')
    .filter({ hasText: invoice.number });
  await expect(note.first()).toContainText('Credit note of');
  await expect(note).toHaveCount(2);
  await shot('invoices-en-390');
});
