import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { png } from './support/png';
import { expectNoA11yViolations } from './support/a11y';
import { STAFF } from './support/desk';
import { SCREENSHOTS_ONLY, screenshot } from './support/screenshots';
import { provePhone } from './support/phone';

/**
 * The guest's prize-draw screens (guest spec sections 2, 5, 7, 9),
 * on a phone in Arabic, against the real worker: the events panel (from the
 * landing card and from /?events=true), the photography picker rules, the
 * location sharing counter and a real entry staff can see, the hotel rating
 * page (5 MB and type rules, a real entry with 3 screenshots, the redirect)
 * and the once-a-month rule with the same phone typed in Arabic-Indic digits.
 * The offline journeys are in offline.spec.ts.
 */

const SHOTS = '/tmp/shots-guest-events';
mkdirSync(SHOTS, { recursive: true });

/** An 8-digit Omani mobile number, different on every call. */
function uniquePhone() {
  return `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

const toArabicDigits = (latin: string) => latin.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);

const image = (name: string, rgb: [number, number, number] = [200, 40, 40]) => ({
  name,
  mimeType: 'image/png',
  buffer: png(rgb),
});

/** WhatsApp and Google open in new tabs: answered locally so no test reaches the internet. */
async function stubExternalTabs(context: BrowserContext) {
  for (const pattern of ['https://wa.me/**', 'https://www.google.com/**', 'https://maps.google.com/**']) {
    await context.route(pattern, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>external</title>' }),
    );
  }
}

async function openEventsPanel(page: Page) {
  await page.goto('/');
  await page.getByTestId('landing-card-events').click();
  const panel = page.getByRole('dialog', { name: 'الفعاليات والأنشطة المميزة' });
  await expect(panel).toBeVisible();
  return panel;
}

test('the events panel opens from the landing card and from /?events=true, which goes back to /', async ({
  page,
}) => {
  const panel = await openEventsPanel(page);
  await expect(panel.getByText('اربح ليالي مجانية في الفندق!')).toBeVisible();
  await expectNoA11yViolations(page, 'events panel ar');
  for (const card of ['photography', 'location_sharing', 'hotel_rating', 'google_review']) {
    await expect(panel.getByTestId(`event-card-${card}`)).toBeVisible();
  }
  // The header slides away and the page does not scroll behind the panel.
  await expect(page.locator('html')).toHaveAttribute('data-panel-open', '');
  await panel.getByRole('button', { name: 'إغلاق' }).click();
  await expect(panel).toBeHidden();
  await expect(page.locator('html')).not.toHaveAttribute('data-panel-open');

  await page.goto('/?events=true');
  await expect(page.getByRole('dialog', { name: 'الفعاليات والأنشطة المميزة' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The hotel rating card is a page of its own.
  await page.getByRole('link', { name: 'الانتقال إلى سحب تقييم الفندق' }).click();
  await expect(page).toHaveURL(/\/hotel-rating-event$/);
  await expect(page.getByRole('heading', { level: 1, name: 'فعالية تقييم الفندق' })).toBeVisible();
});

test('photography: the count, the warning below 3, the whole selection refused for a non-image, and a real entry', async ({
  page,
}) => {
  const panel = await openEventsPanel(page);
  await panel.getByRole('button', { name: 'المشاركة في فعالية التصوير' }).click();
  const modal = page.getByRole('dialog', { name: 'فعالية التصوير' });
  await expect(modal).toBeVisible();
  const picker = modal.getByTestId('photography-picker');
  const input = picker.locator('input[type="file"]');
  const status = modal.getByTestId('photography-picker-status');
  await expect(input).toHaveAttribute('accept', 'image/*');
  await expect(input).toHaveAttribute('multiple', '');

  await expect(status).toContainText('لم تُختر أي صورة');
  await expect(status).toContainText('يرجى اختيار ٣ صور إضافية');

  // Missing everything: the spec's toast.
  await modal.getByRole('button', { name: 'إرسال الصور' }).click();
  await expect(page.getByText('يرجى اختيار ٣ صور إضافية وإدخال رقم الهاتف')).toBeVisible();

  await input.setInputFiles([image('one.png'), image('two.png', [30, 120, 60])]);
  await expect(status).toContainText('صورتان مختارتان');
  // The guest is fixing it: the toast goes (the picker's status says what is still missing).
  await expect(page.getByText('يرجى اختيار ٣ صور إضافية وإدخال رقم الهاتف')).toHaveCount(0);
  await expect(status).toContainText('يرجى اختيار صورة واحدة إضافية');
  await expect(picker.getByRole('img')).toHaveCount(2);

  // One text file in a selection refuses the whole selection; the two photos stay.
  await input.setInputFiles([
    image('three.png'),
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
  ]);
  await expect(page.getByText('يرجى اختيار ملف صورة')).toBeVisible();
  await expect(status).toContainText('صورتان مختارتان');

  // Selections accumulate; from 3 the choice is accepted; one can be removed again.
  await input.setInputFiles([image('three.png', [20, 40, 200]), image('four.png', [220, 200, 20])]);
  await expect(status).toContainText('٤ صور مختارة');
  await expect(modal.getByTestId('photography-accepted')).toHaveText('تم قبول الصور');
  await picker.getByRole('button', { name: 'إزالة four.png' }).click();
  await expect(status).toContainText('٣ صور مختارة');
  await expect(picker.getByRole('img')).toHaveCount(3);

  const phone = uniquePhone();
  await provePhone(page.request, phone);
  await modal.getByLabel('رقم الهاتف').fill(phone);
  await modal.getByRole('button', { name: 'إرسال الصور' }).click();
  await expect(page.getByText('تهانينا! تمت مشاركتك بنجاح')).toBeVisible({ timeout: 20_000 });
  await expect(status).toContainText('لم تُختر أي صورة');
  await expect(modal.getByTestId('outbox-list')).toBeVisible();

  // Closing the modal comes back to the panel.
  await modal.getByRole('button', { name: 'إغلاق' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'الفعاليات والأنشطة المميزة' })).toBeVisible();
});

test('location sharing: five shares on WhatsApp, then a real entry that staff see', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  await stubExternalTabs(context);
  const phone = uniquePhone();
  // Entries need a proven phone: proven through the API, as the code step would.
  await provePhone(page.request, phone);
  const panel = await openEventsPanel(page);
  await panel.getByRole('button', { name: 'المشاركة في فعالية مشاركة الموقع' }).click();
  const modal = page.getByRole('dialog', { name: 'فعالية مشاركة الموقع' });
  const share = modal.getByTestId('share-whatsapp');
  const href = await share.getAttribute('href');
  expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
  expect(decodeURIComponent(href!.split('text=')[1]!)).toContain(new URL(page.url()).origin);
  await expect(share).toHaveAttribute('target', '_blank');
  await expect(modal.getByTestId('share-count')).toHaveText('٠ / ٥');
  await expect(modal.getByTestId('share-status')).toHaveText('بقيت ٥ مشاركات');
  await expect(modal.getByLabel('رقم الهاتف')).toHaveCount(0);

  for (let i = 1; i <= 6; i++) {
    const popup = page.waitForEvent('popup');
    await share.click();
    await (await popup).close();
  }
  // Capped at 5.
  await expect(modal.getByTestId('share-count')).toHaveText('٥ / ٥');
  await expect(modal.getByTestId('share-status')).toHaveText(
    'اكتملت المشاركات الخمس! أدخل رقم هاتفك للدخول في السحب.',
  );
  const submit = modal.getByRole('button', { name: 'إكمال المشاركة والدخول في السحب' });
  await expect(submit).toBeDisabled();
  await modal.getByLabel('رقم الهاتف').fill(phone);
  await submit.click();
  await expect(page.getByText('أكملت ٥/٥ مشاركات ودخلت في السحب الذي يجرى في نهاية الشهر.')).toBeVisible({
    timeout: 20_000,
  });
  // The modal closes and the count starts again.
  await expect(modal).toBeHidden();
  await page.getByRole('button', { name: 'المشاركة في فعالية مشاركة الموقع' }).click();
  await expect(page.getByTestId('share-count')).toHaveText('٠ / ٥');

  const staff = await playwright.request.newContext({ baseURL });
  expect((await staff.post('/api/auth/login', { data: STAFF })).ok()).toBe(true);
  const list = (await (await staff.get('/api/location-sharing-submissions')).json()) as {
    participantPhone: string;
    shareCount: number;
    isCompleted: boolean;
  }[];
  expect(list.find((s) => s.participantPhone.replace(/\D/g, '').endsWith(phone))).toMatchObject({
    shareCount: 5,
    isCompleted: true,
  });
  await staff.dispose();
});

test('the hotel rating page, signed out: file rules, a real entry with 3 screenshots, and once a month', async ({
  page,
  context,
}) => {
  await stubExternalTabs(context);
  const phone = uniquePhone();
  // Entries need a proven phone: proven through the API, as the code step would.
  await provePhone(page.request, phone);
  await page.goto('/hotel-rating-event');
  await expect(page.getByRole('heading', { level: 1, name: 'فعالية تقييم الفندق' })).toBeVisible();
  await expect(page.getByText('يجب أن يتضمن تقييمك ٣ تعليقات مختلفة على الأقل')).toBeVisible();
  await expect(page.getByText('الجائزة: ليلة إقامة مجانية')).toBeVisible();
  const rate = page.getByRole('link', { name: /قيّمنا على جوجل/ });
  await expect(rate).toHaveAttribute('href', 'https://www.google.com/search?q=Al+Maabila+Hotel+reviews');
  await expect(rate).toHaveAttribute('target', '_blank');
  for (const term of [
    'يجب أن يكون عمر المشارك ١٨ عاماً أو أكثر.',
    'مشاركة واحدة لكل شخص.',
    'يجب استلام الجوائز خلال ٣٠ يوماً.',
    'قد يُستخدم تقييمك لأغراض ترويجية.',
  ]) {
    await expect(page.getByText(term)).toBeVisible();
  }

  const picker = page.getByTestId('rating-picker');
  const input = picker.locator('input[type="file"]');
  const status = page.getByTestId('rating-picker-status');
  const submit = page.getByRole('button', { name: 'إرسال المشاركة' });

  // Missing information.
  await submit.click();
  await expect(page.getByText('يرجى إدخال رقم هاتفك ورفع ٣ لقطات شاشة على الأقل.')).toBeVisible();

  // A file over 5 MB refuses the whole selection.
  await input.setInputFiles([
    image('a.png'),
    { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) },
  ]);
  await expect(page.getByText('الملف كبير جداً')).toBeVisible();
  await expect(page.getByText('يرجى اختيار صورة أصغر من ٥ ميغابايت')).toBeVisible();
  await expect(status).toContainText('لم تُرفع أي لقطة شاشة');
  await expect(status).toContainText('مطلوبة ٣ لقطات إضافية');

  // So does a file that is not an image.
  await input.setInputFiles([
    image('a.png'),
    { name: 'page.html', mimeType: 'text/html', buffer: Buffer.from('<p>') },
  ]);
  await expect(page.getByText('نوع الملف غير صالح')).toBeVisible();
  await expect(status).toContainText('لم تُرفع أي لقطة شاشة');

  // Selections accumulate up to "complete".
  await input.setInputFiles([image('a.png'), image('b.png', [10, 90, 160])]);
  await expect(status).toContainText('لقطتا شاشة مرفوعتان');
  await expect(status).toContainText('مطلوبة لقطة واحدة إضافية');
  await input.setInputFiles([image('c.png', [240, 180, 0])]);
  await expect(status).toContainText('٣ لقطات شاشة مرفوعة');
  await expect(status).toContainText('مكتمل');

  await page.getByLabel('رقم الهاتف').fill(phone);
  await submit.click();
  await expect(page.getByText('تم استلام مشاركتك بنجاح! سنراجعها ونُبلغك إن فزت.')).toBeVisible({
    timeout: 20_000,
  });
  // After 2 s: back to the events panel, the address reset to /; the toast stays over it.
  await expect(page.getByRole('dialog', { name: 'الفعاليات والأنشطة المميزة' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('تم استلام مشاركتك بنجاح! سنراجعها ونُبلغك إن فزت.')).toBeVisible();
  await screenshot(page, `${SHOTS}/ar-390-rating-sent-panel.png`);

  // Same phone, typed in Arabic-Indic digits with the country code: the same participant.
  await page.goto('/hotel-rating-event');
  await page.getByLabel('رقم الهاتف').fill(`+٩٦٨ ${toArabicDigits(phone)}`);
  await page
    .getByTestId('rating-picker')
    .locator('input[type="file"]')
    .setInputFiles([image('d.png'), image('e.png', [0, 0, 0]), image('f.png', [90, 90, 90])]);
  await page.getByRole('button', { name: 'إرسال المشاركة' }).click();
  await expect(page.getByText('مشاركة محدودة')).toBeVisible();
  await expect(
    page.getByText('لقد شاركت بالفعل في هذه الفعالية هذا الشهر. يمكنك المشاركة مرة أخرى الشهر القادم.'),
  ).toBeVisible();
  // Nothing was queued: the form keeps its screenshots and the page stays.
  await expect(page.getByTestId('rating-picker-status')).toContainText('٣ لقطات شاشة مرفوعة');
  await expect(page).toHaveURL(/\/hotel-rating-event$/);

  // The close button goes back to the events panel.
  await page.getByRole('main').getByRole('button', { name: 'إغلاق' }).click();
  await expect(page.getByRole('dialog', { name: 'الفعاليات والأنشطة المميزة' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

for (const language of ['ar', 'en'] as const) {
  for (const width of [390, 820]) {
    test(
      `screenshots of the events screens (${language}, ${width} px)`,
      SCREENSHOTS_ONLY,
      async ({ page }) => {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 1180 });
        await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
        const name = (screen: string) => `${SHOTS}/${screen}-${language}-${width}.png`;
        await page.goto('/?events=true');
        const panel = page.getByTestId('events-panel');
        await expect(panel).toBeVisible();
        await screenshot(page, name('panel'));

        const open = async (card: string, testId: string) => {
          await panel.getByTestId(`event-card-${card}`).getByRole('button').click();
          const body = page.getByTestId(testId);
          await expect(body).toBeVisible();
          return body;
        };
        const photography = await open('photography', 'photography-modal');
        await photography
          .locator('input[type="file"]')
          .setInputFiles([image('one.png'), image('two.png', [30, 120, 60])]);
        await screenshot(page, name('photography'));
        await page.keyboard.press('Escape');

        await open('location_sharing', 'location-modal');
        await screenshot(page, name('location'));
        await page.keyboard.press('Escape');

        const google = await open('google_review', 'google-review-modal');
        await google.locator('input[type="file"]').setInputFiles([image('shot.png', [40, 90, 200])]);
        await screenshot(page, name('google-review'));
        await page.keyboard.press('Escape');

        await page.goto('/hotel-rating-event');
        await expect(page.getByTestId('hotel-rating-page')).toBeVisible();
        await screenshot(page, name('rating-page'), { fullPage: true });
      },
    );
  }
}
