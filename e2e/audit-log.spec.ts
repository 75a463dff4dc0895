import { expect, test } from './fixtures';

/**
 * The audit log on an admin's tablet: every staff action in
 * the active language's words (no raw keys such as `vip.add` or `cardType`), phone and ID
 * numbers exactly as typed, and a table that fits 820 px and scrolls from the keyboard on a phone.
 */
const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Muscat' }).format(new Date());

test('an admin reads staff actions in words, with numbers as typed, in Arabic and English', async ({
  page,
}) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  expect((await page.request.post('/api/auth/login', { data: ADMIN })).ok()).toBe(true);
  const phone = `9${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
  const added = await page.request.post('/api/vip-beneficiaries', {
    data: {
      fullName: 'Salim Al Harthy',
      phoneNumber: phone,
      civilId: '12345678',
      cardType: 'gold',
      startDate: today(),
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const { beneficiary } = (await added.json()) as { beneficiary: { id: number } };
  const used = await page.request.post(`/api/vip-beneficiaries/${beneficiary.id}/use`, {
    data: { kind: 'coffee' },
  });
  expect(used.ok(), await used.text()).toBe(true);

  await page.goto('/admin/audit');
  const added_ = page.getByRole('row', { name: /أُضيف حامل بطاقة VIP/ }).filter({ hasText: phone });
  await expect(added_).toHaveCount(1);
  await expect(added_).toContainText('الرقم المدني');
  await expect(added_).toContainText('12345678');
  await expect(added_).toContainText('البطاقة الذهبية');
  await expect(page.getByRole('row', { name: /قُدّمت قهوة مجانية/ }).first()).toContainText('قهوة مجانية');
  const table = page.getByRole('region', { name: 'إجراءات الموظفين' });
  await expect(table).not.toContainText('vip.add');
  await expect(table).not.toContainText('cardType');
  await expect(table).not.toContainText('phoneNumber');
  // The before/after column is on screen at 820 px, not cut off.
  const region = await table.boundingBox();
  const lastHeader = await page.getByRole('columnheader').last().boundingBox();
  expect(lastHeader!.x).toBeGreaterThanOrEqual(region!.x);
  expect(lastHeader!.x + lastHeader!.width).toBeLessThanOrEqual(region!.x + region!.width + 1);

  await page
    .getByRole('button', { name: /^English/ })
    .first()
    .click();
  const row = page.getByRole('row', { name: /VIP card holder added/ }).filter({ hasText: phone });
  await expect(row).toContainText('Civil ID');
  await expect(row).toContainText('Gold card');

  // On a phone the table scrolls sideways, and the keyboard reaches it.
  await page.setViewportSize({ width: 390, height: 844 });
  const scroller = page.getByRole('region', { name: 'Staff actions' });
  await scroller.focus();
  await expect(scroller).toBeFocused();
  await page.keyboard.press('ArrowRight');
});
