import type { Browser, Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { formatMoney, formatOmr } from '../shared/src/money';
import { expect } from './fixtures';
import { choose, fillStay, muscatDay, STAFF, STAY_LABEL, uniqueSuffix } from './support/desk';
import { onOwnServer } from './support/own-server';
import { SCREENSHOTS, screenshot } from './support/screenshots';

/**
 * A newcomer's room type, through the real screens: an admin on a tablet, in Arabic, adds
 * "Family Suite / جناح عائلي" (up to two adults and three children, 45.000 a night) on the Room
 * types screen and its rooms 501 and 502 on the rooms screen; a guest's phone, in Arabic, finds it
 * on the landing page and in the calendar and books it for two adults and three children at the
 * right total; staff approve it and give it room 501 on the tape chart; six guests are refused (by
 * the form's limits, and by the server for a request that goes round the form); the spec's four
 * types are listed with their prices as before.
 *
 * On a server of its own (e2e/support/own-server.ts), beside the other journeys: the type it adds
 * would be on every page they look at, and on the journeys' server it had to run after all of
 * them, beside the site settings' journeys, the channel link switched on and today's offer.
 */

const test = onOwnServer('room-types', 1);

const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };
const CODE = 'family-suite';
const NAME_AR = 'جناح عائلي';
const NAME_EN = 'Family Suite';
const PRICE_BAISA = 45_000;
const SHOTS = '/tmp/shots-rt';

/** Baisa as the app shows a price (web/src/lib/format.ts formatPrice, over the shared formatter). */
const price = (baisa: number, language: 'ar' | 'en' = 'ar') => formatMoney(baisa, language);

/** The spec's four, in their order, with their names and nightly prices (unchanged by a new type). */
const SPEC_FOUR = [
  { code: 'silver', nameAr: 'الغرفة الفضية', priceBaisa: 12_600 },
  { code: 'gold', nameAr: 'الغرفة الذهبية', priceBaisa: 13_200 },
  { code: 'diamond', nameAr: 'الغرفة الماسية', priceBaisa: 16_200 },
  { code: 'deluxe', nameAr: 'جناح الديلوكس', priceBaisa: 17_300 },
] as const;

type RoomTypeView = { code: string; baseOccupancy: number; maxAdults: number; maxChildren: number };

async function signedInContext(
  browser: Browser,
  baseURL: string | undefined,
  account: { email: string; password: string },
  language: 'ar' | 'en' = 'ar',
  width = 820,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 1180 } });
  await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
  const page = await context.newPage();
  watchProblems(page);
  const login = await page.request.post('/api/auth/login', { data: account });
  expect(login.ok(), await login.text()).toBe(true);
  return page;
}

/**
 * The page errors and CSP refusals of the journey's other pages (the fixture checks its own page's):
 * the journey fails on any of them.
 */
const problems: string[] = [];
function watchProblems(page: Page) {
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) {
      problems.push(msg.text());
    }
  });
  page.on('pageerror', (err) => problems.push(`${page.url()}: ${String(err)}`));
}

test.afterEach(() => {
  expect(problems.splice(0), 'CSP violations or page errors on the other pages').toEqual([]);
});

/** Types into a react-aria number field and leaves it (the value is committed on blur). */
async function typeNumber(field: Locator, value: string) {
  await field.fill(value);
  await field.press('Tab');
}

/**
 * The page with `element` in the middle of the screen. The landing's cards are drawn only near the
 * screen (content-visibility), so the cards above change height as it scrolls: scrolled again until
 * it stays in view.
 */
async function shotOf(element: Locator, name: string) {
  if (!SCREENSHOTS) return;
  await expect(async () => {
    await element.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await expect(element).toBeInViewport({ ratio: 0.9, timeout: 500 });
  }).toPass();
  await shot(element.page(), name);
}

/**
 * Waits for React to take over the prerendered landing page (as e2e/fixtures.ts does for the
 * journey's own page), so a tap on a card's button reaches its handler.
 */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const card = document.querySelector('[data-testid^="landing-card-"]');
    return !card || Object.keys(card).some((key) => key.startsWith('__reactProps'));
  });
}

async function shot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (SCREENSHOTS) mkdirSync(SHOTS, { recursive: true });
  await screenshot(page, `${SHOTS}/${name}.png`, options);
}

// A step that cannot be taken fails in seconds with its own message, not at the journey's end.
test.use({ actionTimeout: 20_000 });

test.describe.serial('a room type the hotel adds', () => {
  test('an admin adds Family Suite and its rooms 501 and 502; a guest phone books it for 2 adults and 3 children; staff give it room 501; six guests are refused', async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const admin = await signedInContext(browser, baseURL, ADMIN);

    await test.step('the admin adds the type on the Room types screen (tablet, Arabic)', async () => {
      // The dashboard's Room types tile (admins only) opens the screen.
      await admin.goto('/admin');
      await admin.locator('a[href="/admin/room-types"]').click();
      await expect(admin.getByRole('heading', { level: 1, name: 'أنواع الغرف' })).toBeVisible({
        timeout: 15_000,
      });
      const card = admin.getByTestId(`room-type-${CODE}`);
      // A retry of this journey finds the type its first attempt added (codes never change).
      const known = (await (await admin.request.get('/api/admin/room-types')).json()) as {
        roomTypes: RoomTypeView[];
      };
      if (!known.roomTypes.some((type) => type.code === CODE)) {
        await admin.getByRole('button', { name: 'نوع غرفة جديد' }).click();
        const dialog = admin.getByRole('dialog', { name: 'نوع غرفة جديد' });
        const form = dialog.getByTestId('room-type-form');
        await expect(form).toBeVisible();
        await form.getByLabel('الرمز', { exact: true }).fill(CODE);
        await form.getByLabel('الاسم بالعربية', { exact: true }).fill(NAME_AR);
        await form.getByLabel('الاسم بالإنجليزية', { exact: true }).fill(NAME_EN);
        await form.getByLabel('الوصف بالعربية', { exact: true }).fill('جناح واسع للعائلات بغرفتين');
        await form
          .getByLabel('الوصف بالإنجليزية', { exact: true })
          .fill('A roomy two-room suite for families');
        // Who it takes, in Arabic-Indic digits: five in the price, two adults, three children.
        await typeNumber(form.getByRole('textbox', { name: 'الضيوف المشمولون في السعر', exact: true }), '٥');
        await typeNumber(form.getByRole('textbox', { name: 'أقصى عدد من البالغين', exact: true }), '٢');
        await typeNumber(form.getByRole('textbox', { name: 'أقصى عدد من الأطفال', exact: true }), '٣');
        await typeNumber(form.getByRole('textbox', { name: 'أقصى عدد من الضيوف إجمالًا', exact: true }), '٥');
        await form.getByLabel('سعر الليلة (ر.ع.)', { exact: true }).fill('٤٥٫٠٠٠');
        await typeNumber(form.getByRole('textbox', { name: 'عدد غرف هذا النوع', exact: true }), '٢');
        await shot(admin, 'room-type-form-ar-820', { fullPage: true });
        await dialog.getByRole('button', { name: 'إضافة نوع الغرفة' }).click();
        await expect(admin.getByText('تم حفظ نوع الغرفة', { exact: true })).toBeVisible();
        // Added: the dialog stays open, now the new type's own, for its photos above Save and Close.
        const added = admin.getByRole('dialog', { name: `تعديل ${NAME_AR}` });
        await expect(added.getByText('صور نوع الغرفة هذا')).toBeVisible();
        await added.getByRole('button', { name: 'إغلاق', exact: true }).filter({ hasText: 'إغلاق' }).click();
        await expect(admin.getByTestId('room-type-form')).toHaveCount(0);
      }
      await expect(card.getByRole('heading', { name: NAME_AR })).toBeVisible();
      await expect(card).toContainText(price(PRICE_BAISA));
      await expect(card).toContainText(CODE);
      // Who it takes, as the card says it: two adults, three children, five in all.
      await expect(card).toContainText(/٢/);
      await expect(card).toContainText(/٣/);
      await shot(admin, 'room-types-added-ar-820', { fullPage: true });
      const saved = (await (await admin.request.get('/api/admin/room-types')).json()) as {
        roomTypes: (RoomTypeView & { priceBaisa: number; maxOccupancy: number; roomCount: number })[];
      };
      expect(saved.roomTypes.find((type) => type.code === CODE)).toMatchObject({
        maxAdults: 2,
        maxChildren: 3,
        maxOccupancy: 5,
        priceBaisa: PRICE_BAISA,
        roomCount: 2,
      });
    });

    await test.step('the admin adds rooms 501 and 502 of it on the rooms screen', async () => {
      // From the Room types screen to the rooms screen as an admin goes, through the dashboard.
      await admin.getByRole('link', { name: 'العودة إلى لوحة الإدارة' }).click();
      await admin.locator('a[href="/admin/rooms"]').click();
      await expect(admin.getByRole('heading', { level: 1, name: 'الغرف' })).toBeVisible();
      const section = admin.getByTestId(`admin-rooms-${CODE}`);
      // The new type has its own section at once, empty until its rooms are added.
      await expect(section.getByRole('heading', { name: new RegExp(`^${NAME_AR}`) })).toBeVisible();
      const form = admin.getByTestId('add-room-form');
      const add = async (typed: string) => {
        await form.getByLabel('رقم الغرفة', { exact: true }).fill(typed);
        await form.getByRole('button', { name: /نوع الغرفة/ }).click();
        await admin.getByRole('option', { name: NAME_AR, exact: true }).click();
        await form.getByLabel('الطابق', { exact: true }).fill('٥');
        await form.getByRole('button', { name: 'أضف الغرفة' }).click();
      };

      // The demo hotel leaves 501 and 502 free (its diamond rooms are 503-510, the seed).
      const diamond = admin.getByTestId('admin-rooms-diamond');
      await expect(diamond.getByTestId(/^admin-room-/)).toHaveCount(8);
      await expect(diamond.getByTestId('admin-room-501')).toHaveCount(0);

      // 502 typed in Arabic-Indic digits: stored as 502.
      for (const [typed, number] of [
        ['501', '501'],
        ['٥٠٢', '502'],
      ] as const) {
        if ((await section.getByTestId(`admin-room-${number}`).count()) > 0) continue;
        await add(typed);
        await expect(section.getByTestId(`admin-room-${number}`)).toBeVisible();
        await expect(form.getByLabel('رقم الغرفة', { exact: true })).toHaveValue('');
      }
      await expect(diamond.getByTestId(/^admin-room-/)).toHaveCount(8);
      await expect(section.getByTestId('admin-room-501')).toContainText('\u2066٥٠١\u2069');
      await expect(section.getByTestId('admin-room-502')).toContainText('\u2066٥٠٢\u2069');
      await section.scrollIntoViewIfNeeded();
      await shot(admin, 'rooms-added-ar-820');
    });

    // The stay: tomorrow for two nights, on the tape chart's first fortnight.
    // (A retry books later nights: its first attempt's stay may hold room 501 already.)
    const first = 1 + 3 * testInfo.retry;
    const checkIn = muscatDay(first);
    const secondNight = muscatDay(first + 1);
    const checkOut = muscatDay(first + 2);
    const guestName = `عائلة البوسعيدي ${uniqueSuffix()}`;

    // The expected total, from the type's base occupancy and the standard plan's own nights
    // (their price and extra-guest price): 2 adults + 3 children, each above the base pays extra.
    const types = (await (await page.request.get('/api/room-types')).json()) as RoomTypeView[];
    const suite = types.find((type) => type.code === CODE)!;
    expect(suite, 'GET /api/room-types lists the new type').toBeTruthy();
    const rates = (await (
      await admin.request.get(
        `/api/admin/rates?ratePlan=standard&from=${checkIn}&to=${secondNight}&roomType=${CODE}`,
      )
    ).json()) as { nights: { roomType: string; priceBaisa: number; extraGuestPriceBaisa: number }[] };
    const nights = rates.nights.filter((night) => night.roomType === CODE);
    expect(nights).toHaveLength(2);
    const extraGuests = Math.max(0, 2 + 3 - suite.baseOccupancy);
    const nightBaisa = nights.map((night) => night.priceBaisa + extraGuests * night.extraGuestPriceBaisa);
    const totalBaisa = nightBaisa.reduce((sum, night) => sum + night, 0);
    // Five in the price: 45.000 a night, 90.000 for the two nights.
    expect(nights.map((night) => night.priceBaisa)).toEqual([PRICE_BAISA, PRICE_BAISA]);

    await test.step('a guest phone in Arabic sees it on the landing page and in the calendar, and books it', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/');
      const tiers = page.locator('[data-testid^="room-tier-"]');
      const tier = page.getByTestId(`room-tier-${CODE}`);
      await expect(tier.getByRole('heading', { name: NAME_AR })).toBeVisible();
      await expect(tier.getByTestId('room-price')).toHaveText(price(PRICE_BAISA));
      // After the spec's four, in the hotel's order.
      await expect(tiers.last()).toHaveAttribute('data-testid', `room-tier-${CODE}`);
      await shotOf(tier, 'landing-card-ar-390');

      await tier.getByRole('button', { name: `احجز الآن: ${NAME_AR}` }).click();
      const form = page.getByRole('dialog', { name: `احجز ${NAME_AR}` });
      await expect(form.getByLabel('الاسم الكامل')).toBeVisible();
      await form.getByLabel('الاسم الكامل').fill(guestName);
      await form.getByLabel('رقم الهوية').fill('١٢٣٤٥٦٧٨');
      await form.getByLabel('رقم الهاتف').fill('٩١٢٣ ٤٥٦٧');
      await fillStay(page, STAY_LABEL.ar, checkIn, checkOut);

      // Its rooms for the range (both, or one on a retry), then the calendar: each night free, at its price.
      await expect(form.getByTestId('stay-rooms-left')).toHaveText(
        /^بقيت (غرفتان|غرفة واحدة) من هذا النوع لتواريخك$/,
      );
      await form.getByRole('button', { name: /^التقويم/ }).click();
      for (const night of [checkIn, secondNight]) {
        await expect(page.getByTestId(`night-${night}`)).toHaveAttribute(
          'data-night',
          formatOmr(PRICE_BAISA, 'ar'),
        );
      }
      await shot(page, 'calendar-ar-390');
      await page.keyboard.press('Escape');
      await expect(form).toBeVisible();

      // Only what the type offers: a double bed, non-smoking.
      await expect(form.getByRole('radio', { name: /^مفرد/ })).toHaveCount(0);
      await choose(form, { name: /^لغير المدخنين/ });
      await choose(form, { name: /^مزدوج/ });

      // Two adults and three children, typed in Arabic-Indic digits; the steppers stop there.
      const adults = form.getByRole('textbox', { name: 'البالغون', exact: true });
      const children = form.getByRole('textbox', { name: 'الأطفال', exact: true });
      await typeNumber(adults, '٢');
      await typeNumber(children, '٣');
      await expect(adults).toHaveValue('٢');
      await expect(children).toHaveValue('٣');
      await expect(form.getByTestId('price-total')).toHaveText(price(totalBaisa));
      await form.getByTestId('guest-counts').scrollIntoViewIfNeeded();
      await shot(page, 'booking-form-2-adults-3-children-ar-390');

      await test.step('six guests: the form keeps to the type’s limits', async () => {
        await expect(form.getByRole('button', { name: 'بالغون أكثر' })).toBeDisabled();
        await expect(form.getByRole('button', { name: 'أطفال أكثر' })).toBeDisabled();
        // A third adult typed (six in all) is not taken: the field goes back to the type's two.
        await typeNumber(adults, '٣');
        await expect(adults).toHaveValue('٢');
        await expect(form.getByTestId('price-total')).toHaveText(price(totalBaisa));
      });

      await form.getByRole('button', { name: 'تأكيد الحجز' }).click();
      const confirmation = page.getByRole('dialog', { name: 'تم إرسال طلب الحجز', exact: true });
      await expect(confirmation).toBeVisible();
      await expect(confirmation.getByTestId('confirmation-total')).toHaveText(price(totalBaisa));
      await expect(confirmation).toContainText(NAME_AR);
      await shot(page, 'confirmation-ar-390');
    });

    const staff = await signedInContext(browser, baseURL, STAFF);
    await test.step('staff approve it and give it room 501 on the tape chart (tablet, Arabic)', async () => {
      await staff.goto('/admin/bookings');
      await staff.getByLabel('البحث في الحجوزات').fill(guestName);
      const card = staff.getByRole('tabpanel').getByTestId('booking-card').filter({ hasText: guestName });
      await expect(card).toContainText(NAME_AR);
      await card.getByRole('button', { name: 'موافقة' }).click();
      await staff
        .getByRole('dialog', { name: 'الموافقة على هذا الحجز؟' })
        .getByRole('button', { name: 'موافقة' })
        .click();
      await expect(staff.getByText('تمت الموافقة على الحجز', { exact: true })).toBeVisible();

      await staff.goto('/admin/tape-chart');
      await expect(staff.getByRole('heading', { level: 1 })).toHaveText('مخطط الغرف');
      // The type's two rooms are rows of the chart.
      await expect(staff.getByTestId('tape-row-501')).toBeVisible();
      await expect(staff.getByTestId('tape-row-502')).toBeVisible();
      const stay = staff.getByTestId('tape-unassigned-stay').filter({ hasText: guestName });
      await expect(stay).toContainText(NAME_AR);
      await stay.getByRole('button', { name: 'خصّص غرفة' }).click();
      const menu = staff.getByRole('menu', { name: 'خصّص غرفة' });
      // Only the type's own rooms are offered.
      await expect(menu.getByRole('menuitem')).toHaveCount(2);
      await menu.getByTestId('move-to-room-501').click();
      await expect(staff.getByText(`${guestName}: الغرفة \u2066٥٠١\u2069`)).toBeVisible();
      await expect(stay).toHaveCount(0);
      await expect(
        staff.getByTestId('tape-row-501').getByTestId('tape-stay').filter({ hasText: guestName }),
      ).toHaveCount(1);
      await staff.getByTestId('tape-row-501').scrollIntoViewIfNeeded();
      await shot(staff, 'tape-chart-assigned-ar-820');
    });

    await test.step('six guests round the form: the server refuses them, in Arabic (422 over_occupancy)', async () => {
      const body = {
        fullName: `ضيوف كثيرون ${uniqueSuffix()}`,
        phoneNumber: '91234568',
        idNumber: '12345679',
        roomType: CODE,
        bedType: 'double',
        smokingPreference: 'non_smoking',
        checkInDate: muscatDay(10),
        checkOutDate: muscatDay(11),
      };
      for (const guests of [{ adults: 3, children: 3 }, { adults: 2, children: 4 }, { numberOfGuests: 6 }]) {
        const res = await page.request.post('/api/booking-submissions', {
          headers: { 'accept-language': 'ar' },
          data: { ...body, ...guests },
        });
        expect(res.status(), JSON.stringify(guests)).toBe(422);
        const { error } = (await res.json()) as { error: { code: string; message: string } };
        expect(error.code).toBe('over_occupancy');
        expect(error.message).toBe(
          'عدد الضيوف أكبر مما يتسع له هذا النوع من الغرف: قلّل عدد البالغين أو الأطفال أو اختر غرفة أخرى',
        );
      }
      // Nothing was booked: the guest's own booking is the type's only one those nights.
      const left = (await (
        await page.request.get(`/api/availability?roomType=${CODE}&from=${muscatDay(10)}&to=${muscatDay(11)}`)
      ).json()) as { nights: { available: number }[] };
      expect(left.nights.map((night) => night.available)).toEqual([2]);
    });

    await test.step('the spec’s four are listed as before, with their prices', async () => {
      await page.goto('/');
      const tiers = page.locator('[data-testid^="room-tier-"]');
      await expect(tiers).toHaveCount(SPEC_FOUR.length + 1);
      for (const [i, type] of SPEC_FOUR.entries()) {
        const tier = page.getByTestId(`room-tier-${type.code}`);
        await expect(tiers.nth(i)).toHaveAttribute('data-testid', `room-tier-${type.code}`);
        await expect(tier.getByRole('heading')).toHaveText(type.nameAr);
        await expect(tier.getByTestId('room-price')).toHaveText(price(type.priceBaisa));
      }
    });

    await admin.context().close();
    await staff.context().close();
  });

  test('screenshots: the new screens in Arabic and English at 390 and 820 px', async ({
    browser,
    baseURL,
  }) => {
    test.skip(!SCREENSHOTS, 'screenshots only (SCREENSHOTS=1)');
    test.setTimeout(180_000);
    for (const language of ['ar', 'en'] as const) {
      for (const width of [390, 820]) {
        const admin = await signedInContext(browser, baseURL, ADMIN, language, width);
        const tag = `${language}-${width}`;
        await admin.goto('/admin/room-types');
        await expect(admin.getByTestId(`room-type-${CODE}`)).toBeVisible({ timeout: 15_000 });
        await shot(admin, `room-types-${tag}`, { fullPage: true });
        await admin.getByTestId(`room-type-${CODE}`).getByRole('button').first().click();
        await expect(admin.getByTestId('room-type-form')).toBeVisible();
        await shot(admin, `room-type-edit-${tag}`);
        await admin.keyboard.press('Escape');
        await admin.goto('/admin/rooms');
        await expect(admin.getByTestId(`admin-rooms-${CODE}`)).toBeVisible();
        await admin.getByTestId(`admin-rooms-${CODE}`).scrollIntoViewIfNeeded();
        await shot(admin, `rooms-${tag}`);
        await admin.goto('/admin/tape-chart');
        await expect(admin.getByTestId('tape-row-501')).toBeVisible();
        await admin.getByTestId('tape-row-501').scrollIntoViewIfNeeded();
        await shot(admin, `tape-chart-${tag}`);
        await admin.context().close();

        const context = await browser.newContext({ baseURL, viewport: { width, height: 844 } });
        await context.addInitScript((lang) => localStorage.setItem('language', lang), language);
        const guest = await context.newPage();
        watchProblems(guest);
        await guest.goto('/');
        await hydrated(guest);
        const tier = guest.getByTestId(`room-tier-${CODE}`);
        await expect(tier).toBeVisible();
        await shotOf(tier, `landing-card-${tag}`);
        await tier.getByRole('button').last().click();
        const form = guest.getByRole('dialog', {
          name: language === 'ar' ? `احجز ${NAME_AR}` : `Book the ${NAME_EN}`,
        });
        await expect(form).toBeVisible();
        await fillStay(guest, STAY_LABEL[language], muscatDay(40), muscatDay(42));
        const [adults, children] = language === 'ar' ? ['البالغون', 'الأطفال'] : ['Adults', 'Children'];
        await typeNumber(form.getByRole('textbox', { name: adults, exact: true }), '2');
        await typeNumber(form.getByRole('textbox', { name: children, exact: true }), '3');
        await expect(form.getByTestId('price-total')).toHaveText(price(2 * PRICE_BAISA, language));
        await form.getByTestId('guest-counts').scrollIntoViewIfNeeded();
        await shot(guest, `booking-form-${tag}`);
        await context.close();
      }
    }
  });
});
