import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { bookingBody, uniqueSuffix } from './support/desk';
import { screenshot } from './support/screenshots';

/**
 * An admin on a tablet, in Arabic, passes the statistics gate (a wrong password first
 * shows the spec's error), sees the figures change after a booking for tonight is completed,
 * and exports the daily figures as CSV. Screenshots of the dashboard in both languages at tablet
 * and phone widths go to the test's output folder.
 */
test.use({ viewport: { width: 820, height: 1180 } });

const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };
type Dashboard = { daily: { revenue: number; bookings: number }; totals: { bookings: number } };

/** Muscat's date today (UTC+4). */
const muscatToday = () => new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
const addDay = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function passGate(page: Page, password: string) {
  await page.getByLabel(/كلمة مرور الإحصائيات|Statistics password/).fill(password);
  await page.getByRole('button', { name: /فتح الإحصائيات|Open the statistics/ }).click();
}

async function dashboardJson(request: APIRequestContext): Promise<Dashboard> {
  const res = await request.get('/api/statistics/dashboard');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Dashboard;
}

/** "١٢٫٦٠٠ ر.ع." as the Arabic screen writes it: three decimals (the baisa), as every other screen. */
const arabicRevenue = (baisa: number) =>
  `${new Intl.NumberFormat('ar-OM', { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(baisa / 1000)}\u00a0ر.ع.`;

test('an admin passes the gate in Arabic, sees a completed stay in the figures and exports CSV', async ({
  page,
}, testInfo) => {
  const login = await page.request.post('/api/auth/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);

  await page.goto('/admin/statistics');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('إحصائيات الفندق');
  // The button waits for a password; the field can show what was typed.
  const open = page.getByRole('button', { name: 'فتح الإحصائيات' });
  await expect(open).toBeDisabled();
  const field = page.getByLabel('كلمة مرور الإحصائيات');
  await field.fill('not-the-password');
  await expect(field).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'إظهار كلمة المرور' }).click();
  await expect(field).toHaveAttribute('type', 'text');

  // A wrong password: the spec's message, and no figures.
  await open.click();
  await expect(page.getByText('كلمة المرور غير صحيحة')).toBeVisible();
  expect((await page.request.get('/api/statistics/dashboard')).status()).toBe(403);

  await passGate(page, 'change-me-stats');
  await expect(page.getByText('تم منح الوصول. جارٍ فتح الإحصائيات…')).toBeVisible();
  // The figures as they were just before and just after the page read them: a journey beside
  // this one (same server) may book tonight in between, so the page shows one of the two.
  const earlier = await dashboardJson(page.request);
  await expect(page.getByRole('heading', { level: 2, name: /^اليوم/ })).toBeVisible({ timeout: 10_000 });
  const before = await dashboardJson(page.request);
  const tonight = page.getByText('إيرادات الغرف الليلة').locator('..');
  const shown = [earlier, before].map((d) => arabicRevenue(d.daily.revenue).replace(/[.]/g, '\\.'));
  await expect(tonight.locator('dd')).toHaveText(new RegExp(`^(${shown.join('|')})$`));
  // Arabic-Indic digits only.
  await expect(page.getByText('حجوزات اليوم').locator('..').locator('dd')).toHaveText(/^[٠-٩٬]+$/);

  // A one-night gold stay for tonight, approved and completed at the desk.
  const today = muscatToday();
  const made = await page.request.post('/api/booking-submissions', {
    data: bookingBody(`ضيف الإحصائيات ${uniqueSuffix()}`, {
      checkInDate: today,
      checkOutDate: addDay(today),
    }),
  });
  expect(made.status(), await made.text()).toBe(201);
  const booking = (await made.json()).booking as { id: number; totalPriceBaisa: number };
  const approved = await page.request.patch(`/api/booking-submissions/${booking.id}/status`, {
    data: { status: 'approved' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  const completed = await page.request.post(`/api/booking-submissions/${booking.id}/complete`, { data: {} });
  expect(completed.ok(), await completed.text()).toBe(true);

  await page.getByRole('button', { name: 'تحديث', exact: true }).click();
  const after = await dashboardJson(page.request);
  expect(after.daily.revenue - before.daily.revenue).toBeGreaterThanOrEqual(booking.totalPriceBaisa);
  expect(after.totals.bookings).toBeGreaterThan(before.totals.bookings);
  await expect(tonight.locator('dd')).toHaveText(arabicRevenue(after.daily.revenue));
  await expect(page.getByText('إجمالي الحجوزات').locator('..').locator('dd')).toHaveText(
    new Intl.NumberFormat('ar-OM').format(after.totals.bookings),
  );

  // Each chart has its numbers as a table.
  await page.getByText('عرض الأرقام في جدول').first().click();
  await expect(page.getByRole('table', { name: 'الحجوزات وإيرادات الغرف خلال آخر ٣٠ يوماً' })).toBeVisible();

  // CSV of the daily series.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'تصدير الأرقام اليومية (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`statistics-daily-${today}.csv`);
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('date,bookings,revenueOmr,siteVisits');
  expect(lines).toHaveLength(31);
  const todayLine = lines.find((l) => l.startsWith(`${today},`))!;
  // (A journey beside this one may complete a stay tonight between the figures read above and the
  // export: its revenue is then within what the dashboard said before and after it.)
  const latest = await dashboardJson(page.request);
  const exported = Math.round(Number(todayLine.split(',')[2]) * 1000);
  expect(exported).toBeGreaterThanOrEqual(after.daily.revenue);
  expect(exported).toBeLessThanOrEqual(latest.daily.revenue);

  // The dashboard with its charts passes axe (the charts' hidden drawings took focus before).
  await expectNoA11yViolations(page, 'statistics dashboard ar 820');
  await screenshot(page, testInfo.outputPath('statistics-ar-820.png'), { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, testInfo.outputPath('statistics-ar-390.png'), { fullPage: true });

  // The same screen in English (the step-up is the session's; the screen asks again).
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.goto('/admin/statistics');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await screenshot(page, testInfo.outputPath('gate-en-390.png'), { fullPage: true });
  await passGate(page, 'change-me-stats');
  await expect(page.getByRole('heading', { level: 2, name: /^Today/ })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Room revenue tonight').locator('..').locator('dd')).toHaveText(
    /^OMR\u00a0[0-9,]+\.[0-9]{3}$/,
  );
  await screenshot(page, testInfo.outputPath('statistics-en-390.png'), { fullPage: true });
  await page.setViewportSize({ width: 820, height: 1180 });
  await screenshot(page, testInfo.outputPath('statistics-en-820.png'), { fullPage: true });
  await expectNoA11yViolations(page, 'statistics dashboard en 820');
});
