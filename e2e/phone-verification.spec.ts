import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import AxeBuilder from '@axe-core/playwright';
import { latestPhoneCode } from './support/phone';

/**
 * A prize-draw entry with the phone's code, on a phone, in Arabic and in
 * English: online, the hotel rating page asks for the code before the entry, the guest sends it,
 * types it in Arabic-Indic numerals and the entry goes on; made offline (English), the entry
 * waits on the phone until the number is verified from "Saved on this device" (a wrong code
 * first), then is sent once.
 * The code is read from the dev outbox (GET /api/dev/messages), as a guest reads their SMS.
 */

function uniquePhone() {
  return `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}
const toArabicDigits = (latin: string) => latin.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);

/** A real 8x8 PNG of one colour (the server checks an image's first bytes and size). */
function png(rgb: [number, number, number]) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 8 }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: 8 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const screenshots = ([0, 1, 2] as const).map((i) => ({
  name: `review-${i}.png`,
  mimeType: 'image/png',
  buffer: png([40 + i * 80, 120, 200 - i * 60]),
}));

async function fillEntry(page: Page, phone: string, phoneLabel: string) {
  await page.getByTestId('rating-picker').locator('input[type="file"]').setInputFiles(screenshots);
  await page.getByLabel(phoneLabel).fill(phone);
}

async function hasParticipated(page: Page, phone: string) {
  const res = await page.request.post('/api/check-monthly-participation', {
    data: { participantPhone: phone, eventType: 'hotel_rating' },
  });
  return ((await res.json()) as { hasParticipated: boolean }).hasParticipated;
}

test('in Arabic: the rating entry asks for the phone’s code, typed in Arabic-Indic numerals, then goes on', async ({
  page,
}) => {
  const phone = uniquePhone();
  const typed = `+٩٦٨ ${toArabicDigits(phone.slice(0, 4))} ${toArabicDigits(phone.slice(4))}`;
  await page.goto('/hotel-rating-event');
  await fillEntry(page, typed, 'رقم الهاتف');
  await page.getByRole('button', { name: 'إرسال المشاركة' }).click();

  const dialog = page.getByRole('dialog', { name: 'تأكيد رقم هاتفك' });
  await expect(dialog).toBeVisible();
  // The phone as the guest typed it, left to right.
  await expect(dialog.getByTestId('phone-verification-number')).toHaveText(typed);
  await expect(dialog.getByTestId('phone-verification-number')).toHaveAttribute('dir', 'ltr');
  await dialog.getByRole('button', { name: 'إرسال الرمز' }).click();
  const code = dialog.getByLabel('رمز التحقق');
  await expect(code).toBeFocused();
  await expect(dialog.getByTestId('phone-verification-resend')).toBeDisabled();
  await expect(dialog.getByTestId('phone-verification-resend')).toContainText('إرسال رمز جديد بعد');
  // The dialog passes axe (WCAG 2.1 A/AA). The page behind it is left out: while the dialog is
  // open, react-aria's announcement of the entry button's pending state still names that button.
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  await code.fill(toArabicDigits(await latestPhoneCode(page.request, phone)));
  await dialog.getByRole('button', { name: 'تأكيد ومتابعة' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('تم استلام مشاركتك بنجاح! سنراجعها ونُبلغك إن فزت.').first()).toBeVisible({
    timeout: 15_000,
  });
  expect(await hasParticipated(page, phone)).toBe(true);
});

test.describe(() => {
  test.use({ serviceWorkers: 'allow' });

  test('in English, offline: the entry waits on the phone until its number is verified, then is sent once', async ({
    page,
    context,
  }) => {
    const phone = uniquePhone();
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await page.goto('/?events=true');
    // Installed and offline-capable as a guest's phone is: the service worker keeps the app's
    // files, so nothing the page loads while offline is missing.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page
      .getByTestId('event-card-photography')
      .getByRole('button', { name: 'Join the photography event' })
      .click();
    const modal = page.getByTestId('photography-modal');
    await modal.locator('input[type="file"]').setInputFiles(screenshots);
    await modal.getByLabel('Phone number').fill(phone);
    await context.setOffline(true);
    await modal.getByRole('button', { name: 'Submit photos' }).click();
    await expect(page.getByText('Saved on your phone').first()).toBeVisible();

    // Online again, the outbox sends it; the server wants the phone proven, so it waits on the
    // phone (never lost) and the guest is told.
    await context.setOffline(false);
    await expect(page.getByText('Verify your phone to send your entry').first()).toBeVisible({
      timeout: 20_000,
    });
    const entry = modal.getByTestId('outbox-entry');
    await expect(entry.getByTestId('outbox-entry-state')).toHaveText('Verify your phone to send');
    await entry.getByTestId('outbox-verify-phone').click();

    const dialog = page.getByRole('dialog', { name: 'Verify your phone number' });
    await dialog.getByRole('button', { name: 'Send the code' }).click();
    const code = dialog.getByLabel('Verification code');
    await expect(code).toBeFocused(); // the code has been sent
    const right = await latestPhoneCode(page.request, phone);
    await code.fill(String((Number(right) + 1) % 1_000_000).padStart(6, '0'));
    await dialog.getByRole('button', { name: 'Verify and continue' }).click();
    await expect(dialog.getByText('The verification code is incorrect')).toBeVisible();
    await expect(dialog.getByTestId('phone-verification-resend')).toContainText(
      /Send a new code in \d+ seconds?/,
    );

    await code.fill(right);
    await dialog.getByRole('button', { name: 'Verify and continue' }).click();
    await expect(entry).toHaveAttribute('data-state', 'sent', { timeout: 20_000 });
    await expect(page.getByText('Your photography contest entry was sent').first()).toBeVisible();
    const check = await page.request.post('/api/check-monthly-participation', {
      data: { participantPhone: phone, eventType: 'photography' },
    });
    expect(await check.json()).toMatchObject({ hasParticipated: true });
  });
});
