import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { screenshot } from './support/screenshots';

/**
 * A manager approves a price suggestion on a tablet, in Arabic (docs/decisions/101): the price
 * calendar shows the next 90 nights with their suggestions; the last night with a price suggestion
 * opens its explanation (the ladder and the reasons), one price is approved there, the night no
 * longer suggests it, and the rate calendar shows that night at the approved price. The last
 * night of the window is one no other journey books or prices.
 */
test.use({ viewport: { width: 820, height: 1180 } });

const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

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

test('a manager opens a night’s explanation, approves its price and the rate calendar follows', async ({
  page,
}, testInfo) => {
  const shot = (name: string) => screenshot(page, testInfo.outputPath(`${name}.png`), { fullPage: true });
  expect((await page.request.post('/api/auth/login', { data: ADMIN })).ok()).toBe(true);

  // Revenue management opens on the price calendar (the dashboard's tile leads here).
  await page.goto('/admin/revenue');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('أسعار الليالي القادمة');
  const calendar = page.getByTestId('prices-calendar');
  await expect(calendar.getByTestId('price-night')).toHaveCount(90);
  await shot('revenue-prices-ar-820');

  // The last night with a price suggestion, and its explanation.
  const withSuggestions = calendar.locator('[data-testid="price-night"]:not([data-suggestions="0"])');
  const cell = withSuggestions.filter({ hasText: 'ر.ع.' }).last();
  const night = (await cell.getAttribute('data-date'))!;
  await cell.getByTestId('price-night-open').click();
  const dialog = page.getByTestId('price-night-dialog');
  await expect(dialog).toBeVisible();
  const suggestion = dialog.locator('[data-testid="price-suggestion"][data-kind="price"]').first();
  const type = (await suggestion.locator('xpath=ancestor::section[1]').getAttribute('data-type'))!;
  const price = Number(await suggestion.getAttribute('data-suggested'));
  // The ladder from the base price, each step said; the reasons with their numbers.
  const section = dialog.locator(`[data-testid="price-night-type"][data-type="${type}"]`);
  await expect(section.locator('[data-step="base"]')).toContainText('ر.ع.');
  await expect(suggestion.getByTestId('price-suggestion-reasons').locator('li').first()).toContainText('٪');
  // axe on the night's dialog (3 s); on the whole calendar behind it, 90 nights, it took 20 s.
  await expectNoA11yViolations(page, 'price night ar 820');
  await shot('revenue-night-ar-820');

  await suggestion.getByTestId('price-suggestion-approve').click();
  await expect(page.getByText('طُبِّق اقتراح واحد على تقويم الأسعار', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The night no longer suggests that price.
  await cell.getByTestId('price-night-open').click();
  await expect(
    page.locator(
      `[data-testid="price-night-type"][data-type="${type}"] [data-testid="price-suggestion"][data-kind="price"]`,
    ),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The rate calendar: the night at the approved price, the plan's own.
  await page.goto('/admin/rates');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تقويم الأسعار');
  await fillDate(page.getByRole('main'), 'الليلة الأولى', night);
  const rate = page
    .getByTestId(`rate-row-${type}`)
    .locator(`[data-testid="rate-cell"][data-night="${night}"]`);
  await expect(rate.getByTestId('rate-price')).toHaveText(
    arabicDigits((price / 1000).toFixed(3)).replace('.', '٫'),
  );
  await expect(rate).toHaveAccessibleName(/سعرها الخاص/);
});
