import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerGuest } from './support/guests';
import { screenshot } from './support/screenshots';

/**
 * The assistant on a phone in Arabic: a question the hotel's Q&A answers,
 * a room booked in conversation, the conversation still there after a reload, and
 * the booking in My bookings. With no language model configured (the default).
 */
const SHOTS = '/tmp/shots-assistant';
mkdirSync(SHOTS, { recursive: true });

const AR_MONTHS = [
  'يناير',
  'فبراير',
  'مارس',
  'أبريل',
  'مايو',
  'يونيو',
  'يوليو',
  'أغسطس',
  'سبتمبر',
  'أكتوبر',
  'نوفمبر',
  'ديسمبر',
];
const toArabicIndic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** Two nights in a month four months ahead, on days that differ per run. */
function farStay() {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Muscat' }).format(new Date());
  const d = new Date(`${today.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 4);
  const day = 3 + (Math.floor(Date.now() / 1000) % 20);
  const iso = (n: number) => `${d.toISOString().slice(0, 8)}${String(n).padStart(2, '0')}`;
  return { from: day, to: day + 2, month: d.getUTCMonth(), checkIn: iso(day), checkOut: iso(day + 2) };
}

/** Types a message and sends it with Enter; waits for the assistant's answer and returns it. */
async function ask(page: Page, message: string) {
  const chat = page.getByTestId('assistant-modal');
  const before = await chat.getByTestId('chat-message-assistant').count();
  await chat.getByTestId('chat-input').fill(message);
  await chat.getByTestId('chat-input').press('Enter');
  await expect(chat.getByTestId('chat-message-assistant')).toHaveCount(before + 1);
  return chat.getByTestId('chat-message-assistant').last();
}

test('(ar, phone) the assistant answers from the hotel Q&A, books a room in conversation, and the booking is in My bookings', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const fullName = `سالم البلوشي ${Date.now() % 100000}`;
  await registerGuest(page.request, fullName);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('landing-card-assistant').click();
  const chat = page.getByRole('dialog', { name: 'المساعد الذكي' });
  await expect(chat.getByText('ابدأ محادثة جديدة')).toBeVisible();
  // Nothing empty is sent; Shift+Enter starts a new line instead of sending.
  await expect(chat.getByTestId('chat-send')).toBeDisabled();
  await chat.getByTestId('chat-input').fill('   ');
  await expect(chat.getByTestId('chat-send')).toBeDisabled();
  await chat.getByTestId('chat-input').fill('سطر');
  await chat.getByTestId('chat-input').press('Shift+Enter');
  await expect(chat.getByTestId('chat-message-user')).toHaveCount(0);
  await expect(chat.getByTestId('chat-input')).toHaveValue('سطر\n');

  // The hotel's own answer, whatever the spelling.
  await expect(await ask(page, 'هل يوجد موقف سيارات؟')).toContainText('مواقف السيارات مجانية');
  await screenshot(page, `${SHOTS}/assistant-qa-390-ar.png`);

  // A booking in conversation: the first sentence says most of it, in Arabic-Indic digits.
  const stay = farStay();
  const first = await ask(
    page,
    toArabicIndic(`أريد حجز غرفة فضية من ${stay.from} إلى ${stay.to} ${AR_MONTHS[stay.month]} لشخصين`),
  );
  await expect(first).toContainText('سرير');
  await ask(page, 'مزدوج');
  await ask(page, 'غير مدخن');
  await ask(page, fullName);
  await ask(page, '٩٣٤٥٦٧٨٩');
  const summary = await ask(page, '٨٧٦٥٤٣٢١');
  // The server's total: 2 nights x 12.600 OMR, in Arabic digits.
  await expect(summary).toContainText('٢٥٫٢٠٠');
  await screenshot(page, `${SHOTS}/assistant-summary-390-ar.png`);
  await expect(await ask(page, 'نعم')).toContainText('تم إرسال طلب الحجز بنجاح');

  // The conversation survives closing the modal and a reload.
  await chat.getByRole('button', { name: 'إغلاق' }).click();
  await page.reload();
  await page.getByTestId('landing-card-assistant').click();
  await expect(
    page.getByTestId('assistant-modal').getByTestId('chat-message-assistant').last(),
  ).toContainText('تم إرسال طلب الحجز بنجاح');
  await page.getByRole('dialog', { name: 'المساعد الذكي' }).getByRole('button', { name: 'إغلاق' }).click();

  // The booking is the guest's, pending, in My bookings.
  await page.getByRole('button', { name: 'حجوزاتي' }).click();
  const panel = page.getByRole('dialog', { name: 'حجوزاتي' });
  await panel.getByRole('tab', { name: 'الحجوزات الحالية' }).click();
  const card = panel.locator('[data-testid^="my-booking-"]');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('booking-status')).toHaveText('قيد الانتظار');
  await expect(card).toContainText('الغرفة الفضية');
  await expect(card).toContainText('93456789');

  // Staff read what the assistant told the guest, from the booking.
  const staffContext = await browser.newContext({ baseURL, viewport: { width: 820, height: 1180 } });
  await staffContext.addInitScript(() => localStorage.setItem('language', 'en'));
  const staff = await staffContext.newPage();
  expect(
    (
      await staff.request.post('/api/auth/login', {
        data: { email: 'staff@example.com', password: 'change-me-staff' },
      })
    ).ok(),
  ).toBe(true);
  await staff.goto('/admin/bookings');
  await staff.getByLabel('Search bookings').fill(fullName);
  const staffCard = staff.getByRole('tabpanel').getByTestId('booking-card').filter({ hasText: fullName });
  await expect(staffCard).toContainText('Booked with the assistant');
  await staffCard.getByTestId('booking-conversation').click();
  const conversation = staff.getByRole('dialog', { name: 'Conversation with the assistant' });
  await expect(conversation.getByTestId('assistant-conversation')).toContainText('هل يوجد موقف سيارات؟');
  await expect(conversation.getByTestId('assistant-conversation')).toContainText('تم إرسال طلب الحجز بنجاح');
  await screenshot(staff, `${SHOTS}/staff-conversation-820-en.png`);
  await staffContext.close();
});

test('(en, tablet) the assistant in English, and offline it keeps the message', async ({ page, context }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  // Every frame runs it, and a frame without storage (an opaque origin) refuses localStorage.
  await context.addInitScript(() => {
    try {
      localStorage.setItem('language', 'en');
    } catch {
      // not the app's frame
    }
  });
  await page.goto('/');
  await page.getByTestId('landing-card-assistant').click();
  const chat = page.getByRole('dialog', { name: 'AI assistant' });
  await expect(await ask(page, 'How much is the silver room?')).toContainText('OMR 12.600 a night');
  await screenshot(page, `${SHOTS}/assistant-prices-820-en.png`);
  await context.setOffline(true);
  await chat.getByTestId('chat-input').fill('Is there a pool?');
  await expect(chat.getByText('The assistant needs an internet connection.', { exact: false })).toBeVisible();
  await expect(chat.getByTestId('chat-send')).toBeDisabled();
  await screenshot(page, `${SHOTS}/assistant-offline-820-en.png`);
  await context.setOffline(false);
  await expect(chat.getByTestId('chat-input')).toHaveValue('Is there a pool?');
  await chat.getByTestId('chat-send').click();
  await expect(chat.getByTestId('chat-message-assistant').last()).toContainText('outdoor pool');
});
