import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import { bookingBody, fillDate, staffSignsIn } from './support/desk';
import { screenshot } from './support/screenshots';

/**
 * What staff see and do about online payments (docs/decisions/071-online-payments.md), against
 * the development worker's fake provider. A guest books the non-refundable rate and pays the whole
 * stay online (the booking's checkout and the provider's Pay, as its page would); staff find the
 * payment on /admin/payments on a tablet in Arabic (its amount in Arabic digits, the provider's
 * reference, paid), refund part of it through the provider with a reason (refused first without
 * one), are told the refund is asked of the provider, and see it refunded once the provider
 * confirms it, with the rest still refundable; then the same on a phone in English, and the tab
 * of refused webhooks. (Flags, filters, pages, the CSV and the check with the provider are proven
 * by worker/src/modules/payments/payments-admin.test.ts.)
 */
test.use({ viewport: { width: 820, height: 1180 } });

const MANAGER = { email: 'manager@example.com', password: 'change-me-manager' };

const arabicDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
/** An amount as the app writes it in Arabic ("٢٧٫٠٠٠ ر.ع."). */
const omrAr = (baisa: number) => `${arabicDigits((baisa / 1000).toFixed(3)).replace('.', '٫')}\u00a0ر.ع.`;
/** The part refunded: five rials. */
const PART = 5_000;

test('staff refund part of a paid online payment through the provider, in Arabic and in English', async ({
  page,
}, testInfo) => {
  const shot = (name: string) => screenshot(page, testInfo.outputPath(`${name}.png`), { fullPage: true });
  // The guest's booking and payment, from the guest's device (the booking's answer grants it).
  const made = await page.request.post('/api/booking-submissions?lang=ar', {
    data: bookingBody('هلال البوسعيدي', { ratePlan: 'non_refundable' }),
  });
  expect(made.status(), await made.text()).toBe(201);
  const { booking } = (await made.json()) as { booking: { id: number; reference: string } };
  const opened = await page.request.post(`/api/booking-submissions/${booking.id}/payments`, { data: {} });
  expect(opened.status(), await opened.text()).toBe(201);
  const { sessionId, checkoutUrl, amountBaisa } = (await opened.json()) as {
    sessionId: number;
    checkoutUrl: string;
    amountBaisa: number;
  };
  expect(amountBaisa).toBeGreaterThan(PART);
  const providerSessionId = new URL(checkoutUrl, 'http://localhost').pathname.split('/').pop()!;
  const paid = await page.request.post(`/api/dev/payments/${providerSessionId}/complete`, {
    data: { outcome: 'paid' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  // Staff find it by the booking's reference.
  await staffSignsIn(page);
  await page.goto('/admin/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'المدفوعات الإلكترونية' })).toBeVisible();
  const search = page.getByRole('search');
  await search.getByRole('textbox', { name: 'الحجز أو المرجع أو الضيف' }).fill(booking.reference);
  await search.getByRole('button', { name: 'بحث' }).click();
  const row = page.locator(`[data-testid="payment-row"][data-session="${sessionId}"]`);
  await expect(row).toHaveAttribute('data-status', 'paid');
  await expect(page.getByTestId('payment-row')).toHaveCount(1);
  await expect(row.getByTestId('payment-amount')).toHaveText(omrAr(amountBaisa));
  await expect(row.getByTestId('payment-state')).toHaveText('مدفوعة');
  // Thawani's payment id (the fake's are 14 digits, as the document's sample).
  await expect(row.getByTestId('payment-provider-ref')).toHaveText(/^\d{14}$/);
  await expect(row.getByTestId('payment-flag')).toHaveCount(0);
  await expectNoA11yViolations(page, 'online payments, ar 820');
  await shot('payments-ar-820');

  // A part refunded through the provider: the whole amount is filled in; a reason is required.
  await row.getByTestId('payment-refund').click();
  const dialog = page.getByTestId('refund-dialog');
  const amount = dialog.getByRole('textbox', { name: 'المبلغ (ر.ع.)' });
  await expect(amount).toHaveValue(arabicDigits((amountBaisa / 1000).toFixed(3)).replace('.', '٫'));
  await amount.fill('٥٫٠٠٠');
  await expectNoA11yViolations(page, 'refund dialog, ar 820');
  await shot('refund-dialog-ar-820');
  await dialog.getByTestId('refund-submit').click();
  await expect(dialog.getByText('اذكر سبب استرداد الدفعة')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'السبب' }).fill('خصم متفق عليه مع الضيف');
  await dialog.getByTestId('refund-submit').click();
  // Asked of the provider: the folio's refund line comes when the provider confirms it.
  await expect(page.getByText('أُرسل طلب الاسترداد إلى مزوّد الدفع، ويظهر في الحساب عند تأكيده')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // The provider confirms it (its webhook): refunded, nothing on its way, the rest still refundable.
  await expect(async () => {
    await page.reload();
    await search.getByRole('textbox', { name: 'الحجز أو المرجع أو الضيف' }).fill(booking.reference);
    await search.getByRole('button', { name: 'بحث' }).click();
    await expect(row.getByTestId('payment-refunded')).toHaveText(omrAr(PART), { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row.getByTestId('payment-refund-pending')).toHaveCount(0);
  await expect(row.getByTestId('payment-refund')).toBeVisible();
  await shot('payments-refunded-ar-820');

  // The same on a phone in English, and the refused webhooks' tab.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/payments?lang=en');
  await page
    .getByRole('search')
    .getByRole('textbox', { name: 'Booking, reference or guest' })
    .fill(booking.reference);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  await expect(row.getByTestId('payment-state')).toHaveText('Paid');
  await expect(row.getByTestId('payment-refunded')).toHaveText(/^OMR\s?5\.000$|^5\.000 OMR$/);
  await expectNoA11yViolations(page, 'online payments, en 390');
  await shot('payments-en-390');
  // A webhook forged in the provider's name (a wrong signature) is refused and listed for staff.
  const forgedId = `evt_forged_admin_${Date.now()}`;
  const forged = await page.request.post('/api/payments/webhooks/fake', {
    headers: {
      'thawani-timestamp': String(Math.floor(Date.now() / 1000)),
      'thawani-signature': 'ab'.repeat(32),
    },
    // Thawani's body: the refusal is listed under the payment it names.
    data: {
      data: { session_id: providerSessionId, payment_id: forgedId, amount: 1_000 },
      event_type: 'payment.succeeded',
    },
  });
  expect(forged.status()).toBe(401);
  await page.getByRole('tab', { name: 'Refused webhooks' }).click();
  const refused = page.getByTestId('refused-event').filter({ hasText: forgedId });
  await expect(refused).toContainText('The signature is wrong (not from the provider)');
  await shot('refused-webhooks-en-390');

  // A manager checks today with the provider (nothing of this payment needs anyone), and reads the
  // payment on its day's report, one by one beside the sums.
  const login = await page.request.post('/api/auth/login', { data: MANAGER });
  expect(login.ok(), await login.text()).toBe(true);
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto('/admin/payments?lang=ar');
  await page.getByTestId('payments-reconcile').click();
  const check = page.getByTestId('reconcile-dialog');
  await check.getByRole('button', { name: 'تحقّق من هذا اليوم' }).click();
  await expect(check.getByTestId('reconcile-result')).toContainText('المدفوعات التي تم التحقق منها');
  await expect(check.getByTestId('reconcile-result')).not.toContainText(booking.reference.slice(0, 3));
  await expectNoA11yViolations(page, 'check with the provider, ar 820');
  await shot('reconcile-ar-820');
  await page.keyboard.press('Escape');

  const folio = (await (await page.request.get(`/api/booking-submissions/${booking.id}/folio`)).json()) as {
    lines: { kind: string; method: string | null; businessDate: string }[];
  };
  const line = folio.lines.find((l) => l.kind === 'payment' && l.method === 'online')!;
  await page.goto('/admin/day-close');
  const dateField = page.getByRole('group', { name: 'تاريخ العمل', exact: true }).getByRole('spinbutton');
  await expect(dateField).toHaveCount(3);
  await fillDate(page, 'تاريخ العمل', line.businessDate);
  const online = page.getByTestId('day-close-online-payments');
  const shown = online.locator('tr', {
    hasText: `${booking.reference.slice(0, 3)}-${booking.reference.slice(3)}`,
  });
  await expect(shown).toContainText(omrAr(amountBaisa));
  await expect(shown).toContainText(/\d{14}/);
  await expectNoA11yViolations(page, 'day close with online payments, ar 820');
  await shot('day-close-online-ar-820');
});
