import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { bookingConfirmation } from './support/booking-confirmation';
import { choose, fillStay, STAY_LABEL } from './support/desk';
import { screenshot } from './support/screenshots';

/**
 * Online payments from the guest's side, on a phone in Arabic (docs/decisions/071-online-payments.md),
 * against the development worker's fake provider, Thawani's stand-in: its payment page
 * `/dev/pay/:id?key=` and its signed webhooks, real HTTP requests through the whole app.
 *
 * A newcomer books the non-refundable rate in the booking form, is told the whole stay is due now,
 * pays it on the provider's page and comes back to "payment received" and the online payment on
 * the bill. A guest on a flexible rate with a deposit (a plan an admin makes through the API) pays
 * the deposit, cancels within the free period and sees the refund confirmed by the provider; a
 * webhook with a wrong signature is refused (401) and changes nothing on the bill. Diamond rooms
 * in 2039-2040, which no other journey books.
 */

const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };
/** The flexible plan with a deposit (free cancellation until a day before, the first night paid ahead). */
const DEPOSIT_PLAN = {
  code: 'deposit_flex',
  nameAr: 'مرن مع عربون',
  nameEn: 'Flexible with deposit',
  roomTypes: ['diamond'],
  breakfastIncluded: false,
  cancellation: { kind: 'free_until', hours: 24 },
  deposit: { kind: 'first_night' },
  parentCode: 'standard',
  parentAdjustmentPercent: 0,
  sortOrder: 9,
};

/** A night in 2039 or 2040, different per run and per `slot`. */
function farNight(slot: number): string {
  const d = new Date(Date.UTC(2039, 0, 1));
  d.setUTCDate(d.getUTCDate() + ((Math.floor(Date.now() / 60_000) * 7 + slot * 3) % 700));
  return d.toISOString().slice(0, 10);
}
const dayAfter = (date: string, n = 1) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
/** An amount as the app writes it in Arabic ("٢٧٫٠٠٠ ر.ع."). */
const omrAr = (baisa: number) => `${arabicDigits((baisa / 1000).toFixed(3)).replace('.', '٫')}\u00a0ر.ع.`;
/** Arabic-Indic digits and decimal mark back to Latin ("٢٧٫٠٠٠" -> "27.000"). */
const latinDigits = (text: string) =>
  text.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace('٫', '.');
const freshPhone = () => `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

/** The fake provider's page: its Pay button, then back on the booking's page with the session named. */
async function payOnProviderPage(page: Page, amount: string) {
  // Thawani's page address: the session, the publishable key (and the fake's language).
  await page.waitForURL(/\/dev\/pay\/[^/?]+\?key=[\w-]+(&lang=\w+)?$/);
  const providerSessionId = new URL(page.url()).pathname.split('/').pop()!;
  // The provider's own page, in the provider's words (its digits may be Latin).
  await expect(page.locator('.amount')).toContainText(
    new RegExp(`${amount}|${latinDigits(amount).replace('\u00a0ر.ع.', '').replace('.', '\\.')}`),
  );
  await screenshot(page, '/tmp/shots-payments/provider-ar-390.png');
  await page.locator('button[value="paid"]').click();
  await page.waitForURL(/\/booking\/[A-Z0-9]+\?payment=\d+$/);
  return providerSessionId;
}

/** The plan with a deposit, made (or set again) by an admin through the API. */
async function depositPlan(request: APIRequestContext) {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const made = await request.post('/api/admin/rate-plans', { data: DEPOSIT_PLAN });
  if (made.status() === 409) {
    const { code: _code, ...fields } = DEPOSIT_PLAN;
    const set = await request.patch(`/api/admin/rate-plans/${DEPOSIT_PLAN.code}`, {
      data: { ...fields, active: true },
    });
    expect(set.ok(), await set.text()).toBe(true);
  } else {
    expect(made.status(), await made.text()).toBe(201);
  }
}

test('in Arabic on a phone: a newcomer books the non-refundable rate, pays the whole stay on the provider’s page, and sees it on the bill', async ({
  page,
}) => {
  const night = farNight(0);
  const email = `payer-${Date.now().toString(36)}@example.com`;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page
    .getByTestId('room-tier-diamond')
    .getByRole('button', { name: /^احجز الآن/ })
    .click();
  const form = page.getByRole('dialog', { name: /^احجز الغرفة الماسية/ });
  await expect(form).toBeVisible();
  await form.getByLabel('الاسم الكامل').fill('منى الهنائية');
  await form.getByLabel('رقم الهوية').fill('٧٧٦٦٥٥٤');
  await form.getByLabel('رقم الهاتف').fill(arabicDigits(freshPhone()));
  await form.getByLabel('البريد الإلكتروني للتأكيد (اختياري)').fill(email);
  // The stay's dates before the preferences: until then the form offers tonight's rooms, and the
  // other journeys may have taken tonight's non-smoking ones of this type.
  await fillStay(page, STAY_LABEL.ar, night, dayAfter(night, 2));
  await choose(form, { name: /^لغير المدخنين/ });
  await choose(form, { name: /^مزدوج/ });

  // Each rate says what it asks in advance; the non-refundable one, the whole stay.
  await expect(form.getByTestId('rate-plan-deposit-standard')).toHaveText('بلا عربون: الدفع في الفندق');
  await choose(form, { name: /^سعر غير قابل للاسترداد/ });
  await expect(form.getByTestId('rate-plan-deposit-non_refundable')).toHaveText(
    'تُدفع قيمة الإقامة كاملة مقدماً',
  );
  await form.getByTestId('rate-plans').scrollIntoViewIfNeeded();
  await screenshot(page, '/tmp/shots-payments/plans-ar-390.png');
  const total = (await form.getByTestId('price-total').textContent())!;
  expect(total).toMatch(/^[٠-٩]+٫[٠-٩]{3}\u00a0ر\.ع\.$/);
  await form.getByRole('button', { name: 'تأكيد الحجز' }).click();

  // The booking is made; the confirmation says what is due now and offers to pay it.
  const confirmation = await bookingConfirmation(page, 'تم إرسال طلب الحجز');
  const due = confirmation.getByTestId('confirmation-due-now');
  await expect(due).toContainText('المستحق الآن (قيمة الإقامة كاملة)');
  await expect(due.getByTestId('confirmation-due-now-amount')).toHaveText(total);
  await screenshot(confirmation, '/tmp/shots-payments/confirmation-ar-390.png');
  await due.getByRole('button', { name: `ادفع ${total} الآن` }).click();

  await payOnProviderPage(page, total);
  const section = page.getByTestId('booking-payment');
  await expect(section.getByTestId('payment-received')).toHaveText(`تم استلام دفعتك، شكراً لك: ${total}`);
  await expect(section.getByTestId('payment-paid')).toContainText(total);
  await expect(section.getByTestId('pay-now')).toHaveCount(0);
  // Paid in full on a plan that confirms on payment (the demo's non-refundable rate): confirmed at once.
  await expect(page.getByTestId('booking-status')).toContainText('مؤكد');
  // Never "ر.ع.." (the currency's full stop doubled by a sentence's).
  expect(await section.textContent()).not.toContain('ر.ع..');
  // The online payment is a line of the bill, and nothing is left to pay.
  const bill = page.getByTestId('booking-bill');
  await expect(bill.locator('[data-testid="folio-line"][data-kind="payment"]')).toContainText('عبر الإنترنت');
  await screenshot(page, '/tmp/shots-payments/paid-ar-390.png', { fullPage: true });

  // The booking's e-mail, written when it was made, said the same, with a button to pay.
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
        const mails = res.ok() ? ((await res.json()) as { text: string }[]) : [];
        return mails.some(
          (m) =>
            m.text.includes(`المستحق الآن (قيمة الإقامة كاملة): ${total}`) &&
            m.text.includes(`ادفع ${total} الآن`),
        );
      },
      { timeout: 15_000 },
    )
    .toBe(true);
});

test('in Arabic on a phone: a flexible rate’s deposit paid, then the booking cancelled in the free period: the provider refunds it; a forged webhook changes nothing', async ({
  page,
  request,
}) => {
  await depositPlan(request);
  const night = farNight(5);
  await page.setViewportSize({ width: 390, height: 844 });
  // Booked through the API as this phone (the booking form has its journey above): the answer
  // grants this device the booking, as after the form.
  const made = await page.request.post('/api/booking-submissions?lang=ar', {
    data: {
      fullName: 'يوسف الشكيلي',
      phoneNumber: freshPhone(),
      idNumber: '5566778',
      roomType: 'diamond',
      bedType: 'double',
      smokingPreference: 'non_smoking',
      numberOfGuests: 2,
      ratePlan: DEPOSIT_PLAN.code,
      checkInDate: night,
      checkOutDate: dayAfter(night, 3),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { booking } = (await made.json()) as {
    booking: { id: number; reference: string; nightPrices: { priceBaisa: number }[] };
  };
  const deposit = omrAr(booking.nightPrices[0]!.priceBaisa);

  await page.goto(`/booking/${booking.reference}`);
  const section = page.getByTestId('booking-payment');
  await expect(section.getByTestId('payment-due-now')).toContainText('العربون المستحق الآن');
  await expect(section.getByTestId('payment-due-now')).toContainText(deposit);
  await expect(section.getByTestId('payment-left')).toContainText('المتبقي للدفع في الفندق');
  await screenshot(page, '/tmp/shots-payments/deposit-due-ar-390.png', { fullPage: true });
  await expectNoA11yViolations(page, 'booking page with a deposit due, ar');
  // Offline, paying waits for the connection and says so.
  const pay = section.getByRole('button', { name: `ادفع ${deposit} الآن` });
  await page.context().setOffline(true);
  await expect(pay).toBeDisabled();
  await expect(section.getByTestId('pay-offline')).toHaveText(
    'لا يوجد اتصال بالإنترنت: اتصل بالإنترنت لتتمكن من الدفع.',
  );
  await page.context().setOffline(false);
  await pay.click();

  const providerSessionId = await payOnProviderPage(page, deposit);
  await expect(section.getByTestId('payment-received')).toContainText(deposit);
  const bill = page.getByTestId('booking-bill');
  const payments = bill.locator('[data-testid="folio-line"][data-kind="payment"]');
  await expect(payments).toHaveCount(1);
  await expect(payments).toContainText('عبر الإنترنت');
  // The rest of the stay is paid at the hotel, or online now.
  await expect(section.getByRole('button', { name: /^ادفع المبلغ المتبقي/ })).toBeVisible();

  // Cancelled within the free period: the deposit goes back through the provider, and the refund
  // line is posted when the provider confirms it (its webhook).
  await page.getByRole('button', { name: 'إلغاء الحجز' }).click();
  const cancel = page.getByRole('dialog', { name: 'إلغاء هذا الحجز؟' });
  // Said before the guest confirms: the deposit goes back through the provider.
  await expect(cancel.getByTestId('cancel-refund-online')).toContainText(`يعود المبلغ ${deposit}`);
  await screenshot(page, '/tmp/shots-payments/cancel-refund-ar-390.png');
  await cancel.getByRole('button', { name: 'نعم، ألغِ الحجز' }).click();
  await expect(page.getByTestId('booking-status')).toContainText('ملغ');
  const refund = section.getByTestId('payment-refund');
  await expect(refund).toHaveAttribute('data-status', 'succeeded', { timeout: 20_000 });
  await expect(refund).toContainText(`تم استرداد ${deposit}`);
  await expect(bill.locator('[data-testid="folio-line"][data-kind="refund"]')).toHaveCount(1);
  await screenshot(page, '/tmp/shots-payments/refunded-ar-390.png', { fullPage: true });

  // A webhook with a wrong signature, from anyone: refused, and nothing on the bill changes.
  const folio = async () =>
    (await (await page.request.get(`/api/booking-submissions/${booking.id}/folio`)).json()) as {
      balanceBaisa: number;
      lines: unknown[];
    };
  const before = await folio();
  const forged = await request.post('/api/payments/webhooks/fake', {
    headers: {
      'thawani-timestamp': String(Math.floor(Date.now() / 1000)),
      'thawani-signature': 'ab'.repeat(32),
    },
    data: {
      data: { session_id: providerSessionId, payment_id: `pay_forged_${Date.now()}`, amount: 1_000 },
      event_type: 'payment.succeeded',
    },
  });
  expect(forged.status()).toBe(401);
  expect(await folio()).toEqual(before);
});
