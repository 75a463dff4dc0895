import { expect, test } from './fixtures';

/**
 * The admin's staff accounts screen, against the real worker: create,
 * disable (that person can no longer log in), enable, reset the password.
 * A separate request context plays the member of staff.
 */
test('the admin creates a staff account, disables and enables it, and resets its password', async ({
  page,
  playwright,
  baseURL,
}) => {
  const staff = {
    fullName: 'موظف الاستقبال',
    email: `s-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`,
    password: 'desk-clerk-pass-1',
  };
  const staffSide = await playwright.request.newContext({ baseURL });
  const staffLogin = (password: string) =>
    staffSide.post('/api/auth/login', { data: { email: staff.email, password } });

  const admin = await page.request.post('/api/auth/login', {
    data: { email: 'admin@example.com', password: 'change-me-admin' },
  });
  expect(admin.ok()).toBe(true);
  await page.goto('/admin/staff');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('حسابات الموظفين');

  const form = page.getByRole('region', { name: 'حساب موظف جديد' });
  await form.getByRole('button', { name: 'إنشاء حساب الموظف' }).click();
  await expect(form.getByText('الاسم يجب أن يكون حرفين على الأقل')).toBeVisible();
  await form.getByLabel('الاسم الكامل').fill(staff.fullName);
  await form.getByLabel('البريد الإلكتروني').fill(staff.email);
  await form.getByLabel('كلمة المرور', { exact: true }).fill(staff.password);
  await form.getByRole('button', { name: 'إنشاء حساب الموظف' }).click();
  await expect(page.getByText('تم إنشاء الحساب', { exact: true })).toBeVisible();
  const row = page.getByTestId('staff-row').filter({ hasText: staff.email });
  await expect(row).toContainText(staff.fullName);
  await expect(row).toContainText('نشط');
  expect((await (await staffLogin(staff.password)).json()).user.role).toBe('staff');

  await row.getByRole('button', { name: 'تعطيل' }).click();
  const confirmDisable = page.getByRole('dialog', { name: 'تعطيل هذا الحساب؟' });
  await confirmDisable.getByRole('button', { name: 'تعطيل' }).click();
  await expect(page.getByText('تم تعطيل الحساب', { exact: true })).toBeVisible();
  await expect(row).toContainText('معطل');
  // Disabling ended the session, and the account can no longer log in.
  expect((await staffSide.get('/api/auth/me')).status()).toBe(401);
  const refused = await staffLogin(staff.password);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('account_disabled');

  await row.getByRole('button', { name: 'تفعيل' }).click();
  await page
    .getByRole('dialog', { name: 'تفعيل هذا الحساب؟' })
    .getByRole('button', { name: 'تفعيل' })
    .click();
  await expect(row).toContainText('نشط');

  await row.getByRole('button', { name: 'إعادة تعيين كلمة المرور' }).click();
  const reset = page.getByRole('dialog', { name: 'إعادة تعيين كلمة المرور' });
  await reset.getByLabel('كلمة المرور الجديدة', { exact: true }).fill('new-desk-clerk-pass-2');
  await reset.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
  await expect(page.getByText('تم تغيير كلمة المرور', { exact: true })).toBeVisible();
  await expect(reset).toHaveCount(0);
  expect((await staffLogin('desk-clerk-pass-1')).status()).toBe(401);
  expect((await staffLogin('new-desk-clerk-pass-2')).ok()).toBe(true);

  await staffSide.dispose();
});

// A member of staff opens the back office but an admin-only page is the 403 page, with the admin
// tile and without the Q&A tile or the footer's Admin link: web/src/app/route-guards.test.tsx.
