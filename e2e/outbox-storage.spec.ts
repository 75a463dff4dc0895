import { expect, test } from './fixtures';
import { png } from './support/png';
import { screenshot } from './support/screenshots';
import { provePhone } from './support/phone';

/**
 * Storage: a full phone while a photography entry is queued. The
 * browser's IndexedDB refuses the photos (QuotaExceededError, made here by the page's own
 * IndexedDB while `__deviceFull` is set); the guest is told plainly, in their language, and
 * the form keeps the photos and the phone number. With space again, the same entry goes.
 */

const image = (name: string, rgb: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: png(rgb),
});

const TEXTS = {
  ar: {
    events: 'الفعاليات والأنشطة المميزة',
    join: 'المشاركة في فعالية التصوير',
    modal: 'فعالية التصوير',
    phone: 'رقم الهاتف',
    send: 'إرسال الصور',
    full: 'ذاكرة هاتفك ممتلئة',
    kept: 'ما حفظته سابقاً على هاتفك باقٍ',
    sent: 'تهانينا! تمت مشاركتك بنجاح',
  },
  en: {
    events: 'Featured Events & Activities',
    join: 'Join the photography event',
    modal: /^Photography event$/i,
    phone: 'Phone number',
    send: 'Submit photos',
    full: "Your phone's storage is full",
    kept: 'What you already queued is kept.',
    sent: /Congratulations/,
  },
} as const;

for (const [language, width] of [
  ['ar', 390],
  ['en', 820],
] as const) {
  test(`a full phone while queueing photos (${language}, ${width} px): told plainly, nothing lost`, async ({
    page,
  }, testInfo) => {
    const t = TEXTS[language];
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript((lang) => {
      localStorage.setItem('language', lang);
      const w = window as unknown as { __deviceFull: boolean };
      w.__deviceFull = true;
      const add = IDBObjectStore.prototype.add;
      IDBObjectStore.prototype.add = function (this: IDBObjectStore, ...args: Parameters<typeof add>) {
        if (w.__deviceFull && this.name === 'outboxFiles') {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return add.apply(this, args);
      };
    }, language);

    await page.goto('/');
    await page.getByTestId('landing-card-events').click();
    const panel = page.getByRole('dialog', { name: t.events });
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: t.join }).first().click();
    const modal = page.getByRole('dialog', { name: t.modal });
    await expect(modal).toBeVisible();
    const picker = modal.getByTestId('photography-picker');
    await picker
      .locator('input[type="file"]')
      .setInputFiles([
        image('one.png', [200, 40, 40]),
        image('two.png', [30, 120, 60]),
        image('three.png', [20, 40, 200]),
      ]);
    await expect(picker.getByRole('img')).toHaveCount(3);
    const phone = `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    // Entries need a proven phone: proven through the API, as the code step would.
    await provePhone(page.request, phone);
    await modal.getByLabel(t.phone).fill(phone);
    await modal.getByRole('button', { name: t.send }).click();

    const toast = page.getByText(t.full);
    await expect(toast).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(t.kept, { exact: false })).toBeVisible();
    await screenshot(page, testInfo.outputPath(`storage-full-${language}-${width}.png`));
    // The form keeps the photos and the number; nothing was queued.
    await expect(picker.getByRole('img')).toHaveCount(3);
    await expect(modal.getByLabel(t.phone)).toHaveValue(phone);
    expect(
      await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('hotel-app');
            open.onsuccess = () => {
              const count = open.result.transaction('outbox').objectStore('outbox').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      ),
    ).toBe(0);

    // Space freed: the same entry goes through.
    await page.evaluate(() => ((window as unknown as { __deviceFull: boolean }).__deviceFull = false));
    // From the keyboard: on a phone the message lies over the button while the pointer rests on it.
    await modal.getByRole('button', { name: t.send }).press('Enter');
    await expect(page.getByText(t.sent).first()).toBeVisible({ timeout: 20_000 });
  });
}
