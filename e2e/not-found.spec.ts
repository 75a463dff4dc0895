import { expect, test } from './fixtures';

test('an unknown route shows the 404 screen with a way home, in both languages', async ({ page }) => {
  await page.goto('/no-such-page');
  // In Arabic-Indic digits, through the one number formatter.
  await expect(page.getByText('٤٠٤', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الصفحة غير موجودة');
  await page.getByRole('button', { name: 'تغيير اللغة' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back to home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.locator('[data-testid^="room-tier-"]')).toHaveCount(4);
});

test('an unknown API path answers JSON 404, not the app shell', async ({ request }) => {
  const res = await request.get('/api/does-not-exist');
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ error: { code: 'route_not_found' } });
});
