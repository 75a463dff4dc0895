import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillDate } from './support/desk';

/**
 * The group blocks' newcomer journey, on a tablet in Arabic: a manager blocks six gold rooms for
 * three nights for the "Oman LNG delegation", definite, at the company's private corporate plan,
 * pastes a rooming list of six Arabic names (one a line, as copied from a spreadsheet) and sees
 * six rooms picked up on each of the three nights. The demo seeds the company and its plan; on a
 * database without them the journey makes them through the API first (as an admin would). It
 * runs in the site-settings stage, after every other journey: its eighteen room nights of gold
 * would otherwise leave fewer to sell in theirs.
 */
test.use({ viewport: { width: 820, height: 1180 } });

const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };
const MANAGER = { email: 'manager@example.com', password: 'change-me-manager' };
const COMPANY = 'Oman LNG';
const PLAN = 'corporate';
const PLAN_AR = 'أسعار الشركات';
const GROUP = 'Oman LNG delegation';
const GOLD_AR = 'الغرفة الذهبية';
const GUESTS = [
  'سالم بن راشد الهنائي',
  'مريم بنت سعيد البلوشية',
  'خالد بن علي الرواحي',
  'فاطمة بنت حمد الكندية',
  'عبدالله بن ناصر العامري',
  'شيخة بنت سالم الحارثية',
];

const hotelToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Muscat' }).format(new Date());
function addDays(iso: string, days: number) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const arabic = (n: number) => n.toLocaleString('ar-OM');

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.context().clearCookies();
  const login = await page.request.post('/api/auth/login', { data: who });
  expect(login.ok(), await login.text()).toBe(true);
}

/** The company and its private plan, as the demo seeds them: made here when the seed has not. */
async function companyAndPlan(page: Page) {
  await signIn(page, ADMIN);
  const plans = await page.request.get('/api/admin/rate-plans');
  expect(plans.ok(), await plans.text()).toBe(true);
  const { ratePlans } = (await plans.json()) as { ratePlans: { code: string }[] };
  if (!ratePlans.some((p) => p.code === PLAN)) {
    const made = await page.request.post('/api/admin/rate-plans', {
      data: {
        code: PLAN,
        nameAr: PLAN_AR,
        nameEn: 'Corporate',
        roomTypes: ['silver', 'gold', 'diamond', 'deluxe'],
        cancellation: { kind: 'free_until', hours: 48 },
        parentCode: 'standard',
        parentAdjustmentPercent: -15,
        public: false,
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
  }
  const accounts = await page.request.get('/api/admin/city-ledger');
  const { accounts: list } = (await accounts.json()) as { accounts: { name: string }[] };
  if (!list.some((a) => a.name === COMPANY)) {
    const made = await page.request.post('/api/admin/city-ledger', {
      data: { name: COMPANY, kind: 'company', ratePlanCodes: [PLAN], creditLimitBaisa: null },
    });
    expect(made.ok(), await made.text()).toBe(true);
  }
}

test('a newcomer blocks six gold rooms for a delegation, pastes its rooming list and sees them picked up', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const first = addDays(hotelToday(), 45);
  const last = addDays(first, 2);
  await companyAndPlan(page);
  await signIn(page, MANAGER);

  // 1. The groups screen, from the back office's dashboard.
  await page.goto('/admin');
  await page.locator('a[href="/admin/groups"]').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('المجموعات والكتل');

  // 2. The new block: definite, the company's private plan, six gold rooms for three nights.
  await page.getByRole('button', { name: 'كتلة جديدة' }).click();
  const form = page.getByRole('dialog');
  await expect(form.getByRole('heading', { name: 'كتلة مجموعة جديدة' })).toBeVisible();
  await form.getByLabel('اسم المجموعة', { exact: true }).fill(GROUP);
  await form.getByRole('button', { name: /الشركة/ }).click();
  await page.getByRole('option', { name: COMPANY, exact: true }).click();
  await form.getByRole('button', { name: /خطة الأسعار/ }).click();
  // A private plan is named as such: offered to the company's bookings only.
  await page.getByRole('option', { name: `${PLAN_AR} (خاصة)`, exact: true }).click();
  await form.getByText('مؤكدة', { exact: true }).click();
  await fillDate(page, 'تاريخ الإفراج', addDays(first, -7));
  await form.getByRole('button', { name: /نوع الغرفة/ }).click();
  await page.getByRole('option', { name: GOLD_AR, exact: true }).click();
  await fillDate(page, 'الليلة الأولى', first);
  await fillDate(page, 'الليلة الأخيرة', last);
  const rooms = form.getByRole('textbox', { name: 'الغرف', exact: true });
  await rooms.fill('٦');
  await rooms.press('Tab');
  await form.getByRole('button', { name: 'إنشاء الكتلة' }).click();

  // 3. The block's screen: held six a night, none picked up yet.
  await expect(page).toHaveURL(/\/admin\/groups\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(GROUP);
  await expect(page.getByTestId('group-state')).toHaveText('مؤكدة');
  const nights = page.getByTestId('group-night');
  await expect(nights).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    await expect(nights.nth(i).getByTestId('night-held')).toHaveText(arabic(6));
    await expect(nights.nth(i).getByTestId('night-picked-up')).toHaveText(arabic(0));
  }

  // 4. The rooming list pasted, one name a line (a name alone takes the block's one type).
  await page.getByRole('tab', { name: 'قائمة توزيع الغرف' }).click();
  await page.getByLabel('ألصق القائمة').fill(GUESTS.join('\n'));
  await page.getByRole('button', { name: 'إضافة الأسطر الملصقة' }).click();
  await expect(page.getByTestId('rooming-row')).toHaveCount(6);
  await expect(page.getByRole('textbox', { name: `اسم الضيف، السطر ${arabic(6)}` })).toHaveValue(GUESTS[5]!);
  await page.getByTestId('rooming-book').click();
  await expect(page.getByTestId('rooming-error')).toHaveCount(0);

  // 5. Six picked up each night, and the six guests in the block.
  await page.getByRole('tab', { name: 'الليالي والضيوف' }).click();
  for (let i = 0; i < 3; i++)
    await expect(nights.nth(i).getByTestId('night-picked-up')).toHaveText(arabic(6), { timeout: 15_000 });
  await expect(page.getByTestId('group-member')).toHaveCount(6);
  await expect(page.getByTestId('group-members')).toContainText(GUESTS[0]!);
  await expect(page.getByTestId('group-totals')).toHaveText(`${arabic(18)} / ${arabic(18)}`);
});
