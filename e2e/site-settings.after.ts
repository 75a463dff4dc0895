import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { choose, fillStay, muscatDay, STAY_LABEL } from './support/desk';

/**
 * The admin edits the site settings. Runs after every other journey (playwright.config.ts,
 * project "site-settings"): a new phone number and today's offer change what every other journey
 * would see. Maintenance mode has a server of its own instead (e2e/maintenance.spec.ts).
 *
 * These run side by side with event-switch.after.ts. The two journeys that rewrite the site
 * settings run one after the other (each saves the whole settings, so side by side one would undo
 * the other).
 */

async function signedIn(browser: Browser, email: string, password: string, width = 820): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 1180 } });
  const page = await context.newPage();
  const login = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  return page;
}

test.describe.serial('the site settings, saved one after the other', () => {
  test('the admin changes the phone and WhatsApp numbers; a guest footer and WhatsApp links show them', async ({
    browser,
  }) => {
    const admin = await signedIn(browser, 'admin@example.com', 'change-me-admin');
    await admin.goto('/admin/settings');
    // The stage's first page in a fresh worker, beside another: the screen's chunk was slower than
    // 5 s twice on a busy 2-core machine (as event-switch.after.ts allows, 15 s).
    await expect(admin.getByRole('heading', { level: 1, name: 'إعدادات الموقع' })).toBeVisible({
      timeout: 15_000,
    });
    const form = admin.getByTestId('settings-form');

    // A bad value is refused under its field, in Arabic, and nothing is saved.
    await form.getByLabel('البريد الإلكتروني').fill('not-an-address');
    // The stay policy: hours out of range are refused in Arabic, with Arabic-Indic digits.
    const freeHours = form.getByLabel('الإلغاء المجاني: عدد الساعات قبل تسجيل الوصول');
    await freeHours.fill('٩٩٩');
    await form.getByRole('button', { name: 'حفظ الإعدادات' }).click();
    await expect(form.getByText('البريد الإلكتروني غير صالح')).toBeVisible();
    await expect(form.getByText('عدد صحيح من الساعات من ٠ إلى ٧٢٠')).toBeVisible();
    await form.getByLabel('البريد الإلكتروني').fill('stay@almaabila-hotel.example');
    await freeHours.fill('٤٨');

    // Arabic-Indic digits are accepted and kept as typed (in Latin digits).
    await form.getByLabel('هاتف التواصل').fill('+968 ٢٤٤٥ ٧٧٧٧');
    await form.getByLabel('رقم واتساب').fill('+968 9777 1234');
    await form.getByRole('button', { name: 'حفظ الإعدادات' }).click();
    // The saved message takes the focus (the form starts afresh from the saved settings), never <body>.
    await expect(admin.getByTestId('settings-saved')).toHaveText('تم حفظ إعدادات الموقع');
    await expect(admin.getByTestId('settings-saved')).toBeFocused();
    expect(await admin.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    // Typed in Arabic-Indic digits, kept as a number.
    expect(await (await admin.request.get('/api/site-settings')).json()).toMatchObject({
      freeCancellationHours: 48,
    });

    const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await guestContext.newPage();
    await guest.goto('/');
    const footer = guest.getByTestId('site-footer');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByTestId('footer-phone')).toHaveText('+968 2445 7777');
    await expect(footer.getByTestId('footer-phone')).toHaveAttribute('href', 'tel:+96824457777');
    await expect(footer.getByTestId('footer-whatsapp')).toHaveAttribute('href', 'https://wa.me/96897771234');
    await expect(footer).toContainText('stay@almaabila-hotel.example');
    await expect(guest.getByTestId('vip-card-gold').getByRole('link')).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/96897771234\?text=/,
    );
    // The login footer reads them too, with the same address as the main footer.
    await guest.goto('/login');
    await expect(guest.getByTestId('hotel-phone').first()).toHaveText('+968 2445 7777');
    await guestContext.close();
    await admin.context().close();
  });

  test('the longest hotel name an admin may set (100 characters): the header stays one row at 360 px, the name cut, the page no wider', async ({
    browser,
  }) => {
    const admin = await signedIn(browser, 'admin@example.com', 'change-me-admin');
    const settings = (await (await admin.request.get('/api/site-settings')).json()) as Record<
      string,
      unknown
    >;
    const { updatedAt: _stamp, ...body } = settings;
    const long =
      'فندق المعبيلة للشقق الفندقية والأجنحة الملكية والمنتجعات الصحية على شاطئ بحر عُمان في ولاية السيب مسقط'
        .padEnd(100, 'ة')
        .slice(0, 100);
    const put = (data: Record<string, unknown>) => admin.request.put('/api/admin/site-settings', { data });
    expect((await put({ ...body, siteNameAr: long, siteName: 'A'.repeat(100) })).ok()).toBe(true);
    try {
      const pages = [
        ['signed out', null],
        ['guest', { email: 'header-guest' }],
        ['staff', { email: 'staff@example.com', password: 'change-me-staff' }],
      ] as const;
      for (const [who, account] of pages) {
        const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
        const page = await context.newPage();
        if (account?.email === 'header-guest') {
          const { registerGuest } = await import('./support/guests');
          await registerGuest(page.request, 'مريم عبدالله سالم البلوشية');
        } else if (account && 'password' in account) {
          expect((await page.request.post('/api/auth/login', { data: account })).ok()).toBe(true);
        }
        await page.goto('/');
        if (account) await expect(page.getByTestId('header-user-name')).toBeVisible();
        else await expect(page.getByRole('banner')).toContainText(long.slice(0, 10));
        const measured = await page.evaluate(() => {
          const header = document.querySelector('header.app-header > div') as HTMLElement;
          const row = header.firstElementChild!.getBoundingClientRect();
          return {
            scrollWidth: document.documentElement.scrollWidth,
            headerHeight: header.getBoundingClientRect().height,
            rowHeight: row.height,
          };
        });
        expect(measured.scrollWidth, who).toBeLessThanOrEqual(360);
        // One row: the header is as tall as its tallest item plus its padding (24 px), no more.
        expect(measured.headerHeight, who).toBeLessThanOrEqual(72);
        await context.close();
      }
    } finally {
      expect((await put(body)).ok()).toBe(true);
    }
  });
});

test('an offer below the room price is what a guest booking today is shown and charged', async ({
  browser,
}) => {
  // Here, after the other journeys: while it is on, their silver bookings would be charged it.
  const staff = await signedIn(browser, 'staff@example.com', 'change-me-staff');
  const created = await staff.request.post('/api/admin/offers', {
    data: {
      roomType: 'silver',
      title: 'Flash sale',
      titleAr: 'تخفيض سريع',
      description: '',
      descriptionAr: '',
      discount: 40,
      features: [],
      isBestSeller: false,
      theme: 'silver',
      validFrom: muscatDay(),
      validTo: muscatDay(),
      isActive: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { offer } = (await created.json()) as { offer: { id: number } };
  try {
    const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await guestContext.newPage();
    await guest.goto('/');
    await guest.getByTestId('landing-card-offers').click();
    await expect(guest.getByTestId('offers-panel').locator('li', { hasText: 'تخفيض سريع' })).toContainText(
      '٩٫٠٠٠ ر.ع.',
    );
    await guest.goto('/');
    await guest
      .getByTestId('room-tier-silver')
      .getByRole('button', { name: /^احجز الآن/ })
      .click();
    const form = guest.getByRole('dialog', { name: /الغرفة الفضية/ });
    await form.getByLabel('الاسم الكامل').fill('سالم الهنائي');
    await form.getByLabel('رقم الهوية').fill('٤٤٥٥٦٦٧');
    await form.getByLabel('رقم الهاتف').fill('٩٤٤٥١٢٣٤');
    await fillStay(guest, STAY_LABEL.ar, muscatDay(61), muscatDay(63));
    await choose(form, { name: /^مزدوج/ });
    await choose(form, { name: /^لغير المدخنين/ });
    // 2 nights x 9.000 (15.000 less 40 %), not the room's 12.600.
    await expect(form.getByTestId('price-total')).toHaveText('١٨٫٠٠٠ ر.ع.');
    await expect(form.getByTestId('price-offer')).toHaveText('سعر عرض اليوم لهذه الغرفة');
    await form.getByRole('button', { name: 'تأكيد الحجز' }).click();
    await expect(guest.getByText('تم إرسال طلب الحجز', { exact: true })).toBeVisible();
    const booked = await staff.request.get(
      '/api/booking-submissions?q=' + encodeURIComponent('سالم الهنائي'),
    );
    const [booking] = (await booked.json()) as { totalPriceBaisa: number }[];
    expect(booking?.totalPriceBaisa).toBe(18_000);
    await guestContext.close();
  } finally {
    const off = await staff.request.patch(`/api/admin/offers/${offer.id}/active`, {
      data: { isActive: false },
    });
    expect(off.ok()).toBe(true);
    await staff.context().close();
  }
});
