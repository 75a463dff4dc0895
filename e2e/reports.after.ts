import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { screenshot } from './support/screenshots';

/**
 * The manager reports on a tablet in Arabic: from the admin dashboard to the reports, yesterday's
 * flash report (its figures in Arabic-Indic digits only, revenue by department as a chart with
 * its table; printed without the site's header and the buttons), then in English the production report by nationality, downloaded as CSV (its first
 * line is the header the worker writes, in the page's language). It runs in the site-settings stage, after every other
 * journey: what they booked and closed is in the figures, which the worker's tests check.
 */
test.use({ viewport: { width: 820, height: 1180 } });

const MANAGER = { email: 'manager@example.com', password: 'change-me-manager' };

test('a manager reads yesterday in Arabic, then downloads production by nationality in English', async ({
  page,
}, testInfo) => {
  const shot = (name: string) => screenshot(page, testInfo.outputPath(`${name}.png`), { fullPage: true });
  expect((await page.request.post('/api/auth/login', { data: MANAGER })).ok()).toBe(true);

  await page.goto('/admin');
  await page.getByRole('link', { name: /تقارير الإدارة/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تقارير الإدارة');
  await page.getByTestId('reports-hub-flash').click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('التقرير السريع');
  const flash = page.getByTestId('flash-report');
  await expect(flash).toBeVisible();
  await expect(page.getByTestId('flash-occupancy')).not.toBeEmpty();
  // One digit system: nothing in the report is written in Latin digits.
  expect(await flash.innerText()).not.toMatch(/[0-9]/);
  await expect(page.getByTestId('flash-revenue')).toContainText('ر.ع.');
  await expect(page.getByTestId('flash-revenue-chart')).toContainText('الإيرادات حسب القسم');
  await expect(page.getByTestId('report-csv')).toHaveAttribute(
    'href',
    /\/api\/admin\/reports\/flash\?date=.+&format=csv&lang=ar$/,
  );
  await expectNoA11yViolations(page, 'flash report ar 820');
  await shot('reports-flash-ar-820');
  // Printed (A4): the report alone, without the site's header, the tabs or the buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.app-header')).toBeHidden();
  await expect(page.getByTestId('report-print')).toBeHidden();
  await expect(flash).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  await page
    .getByRole('button', { name: /^English/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Flash report');
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Production' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Production');
  await page.getByRole('button', { name: /Group by/ }).click();
  await page.getByRole('option', { name: 'Nationality' }).click();
  await expect(page).toHaveURL(/by=nationality/);
  await expect(page.getByTestId('report-csv')).toHaveAttribute('href', /by=nationality/);
  await expect(
    page.getByTestId('production-chart').or(page.getByText('No stays in this period.')),
  ).toBeVisible();
  await shot('reports-production-en-820');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('report-csv').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^production-nationality-.+\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
    'Nationality,Room nights,Room revenue without taxes (OMR),Average daily rate (OMR),Cancellations,No-shows',
  );
});
