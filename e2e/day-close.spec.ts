import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { screenshot } from './support/screenshots';

/**
 * The manager's money screens on a tablet in Arabic: the day close shows yesterday open with the
 * figures so far, closes it after a confirmation and then shows it closed, by whom; a company
 * account is opened with its credit limit typed in Arabic-Indic digits, the company's payment is
 * recorded and the statement shows it with the balance after it; the accountant's journal shows the
 * closed day no longer open and gives its file in Odoo's columns. Then the day close and the company
 * on a phone in English. (The close's figures against the folio's lines, and the journal's, are
 * proven by the worker's tests.)
 */
test.use({ viewport: { width: 820, height: 1180 } });

const MANAGER = { email: 'manager@example.com', password: 'change-me-manager' };

test('a manager closes yesterday and keeps a company account, in Arabic and in English', async ({
  page,
}, testInfo) => {
  const shot = (name: string) => screenshot(page, testInfo.outputPath(`${name}.png`), { fullPage: true });
  expect((await page.request.post('/api/auth/login', { data: MANAGER })).ok()).toBe(true);

  await page.goto('/admin/day-close');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('إغلاق اليوم');
  const report = page.getByTestId('day-close-report');
  await expect(report).toHaveAttribute('data-closed', 'false');
  await expect(page.getByTestId('day-close-rooms')).toContainText('الغرف المتاحة للبيع');
  await expect(page.getByTestId('tax-report')).toBeVisible();
  await expectNoA11yViolations(page, 'day close ar 820');
  await shot('day-close-open-ar-820');

  await page.getByTestId('day-close-start').click();
  await expect(page.getByRole('group', { name: 'تأكيد الإغلاق' })).toBeVisible();
  await page.getByTestId('day-close-confirm').click();
  await expect(page.getByText('أُغلق اليوم: رُحّلت ليالي الغرف وحُفظ تقريره')).toBeVisible();
  await expect(report).toHaveAttribute('data-closed', 'true');
  await expect(page.getByTestId('day-close-state')).toContainText(MANAGER.email);
  await shot('day-close-closed-ar-820');

  // The accountant's journal: the day just closed is no longer open in its month's days (its
  // journal kept by the close; summed, balanced and in Odoo's columns, as the worker's tests prove).
  const closedDate = new Date(Date.now() + 4 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
  await page.goto('/admin/accounting');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('يومية المحاسب');
  const days = page.getByTestId('journal-month');
  // The screen opens on last month; the months are listed this one first.
  if (closedDate.slice(0, 7) === new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 7)) {
    await days.getByRole('button', { name: /الشهر/ }).click();
    await page.getByRole('option').first().click();
  }
  const day = days.locator(`[data-date="${closedDate}"]`);
  // Closed; or, when another journey's outlet sold over its till that day, closed with its account missing.
  await expect(day).toHaveAttribute('data-state', /^(closed|unmapped)$/);
  if ((await day.getAttribute('data-state')) === 'closed') {
    const download = page.waitForEvent('download');
    await day.getByRole('link').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`journal-${closedDate}.csv`);
    // Odoo's journal entry import's columns (the journeys' day may have nothing to book: no entry).
    const rows = (await readFile(await file.path(), 'utf8')).split('\r\n');
    expect(rows[0]).toBe(
      'Journal,Date,Reference,Journal Items/Account,Journal Items/Label,Journal Items/Partner,Journal Items/Debit,Journal Items/Credit',
    );
  }
  await expectNoA11yViolations(page, 'accounting ar 820');
  await shot('accounting-ar-820');

  await page.goto('/admin/city-ledger');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('حسابات الشركات');
  await page.getByTestId('city-ledger-new').click();
  const form = page.getByTestId('city-ledger-form');
  await form.getByRole('textbox', { name: 'اسم الشركة' }).fill('شركة مسقط للتجارة');
  await form.getByRole('textbox', { name: 'الرقم الضريبي' }).fill('OM١٢٣٤٥٦٧٨٩٠');
  await form.getByRole('textbox', { name: 'حد الائتمان بالريال' }).fill('٥٠٠');
  await page.getByTestId('city-ledger-save').click();
  await expect(page.getByText('حُفظ حساب الشركة')).toBeVisible();
  const account = page.getByTestId('city-ledger-account');
  await expect(account.getByRole('heading', { level: 2 })).toHaveText('شركة مسقط للتجارة');
  await expect(account).toContainText('OM1234567890');

  await account.getByTestId('city-ledger-payment-amount').getByRole('textbox').fill('١٢٫٥');
  await account.getByTestId('city-ledger-pay').click();
  await expect(page.getByText('سُجّلت دفعة الشركة')).toBeVisible();
  // A payment with nothing owed leaves the company in credit (12.500 below zero).
  await expect(page.getByTestId('city-ledger-balance')).toContainText('له رصيد ١٢٫٥٠٠');
  await expect(page.getByTestId('city-ledger-statement').getByRole('row')).toHaveCount(2);
  await expectNoA11yViolations(page, 'city ledger ar 820');
  await shot('city-ledger-ar-820');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/day-close?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Day close');
  await expect(page.getByTestId('day-close-state')).toContainText('is closed');
  await shot('day-close-closed-en-390');
  await page.goto('/admin/city-ledger?lang=en');
  await page.getByRole('button', { name: /Muscat|مسقط/ }).click();
  await expect(page.getByTestId('city-ledger-statement')).toContainText('Payment: Bank transfer');
  await shot('city-ledger-en-390');
});
