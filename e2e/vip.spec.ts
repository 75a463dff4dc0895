import { expect, test } from './fixtures';
import { uniqueSuffix, staffSignsIn } from './support/desk';

/**
 * VIP cards: the guest hand-off to WhatsApp on the landing page, and the
 * front desk registering a card holder and recording free coffees and nights
 * (the server enforces the 24 hours and the allowance).
 */

function hotelToday() {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Muscat',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

test('the landing page shows the three VIP cards, each handing off to WhatsApp with a prefilled message', async ({
  page,
}) => {
  // The hotel's WhatsApp number is the admin's site setting, digits only in the link.
  const settings = (await (await page.request.get('/api/site-settings')).json()) as {
    whatsappNumber: string;
  };
  const HOTEL_WHATSAPP = settings.whatsappNumber.replace(/\D/g, '');
  expect(HOTEL_WHATSAPP.length).toBeGreaterThanOrEqual(8);
  await page.goto('/');
  const cards = page.locator('[data-testid^="vip-card-"]');
  await expect(cards).toHaveCount(3);
  await expect(page.getByTestId('vip-card-gold')).toContainText('الأكثر شعبية');
  await expect(page.getByTestId('vip-card-silver').getByTestId('vip-price')).toHaveText('٥٠٫٠٠٠ ر.ع.');

  for (const id of ['silver', 'gold', 'elite']) {
    const link = page.getByTestId(`vip-card-${id}`).getByRole('link');
    await expect(link).toHaveAttribute('href', new RegExp(`^https://wa\\.me/${HOTEL_WHATSAPP}\\?text=`));
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
  const goldHref = await page.getByTestId('vip-card-gold').getByRole('link').getAttribute('href');
  const text = decodeURIComponent(goldHref!.split('text=')[1]!);
  expect(text).toContain('البطاقة الذهبية');
  expect(text).toContain('١٠٠٫٠٠٠\u00a0ر.ع.');
});

test.describe('front desk on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 } });

  test('staff add a Silver card holder and record a free coffee and its one free night, within the limits', async ({
    page,
  }) => {
    const name = `مستفيد تجريبي ${uniqueSuffix()}`;
    await staffSignsIn(page);
    await page.goto('/admin/vip');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('إدارة بطاقات VIP');

    // The form checks before sending.
    const addPanel = page.getByRole('tabpanel');
    await addPanel.getByRole('button', { name: 'إضافة مستفيد' }).click();
    await expect(addPanel.getByText('يرجى اختيار نوع البطاقة').first()).toBeVisible();

    await addPanel.getByLabel('الاسم الكامل').fill(name);
    await addPanel.getByLabel('رقم الهاتف').fill('9123 4567');
    await addPanel.getByLabel('الرقم المدني').fill(`${Date.now()}`.slice(-8));
    await addPanel.getByRole('button', { name: /نوع البطاقة/ }).click();
    await page.getByRole('option', { name: 'البطاقة الفضية' }).click();
    // The start date is today unless chosen otherwise.
    await expect(addPanel.locator('input[type="hidden"][name$="startDate"]')).toHaveValue(hotelToday());
    await addPanel.getByRole('button', { name: 'إضافة مستفيد' }).click();
    await expect(page.getByText('تمت إضافة المستفيد بنجاح!')).toBeVisible();

    // The list opens with the new holder expanded.
    await expect(page.getByRole('tab', { name: /إدارة المستفيدين/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByLabel('البحث في المستفيدين').fill(name);
    const item = page.getByTestId('vip-beneficiary').filter({ hasText: name });
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('vip-status')).toHaveText('سارية');
    await expect(item.getByTestId('vip-coffees-used')).toHaveText('٠ من ١٥');
    await expect(item.getByTestId('vip-nights-used')).toHaveText('٠ من ١');

    // One free coffee; a second within 24 hours is refused by the server.
    await item.getByRole('button', { name: 'استخدام قهوة مجانية' }).click();
    let dialog = page.getByRole('dialog', { name: 'استخدام قهوة مجانية؟' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'تسجيل' }).click();
    await expect(page.getByText('تم تسجيل القهوة المجانية', { exact: true })).toBeVisible();
    await expect(item.getByTestId('vip-coffees-used')).toHaveText('١ من ١٥');

    await item.getByRole('button', { name: 'استخدام قهوة مجانية' }).click();
    dialog = page.getByRole('dialog', { name: 'استخدام قهوة مجانية؟' });
    await dialog.getByRole('button', { name: 'تسجيل' }).click();
    await expect(page.getByText(/يجب الانتظار ٢٤ ساعة|Must wait 24 hours/)).toBeVisible();
    await expect(item.getByTestId('vip-coffees-used')).toHaveText('١ من ١٥');

    // A Silver card has one free night.
    await item.getByRole('button', { name: 'استخدام ليلة مجانية' }).click();
    dialog = page.getByRole('dialog', { name: 'استخدام ليلة مجانية؟' });
    await dialog.getByRole('button', { name: 'تسجيل' }).click();
    await expect(page.getByText('تم تسجيل الليلة المجانية', { exact: true })).toBeVisible();
    await expect(item.getByTestId('vip-nights-used')).toHaveText('١ من ١');

    await item.getByRole('button', { name: 'استخدام ليلة مجانية' }).click();
    dialog = page.getByRole('dialog', { name: 'استخدام ليلة مجانية؟' });
    await dialog.getByRole('button', { name: 'تسجيل' }).click();
    await expect(page.getByText(/تم الوصول إلى الحد الأقصى|Maximum limit reached/)).toBeVisible();
    await expect(item.getByTestId('vip-nights-used')).toHaveText('١ من ١');

    // The server agrees.
    const list = (await (await page.request.get('/api/vip-beneficiaries')).json()) as {
      fullName: string;
      coffeesUsed: number;
      freeNightsUsed: number;
      cardType: string;
    }[];
    expect(list.find((b) => b.fullName === name)).toMatchObject({
      cardType: 'silver',
      coffeesUsed: 1,
      freeNightsUsed: 1,
    });
  });
});
