import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { bookingConfirmation } from './support/booking-confirmation';
import { choose, fillStay, STAY_LABEL } from './support/desk';
import { screenshot, SCREENSHOTS_ONLY } from './support/screenshots';

/**
 * A guest books on a rate plan, on a phone in Arabic: a night far ahead given its own
 * price and a two-night minimum stay by an admin (PUT /api/admin/rates), shown in the calendar on
 * that night in Arabic-Indic digits with its mark; a one-night stay from it is refused in words
 * under the dates and not sent; two nights on the non-refundable plan (standard less 10 %, night
 * by night) are booked at the quoted total, which the confirmation shows with the plan's rule.
 * Gold rooms from 2036 on, which no other journey books.
 */

const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };
const OWN_PRICE = 30_000;

/** A night in 2036 or 2037, different per run (each run books two nights of it). */
function farNight(offset = 0): string {
  const d = new Date(Date.UTC(2036, 0, 1));
  d.setUTCDate(d.getUTCDate() + (Math.floor(Date.now() / 60_000) % 700) + offset);
  return d.toISOString().slice(0, 10);
}
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
const dayAfter = (date: string, n = 1) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The night's own price and a two-night minimum stay on plan standard, written by an admin. */
async function priceTheNight(request: APIRequestContext, night: string) {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const saved = await request.put('/api/admin/rates', {
    data: {
      ratePlan: 'standard',
      roomType: 'gold',
      from: night,
      to: night,
      priceBaisa: OWN_PRICE,
      minStay: 2,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

async function openGoldForm(page: Page, name: RegExp) {
  await page
    .getByTestId('room-tier-gold')
    .getByRole('button', { name: /^(احجز الآن|Book Now)/ })
    .click();
  const form = page.getByRole('dialog', { name });
  await expect(form).toBeVisible();
  return form;
}

test('in Arabic on a phone: a night’s own price and minimum stay in the calendar, then two nights on the non-refundable rate', async ({
  page,
  request,
}) => {
  const night = farNight();
  await priceTheNight(request, night);
  // The standard plan's two nights as the server prices them; non-refundable is each less 10 %.
  const standard = (await (
    await request.get(
      `/api/quote?roomType=gold&ratePlan=standard&checkInDate=${night}&checkOutDate=${dayAfter(night, 2)}&numberOfGuests=2`,
    )
  ).json()) as { nights: { priceBaisa: number }[] };
  expect(standard.nights[0]!.priceBaisa).toBe(OWN_PRICE);
  const expected = standard.nights.reduce((sum, n) => sum + Math.round(n.priceBaisa * 0.9), 0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const form = await openGoldForm(page, /^احجز الغرفة الذهبية/);
  await form.getByLabel('الاسم الكامل').fill('سعيد الرواحي');
  await form.getByLabel('رقم الهوية').fill('٣٣٤٤٥٥٦');
  await form.getByLabel('رقم الهاتف').fill('٩٣٣٤٤٥٥٦');
  await choose(form, { name: /^لغير المدخنين/ });
  await choose(form, { name: /^مزدوج/ });

  // One night from the priced night: the server's sentence under the dates, and no price.
  // (The quote's answer is checked first, so that a failure names what the server said.)
  const oneNight = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/quote' &&
      url.searchParams.get('ratePlan') === 'standard' &&
      url.searchParams.get('checkInDate') === night &&
      url.searchParams.get('checkOutDate') === dayAfter(night)
    );
  });
  await fillStay(page, STAY_LABEL.ar, night, dayAfter(night));
  const refused = await oneNight;
  expect(refused.status(), await refused.text()).toBe(422);
  await expect(
    form.getByText('أقل مدة إقامة لهذا الوصول ليلتين'),
    `the form, with the server's refusal of one night: ${await form.innerText()}`,
  ).toBeVisible();
  await expect(form.getByTestId('price-total')).toHaveCount(0);
  // The standard plan is chosen first; the calendar shows the night's own price and its mark.
  await expect(form.getByRole('radio', { name: /^السعر المرن/ })).toBeChecked();
  await form.getByRole('button', { name: /^التقويم/ }).click();
  await expect(page.getByTestId(`night-${night}`)).toHaveAttribute('data-night', '٣٠٫٠٠٠');
  await expect(page.getByTestId(`mark-${night}`)).toHaveAttribute('data-mark', '٢+');
  // Its prices are for two guests, the Arabic dual after "for" in the genitive: "لضيفين".
  await expect(page.getByText(/^الأسعار بالريال العماني لليلة الواحدة لضيفين\. /)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(form).toBeVisible();
  // Confirm sends nothing: the form stays, the sentence with it.
  await form.getByRole('button', { name: 'تأكيد الحجز' }).click();
  await expect(form.getByText('أقل مدة إقامة لهذا الوصول ليلتين')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'تم إرسال طلب الحجز' })).toHaveCount(0);

  // Two nights on the non-refundable plan: its price for the stay, then the nightly breakdown.
  await fillStay(page, STAY_LABEL.ar, night, dayAfter(night, 2));
  await expect(form.getByText('أقل مدة إقامة لهذا الوصول ليلتين')).toHaveCount(0);
  const nonRefundable = form.getByRole('radio', { name: /^سعر غير قابل للاسترداد/ });
  await expect(nonRefundable).toHaveAccessibleName(/غير قابل للاسترداد: لا يُسترد شيء إذا ألغيت/);
  await choose(form, { name: /^سعر غير قابل للاسترداد/ });
  // The form's policy says first what the chosen rate allows.
  await expect(form.getByTestId('chosen-rate-rule')).toContainText('السعر الذي اخترته غير قابل للاسترداد');
  const total = `${arabicDigits((expected / 1000).toFixed(3)).replace('.', '٫')} ر.ع.`;
  await expect(form.getByTestId('rate-plan-price-non_refundable')).toContainText(total);
  await expect(form.getByTestId('price-total')).toHaveText(total);
  await expect(form.getByTestId(`price-night-${night}`)).toContainText('٢٧٫٠٠٠ ر.ع.');
  // Only the chosen plan's terms: the whole stay due now, paid online, confirmed once paid (never
  // "paid in cash at the hotel"), and its rule alone, without the site's free cancellation beside it.
  await expect(form.getByTestId('price-payment')).toHaveText(
    `المستحق الآن: قيمة الإقامة كاملة، ${total}، تُدفع إلكترونياً بعد الحجز. يُؤكَّد حجزك فور دفعه.`,
  );
  await expect(form.getByTestId('price-box')).not.toContainText('نقداً');
  await expect(form.getByTestId('cancellation-policy').locator('p')).toHaveCount(1);
  await form.getByTestId('price-box').scrollIntoViewIfNeeded();
  await screenshot(page, '/tmp/shots-rates/form-ar-390.png');

  await form.getByRole('button', { name: 'تأكيد الحجز' }).click();
  const confirmation = await bookingConfirmation(page, 'تم إرسال طلب الحجز');
  await expect(confirmation.getByTestId('confirmation-total')).toHaveText(total);
  await expect(confirmation.getByTestId('booking-rate-name')).toHaveText('سعر غير قابل للاسترداد');
  await expect(confirmation.getByTestId('booking-rate-rule')).toHaveText(
    'غير قابل للاسترداد: لا يُسترد شيء إذا ألغيت',
  );
  await expect(confirmation.getByTestId('booking-night-prices')).toContainText('٢٧٫٠٠٠ ر.ع.');
  // The demo's non-refundable rate confirms on payment: said so, not "we will confirm it soon".
  await expect(confirmation).toContainText('يُؤكَّد حجزك فور دفعه.');
  await expect(confirmation).not.toContainText('سنؤكده قريباً');
  await expect(confirmation.getByTestId('confirmation-on-payment')).toBeVisible();
  await screenshot(confirmation, '/tmp/shots-rates/confirmation-ar-390.png');

  // The booking's page keeps the plan, its nights and its rule; it cannot be changed (a line says
  // why), and cancelling it is said to refund nothing before the guest confirms.
  await confirmation.getByRole('link', { name: 'إدارة هذا الحجز' }).click();
  const managed = page.getByTestId('managed-booking');
  await expect(managed.getByTestId('booking-rate-name')).toHaveText('سعر غير قابل للاسترداد');
  await expect(managed.getByTestId('booking-night-prices')).toContainText('٢٧٫٠٠٠ ر.ع.');
  await expect(managed.getByTestId('non-refundable-no-change')).toBeVisible();
  await expect(managed.getByRole('button', { name: 'تعديل الحجز' })).toHaveCount(0);
  await managed.getByRole('button', { name: 'إلغاء الحجز' }).click();
  const cancel = page.getByRole('dialog', { name: 'إلغاء هذا الحجز؟' });
  await expect(cancel.getByTestId('cancel-non-refundable')).toHaveText(
    'هذا الحجز غير قابل للاسترداد: إذا ألغيته فلن يُسترد شيء.',
  );
  await screenshot(page, '/tmp/shots-rates/cancel-non-refundable-ar-390.png');
  await cancel.getByRole('button', { name: 'نعم، ألغِ الحجز' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText(/ملغى|ملغي/);
});

test(
  'screenshots: the form with its plans, calendar and breakdown, in Arabic and English at 390 and 820 px',
  SCREENSHOTS_ONLY,
  async ({ page, request }) => {
    const night = farNight(3);
    await priceTheNight(request, night);
    for (const language of ['ar', 'en'] as const) {
      for (const width of [390, 820]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 1180 });
        await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
        await page.goto('/');
        const form = await openGoldForm(
          page,
          language === 'ar' ? /^احجز الغرفة الذهبية/ : /^Book the Gold Room/,
        );
        await fillStay(page, STAY_LABEL[language], night, dayAfter(night, 2));
        await expect(form.getByTestId('price-total')).toBeVisible();
        await form.getByTestId('rate-plans').scrollIntoViewIfNeeded();
        await screenshot(page, `/tmp/shots-rates/plans-${language}-${width}.png`);
        await form.getByTestId('price-box').scrollIntoViewIfNeeded();
        await screenshot(page, `/tmp/shots-rates/price-${language}-${width}.png`);
        await form.getByRole('button', { name: language === 'ar' ? /^التقويم/ : /^Calendar/ }).click();
        await page.getByTestId(`night-${night}`).click();
        await screenshot(page, `/tmp/shots-rates/calendar-${language}-${width}.png`);
        await page.keyboard.press('Escape');
        await fillStay(page, STAY_LABEL[language], night, dayAfter(night));
        await expect(form.getByTestId('price-box')).not.toContainText(/\d|[٠-٩]/);
        await form.getByRole('group', { name: STAY_LABEL[language], exact: true }).scrollIntoViewIfNeeded();
        await screenshot(page, `/tmp/shots-rates/refused-${language}-${width}.png`);
        await page
          .getByRole('button', { name: language === 'ar' ? 'إغلاق' : 'Close' })
          .first()
          .click();
      }
    }
  },
);
