import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ARABIC_LOGIN } from './support/desk';
import { savedQueryCache } from './support/query-cache';
import { screenshot } from './support/screenshots';

/**
 * The roles on a tablet, in Arabic: a housekeeper signs in and lands on the housekeeping board,
 * which is all they see (no desk, no bookings; an address of another back-office screen shows the
 * refusal and asks the server for nothing of it); a manager opens the statistics; the admin gives
 * a new account a role and changes it with the staff screen's role picker.
 */

const HOUSEKEEPER = { email: 'housekeeper@example.com', password: 'change-me-housekeeper' };
const MANAGER = { email: 'manager@example.com', password: 'change-me-manager' };
const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };

/** The back office's data calls a page makes (answered 200), by path. */
function answeredCalls(page: Page) {
  const paths: string[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/api/') && res.status() === 200) paths.push(url.pathname);
  });
  return paths;
}

test('in Arabic on a tablet: the housekeeper sees only the housekeeping board; a manager sees the statistics', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto('/login');
  await page.getByLabel(ARABIC_LOGIN.email).fill(HOUSEKEEPER.email);
  await page.getByLabel(ARABIC_LOGIN.password, { exact: true }).fill(HOUSEKEEPER.password);
  await page.getByRole('button', { name: ARABIC_LOGIN.submit, exact: true }).click();
  // Signed in, a housekeeper lands on their own tasks; the board is a tap away.
  await expect(page).toHaveURL('/housekeeping/tasks');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('مهامي');
  await page.getByTestId('my-tasks-board').click();
  await expect(page).toHaveURL('/housekeeping');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('التدبير الفندقي');
  // No way back to a dashboard that is not theirs.
  await expect(page.getByRole('link', { name: 'العودة إلى لوحة الإدارة' })).toHaveCount(0);
  // The rooms' requests are on the board (without guests' names, from the server); the desk's
  // out-of-order periods are not.
  await expect(page.getByTestId('stay-request-queue')).toBeVisible();
  await expect(page.getByTestId('out-of-order')).toHaveCount(0);
  // The board's own work, on a room no other journey uses: dirty, then clean.
  const floor = page.getByTestId('housekeeping-floor-3');
  await floor.getByRole('button').first().click();
  const card = floor.locator('[data-testid="housekeeping-room"][data-room="311"]');
  await expect(card).toBeVisible();
  // Each change's answer awaited, so none is counted among the calls of the addresses typed in below.
  const mark = async (status: 'dirty' | 'clean') => {
    const saved = page.waitForResponse(
      (r) => /\/api\/admin\/rooms\/\d+/.test(r.url()) && r.request().method() !== 'GET',
    );
    await card.getByTestId(`mark-${status}`).click();
    await expect(card).toHaveAttribute('data-status', status);
    await saved;
  };
  if ((await card.getAttribute('data-status')) !== 'dirty') await mark('dirty');
  await mark('clean');
  await expect(card.getByTestId('out-of-order')).toHaveCount(0);
  // No guest's bookings or points in the header: the account is the hotel's.
  await expect(page.getByRole('button', { name: 'حجوزاتي' })).toHaveCount(0);
  await screenshot(page, testInfo.outputPath('housekeeper-board-ar-820.png'), { fullPage: true });

  // The desk's addresses, typed in: the refusal, and no data of theirs asked for.
  const calls = answeredCalls(page);
  for (const path of ['/admin/bookings', '/admin/front-desk', '/admin', '/admin/statistics']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText('غير مسموح لك بفتح هذه الصفحة');
  }
  // (The board's own polls, still in flight as the page changes, are theirs.)
  const theirs = ['/api/admin/housekeeping', '/api/admin/stay-requests'];
  const backOffice = (p: string) => p.startsWith('/api/admin/') || p.startsWith('/api/front-desk');
  expect(calls.filter((p) => backOffice(p) && !theirs.includes(p))).toEqual([]);
  await screenshot(page, testInfo.outputPath('housekeeper-refused-ar-820.png'));
  await page.getByRole('link', { name: 'العودة إلى مهامي' }).click();
  await expect(page).toHaveURL('/housekeeping/tasks');

  // The same board in English.
  await page.goto('/housekeeping?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Housekeeping');
  await page.getByTestId('housekeeping-floor-3').getByRole('button').first().click();
  await expect(page.getByTestId('housekeeping-room').first()).toBeVisible();
  await screenshot(page, testInfo.outputPath('housekeeper-board-en-820.png'), { fullPage: true });
  await page.goto('/admin/bookings?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are not allowed to open this page');
  await screenshot(page, testInfo.outputPath('housekeeper-refused-en-820.png'));
  // And on the phone a housekeeper carries on the floors.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/housekeeping?lang=ar');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('التدبير الفندقي');
  await screenshot(page, testInfo.outputPath('housekeeper-board-ar-390.png'));

  // A manager: the dashboard has the statistics, which open behind their password.
  const managerContext = await browser.newContext({ baseURL, viewport: { width: 820, height: 1180 } });
  const manager = await managerContext.newPage();
  expect((await manager.request.post('/api/auth/login', { data: MANAGER })).ok()).toBe(true);
  await manager.goto('/admin');
  await expect(manager.getByRole('link', { name: /إحصائيات الفندق/ })).toBeVisible();
  // The header names the role in Arabic, never its code.
  await expect(manager.getByTestId('header-user-role')).toHaveText('مدير');
  await expect(manager.getByRole('link', { name: /حسابات الموظفين/ })).toHaveCount(0);
  await manager.goto('/admin/statistics');
  await expect(manager.getByLabel('كلمة مرور الإحصائيات')).toBeVisible();
  await managerContext.close();
});

test('in Arabic on a tablet: the admin gives a new account a role and changes it', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  const colleague = {
    fullName: 'عائشة البلوشية',
    email: `hk-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`,
    password: 'housekeeping-pass-1',
  };
  expect((await page.request.post('/api/auth/login', { data: ADMIN })).ok()).toBe(true);
  await page.goto('/admin/staff');
  const form = page.getByRole('region', { name: 'حساب موظف جديد' });
  const roles = form.getByRole('radiogroup', { name: 'الدور' });
  await expect(roles.getByRole('radio', { name: /موظف استقبال/ })).toBeChecked();
  await form.getByLabel('الاسم الكامل').fill(colleague.fullName);
  await form.getByLabel('البريد الإلكتروني').fill(colleague.email);
  await form.getByLabel('كلمة المرور', { exact: true }).fill(colleague.password);
  await roles.getByText('عامل نظافة', { exact: true }).click();
  await expect(roles.getByRole('radio', { name: /عامل نظافة/ })).toBeChecked();
  await screenshot(page, testInfo.outputPath('staff-role-picker-ar-820.png'), { fullPage: true });
  await form.getByRole('button', { name: 'إنشاء حساب الموظف' }).click();
  const row = page.getByTestId('staff-row').filter({ hasText: colleague.email });
  await expect(row.getByTestId('staff-role')).toHaveText('عامل نظافة');

  const side = await playwright.request.newContext({ baseURL });
  const login = await side.post('/api/auth/login', {
    data: { email: colleague.email, password: colleague.password },
  });
  expect((await login.json()).user.role).toBe('housekeeper');
  expect((await side.get('/api/front-desk')).status()).toBe(403);

  // Promoted to manager with the row's picker: the open session has the new role at once.
  await row.getByRole('button', { name: /دور عائشة البلوشية/ }).click();
  await page.getByRole('option', { name: 'مدير', exact: true }).click();
  await expect(page.getByText(`أصبح ${colleague.fullName} الآن: مدير`)).toBeVisible();
  await expect(row.getByTestId('staff-role')).toHaveText('مدير');
  expect((await (await side.get('/api/auth/me')).json()).user.role).toBe('manager');
  expect((await side.get('/api/front-desk')).status()).toBe(200);
  await side.dispose();

  // The list this device keeps (written about once a second) has the new role before the reload.
  const saved = new RegExp(`${colleague.email.replace(/[.]/g, '\\.')}\\\\?",\\\\?"role\\\\?":\\\\?"manager`);
  await expect.poll(() => savedQueryCache(page)).toMatch(saved);
  await page.goto('/admin/staff?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staff accounts');
  await expect(
    page.getByTestId('staff-row').filter({ hasText: colleague.email }).getByTestId('staff-role'),
  ).toHaveText('Manager');
  await screenshot(page, testInfo.outputPath('staff-role-picker-en-820.png'), { fullPage: true });
});
