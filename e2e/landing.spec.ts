import { expect, test } from './fixtures';

test('the landing page shows the four room tiers in Arabic, right to left, then in English after a switch and a reload', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('أهلاً بكم في فندق المعبيلة');

  const tiers = page.locator('[data-testid^="room-tier-"]');
  await expect(tiers).toHaveCount(4);
  await expect(page.getByTestId('room-tier-silver').getByRole('heading')).toHaveText('الغرفة الفضية');
  await expect(page.getByTestId('room-tier-gold').getByTestId('room-price')).toHaveText('١٣٫٢٠٠ ر.ع.');
  await expect(page.getByTestId('room-tier-deluxe').getByTestId('room-price')).toHaveText('١٧٫٣٠٠ ر.ع.');
  // Rooms left tonight come from /api/room-inventory.
  await expect(page.getByTestId('room-tier-gold')).toContainText('٣٦');

  await page.getByRole('button', { name: 'تغيير اللغة' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('room-tier-silver').getByRole('heading')).toHaveText('Silver Room');
  await expect(page.getByTestId('room-tier-silver').getByTestId('room-price')).toHaveText('OMR 12.600');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Al Maabila Hotel');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
});

test('the landing page loads no admin code; the admin area loads when opened', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('[data-testid^="room-tier-"]')).toHaveCount(4);
  expect(scripts.filter((s) => s.includes('/assets/admin-'))).toEqual([]);

  // The back office asks for a staff or admin sign-in (the seeded development admin).
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'admin@example.com', password: 'change-me-admin' },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.filter((s) => s.includes('/assets/admin-')).length).toBeGreaterThan(0);
});
