import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import {
  bookingBody,
  createBooking,
  recordSounds,
  soundsPlayed,
  uniqueSuffix,
  staffSignsIn,
} from './support/desk';

/**
 * The front desk on a tablet, in Arabic, against the real worker: booking
 * alerts (approve, reject with a reason, the chime, offline), the room
 * counters, and the back office refused to a guest.
 */
test.use({ viewport: { width: 820, height: 1180 } });

test('staff approve one booking and reject another with a reason', async ({ page }) => {
  const suffix = uniqueSuffix();
  const toApprove = await createBooking(page.request, bookingBody(`ضيف الموافقة ${suffix}`));
  const toReject = await createBooking(page.request, bookingBody(`ضيف الرفض ${suffix}`));

  await staffSignsIn(page);
  await page.goto('/admin/bookings');
  // The first back-office screen of a fresh context loads its chunks: slow on a busy 2-core machine.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('الحجوزات', { timeout: 15_000 });
  // The six tabs fit on one row of the tablet (they wrapped onto two before).
  const tabs = page.getByRole('tablist', { name: 'الحجوزات حسب الحالة' }).getByRole('tab');
  await expect(tabs).toHaveCount(6);
  const tops = await tabs.evaluateAll((all) => all.map((tab) => Math.round(tab.getBoundingClientRect().top)));
  expect(new Set(tops).size, `tab rows at ${tops.join(', ')}`).toBe(1);
  await page.getByLabel('البحث في الحجوزات').fill(suffix);

  const pendingTab = page.getByRole('tabpanel');
  const approveCard = pendingTab.getByTestId('booking-card').filter({ hasText: toApprove.fullName });
  await expect(approveCard.getByTestId('booking-status')).toHaveText('قيد الانتظار');
  await expect(approveCard).toContainText('ذهبي');
  await approveCard.getByRole('button', { name: 'موافقة' }).click();
  const approveDialog = page.getByRole('dialog', { name: 'الموافقة على هذا الحجز؟' });
  await expect(approveDialog).toContainText(toApprove.fullName);
  await expectNoA11yViolations(page, 'booking alerts with the approve dialog, ar 820');
  await approveDialog.getByRole('button', { name: 'موافقة' }).click();
  await expect(page.getByText('تمت الموافقة على الحجز', { exact: true })).toBeVisible();
  await expect(approveDialog).toHaveCount(0);
  // Focus goes on to the next request's first action, never to <body>.
  await expect(
    pendingTab
      .getByTestId('booking-card')
      .filter({ hasText: toReject.fullName })
      .getByRole('button', { name: 'موافقة' }),
  ).toBeFocused();

  const rejectCard = pendingTab.getByTestId('booking-card').filter({ hasText: toReject.fullName });
  await rejectCard.getByRole('button', { name: 'رفض' }).click();
  const rejectDialog = page.getByRole('dialog', { name: 'رفض هذا الحجز؟' });
  await rejectDialog.getByLabel('السبب (اختياري)').fill('لا توجد غرف ذهبية متاحة في هذه التواريخ');
  await rejectDialog.getByRole('button', { name: 'رفض' }).click();
  await expect(page.getByText('تم رفض الحجز', { exact: true })).toBeVisible();
  await expect(pendingTab.getByTestId('booking-card')).toHaveCount(0);
  // The last one gone: the list's heading has the focus.
  await expect(page.getByTestId('booking-list-heading')).toBeFocused();

  // The approved one is now active, with its banner.
  await page.getByRole('tab', { name: /النشطة/ }).click();
  const approved = page
    .getByRole('tabpanel')
    .getByTestId('booking-card')
    .filter({ hasText: toApprove.fullName });
  await expect(approved.getByTestId('booking-status')).toHaveText('تمت الموافقة');
  await expect(approved).toContainText('تمت الموافقة على الحجز - قيد المعالجة');
  await expect(approved.getByRole('button', { name: 'تأكيد' })).toBeVisible();

  // The rejected one is cancelled, with the reason; staff see no Delete (admins only).
  await page.getByRole('tab', { name: /الملغاة/ }).click();
  const rejected = page
    .getByRole('tabpanel')
    .getByTestId('booking-card')
    .filter({ hasText: toReject.fullName });
  await expect(rejected.getByTestId('booking-status')).toHaveText('ملغى');
  await expect(rejected).toContainText('السبب: لا توجد غرف ذهبية متاحة في هذه التواريخ');
  await expect(rejected.getByRole('button', { name: 'حذف' })).toHaveCount(0);

  // The server agrees.
  const all = (await (await page.request.get(`/api/booking-submissions?q=${suffix}`)).json()) as {
    id: number;
    status: string;
    statusReason: string | null;
  }[];
  expect(all.find((b) => b.id === toApprove.id)?.status).toBe('approved');
  expect(all.find((b) => b.id === toReject.id)).toMatchObject({
    status: 'cancelled',
    statusReason: 'لا توجد غرف ذهبية متاحة في هذه التواريخ',
  });

  // The current bookings panel lists the approved one, not the cancelled one, and exports CSV.
  await page.getByRole('tab', { name: /الحجوزات الحالية/ }).click();
  const current = page.getByRole('tabpanel');
  await expect(current.getByTestId('booking-card').filter({ hasText: toApprove.fullName })).toHaveCount(1);
  await expect(current.getByTestId('booking-card').filter({ hasText: toReject.fullName })).toHaveCount(0);
  await expect(current.getByRole('link', { name: 'تصدير CSV' })).toHaveAttribute(
    'href',
    '/api/admin/bookings.csv',
  );

  // At volume: 28 pending requests are a compact list of 25 a page.
  const many = uniqueSuffix();
  for (let i = 0; i < 28; i++) {
    await createBooking(
      page.request,
      bookingBody(`ضيف الصفحات ${many} ${i}`, { bookingType: 'quick_management', deskStatus: 'pending' }),
    );
  }
  await page.getByRole('tab', { name: /قيد الانتظار/ }).click();
  await page.getByLabel('البحث في الحجوزات').fill(many);
  const rows = page.getByRole('tabpanel').getByTestId('booking-card');
  await expect(rows).toHaveCount(25);
  await expect(rows.first()).toContainText(`ضيف الصفحات ${many} 27`);
  await page.getByRole('button', { name: 'الصفحة التالية' }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.last()).toContainText(`ضيف الصفحات ${many} 0`);
  await expect(page.getByTestId('booking-list-heading')).toContainText('الصفحة ٢');
  await page.getByRole('button', { name: 'الصفحة السابقة' }).click();
  await expect(rows).toHaveCount(25);
  // The rows are compact: 25 fit in a few tablet screens, not one card each.
  const height = await page
    .getByTestId('booking-list')
    .evaluate((list) => list.getBoundingClientRect().height);
  expect(height).toBeLessThan(25 * 160);
});

test('a new booking rings the chime at volume 0.8, lights the badge, and offline the decisions wait', async ({
  page,
  context,
}) => {
  await recordSounds(page);
  // The page's clock runs as usual and is moved on to the next poll instead of waiting for it.
  await page.clock.install();
  await staffSignsIn(page);
  await page.goto('/admin/bookings');
  await expect(page.getByRole('tab', { name: /قيد الانتظار/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('جارٍ تحميل التنبيهات...')).toHaveCount(0);

  await page.getByRole('button', { name: 'تجربة الصوت' }).click();
  await expect.poll(async () => (await soundsPlayed(page)).length).toBe(1);

  const booking = await createBooking(page.request, bookingBody(`ضيف جديد ${uniqueSuffix()}`));
  // The list is polled every 10 s: the new booking rings once it arrives.
  await page.clock.fastForward(10_000);
  await expect
    .poll(async () => (await soundsPlayed(page)).length, { timeout: 20_000, intervals: [500] })
    .toBeGreaterThanOrEqual(2);
  const [, chime] = await soundsPlayed(page);
  expect(chime!.src).toMatch(/\/sounds\/new-booking\.wav$/);
  expect(chime!.volume).toBeCloseTo(0.8);
  expect((await page.request.get('/sounds/new-booking.wav')).headers()['content-type']).toMatch(/audio/);
  // The list is a page of 25, newest first, and journeys beside this one add pending bookings:
  // the guest is looked for by name (the search the desk uses for a caller).
  await page.getByLabel('البحث في الحجوزات').fill(booking.fullName);
  await expect(page.getByTestId('booking-card').filter({ hasText: booking.fullName })).toBeVisible({
    timeout: 20_000,
  });
  // A new request is an alert this member of staff has not read: the dashboard's red badge and the
  // bell's count (kept per account on the server), until read in the bell's list.
  await page.goto('/admin');
  const badgeGuest = `ضيف الشارة ${uniqueSuffix()}`;
  await createBooking(page.request, bookingBody(badgeGuest));
  await page.clock.fastForward(10_000);
  await expect(page.getByTestId('pending-badge')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('notification-count')).toBeVisible();
  await page.getByTestId('notification-bell').click();
  await expect(page.getByRole('heading', { name: 'تنبيهات الموظفين' })).toBeVisible();
  await page.getByRole('button', { name: 'تعليم الكل كمقروء' }).click();
  // Journeys beside this one add requests too: this one's alert is read now, whatever came after.
  await expect
    .poll(async () => {
      const alerts = (await (await page.request.get('/api/notifications/staff?limit=50')).json()) as {
        items: { fullName: string | null; isRead: boolean }[];
      };
      return alerts.items.find((a) => a.fullName === badgeGuest)?.isRead;
    })
    .toBe(true);
  await page.keyboard.press('Escape');

  await page.goto('/admin/bookings');
  // The searched page itself arrives (not only the first page shown while it loads) before the Wi-Fi drops.
  const searched = page.waitForResponse(
    (r) => r.url().includes('/api/booking-submissions?') && r.url().includes('q='),
  );
  await page.getByLabel('البحث في الحجوزات').fill(booking.fullName);
  await searched;
  const card = page.getByTestId('booking-card').filter({ hasText: booking.fullName });
  await expect(card.getByRole('button', { name: 'موافقة' })).toBeEnabled();
  await context.setOffline(true);
  // The desk's own note (the page's offline banner says it too).
  await expect(page.getByText(/لا يوجد اتصال بالإنترنت\. هذه آخر قائمة/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'موافقة' })).toBeDisabled();
  await context.setOffline(false);
  await expect(card.getByRole('button', { name: 'موافقة' })).toBeEnabled();
});

// A room counter's rule (+ up to the maximum and no further, − again, each count sent; 0 of 0
// cannot move; the quick booking form offered while rooms are free) is the screen's component
// test, web/src/features/admin/inventory/components/room-inventory-screen.test.tsx; the server
// taking and refusing counts, worker/src/modules/bookings/booking-desk.test.ts.

test('staff make a quick booking for a guest at the desk, checked before it is sent', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await staffSignsIn(page);
  await page.goto('/admin/inventory');
  const form = page.getByRole('form', { name: 'Quick booking' });
  await form.getByRole('button', { name: 'Create the booking' }).click();
  await expect(form.getByText('Full name is required')).toBeVisible();
  await expect(form.getByText('Check-in date required')).toBeVisible();
  await expect(form.getByText('please select room type')).toBeVisible();

  const name = `Desk Walk-in ${uniqueSuffix()}`;
  await form.getByLabel('Full name').fill(name);
  await form.getByLabel('Phone number').fill('+968 9123 4567');
  await form.getByLabel('ID number').fill('12345678');
  // Dates are typed segment by segment, whatever order the locale shows them in.
  const year = 2032 + Math.floor(Math.random() * 3);
  const month = 1 + Math.floor(Math.random() * 12);
  const day = 1 + Math.floor(Math.random() * 25);
  const pad = (n: number) => String(n).padStart(2, '0');
  for (const [field, d] of [
    ['Check-in', day],
    ['Check-out', day + 2],
  ] as const) {
    await form.getByRole('spinbutton', { name: `day, ${field}` }).pressSequentially(pad(d));
    await form.getByRole('spinbutton', { name: `month, ${field}` }).pressSequentially(pad(month));
    await form.getByRole('spinbutton', { name: `year, ${field}` }).pressSequentially(String(year));
  }
  for (const [label, option] of [
    ['Room type', 'Deluxe Suite'],
    ['Bed type', 'Double (two separate beds)'],
    ['Smoking preference', 'Non-smoking'],
  ] as const) {
    await form.getByRole('button', { name: new RegExp(label) }).click();
    await page.getByRole('option', { name: option }).click();
  }
  await form.getByRole('button', { name: 'Create the booking' }).click();
  await expect(page.getByText('Booking created', { exact: true })).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveValue('');

  const [created] = (await (
    await page.request.get(`/api/booking-submissions?q=${encodeURIComponent(name)}`)
  ).json()) as {
    roomType: string;
    bookingType: string;
    paymentMethod: string;
    status: string;
    checkInDate: string;
    checkOutDate: string;
    reference: string;
  }[];
  // The toast names the booking by the reference a guest can say on the phone.
  const reference = `${created!.reference.slice(0, 3)}-${created!.reference.slice(3)}`;
  await expect(page.getByText(`Booking \u2066${reference}\u2069 for ${name} is approved.`)).toBeVisible();
  expect(created).toMatchObject({
    roomType: 'deluxe',
    bookingType: 'quick_management',
    paymentMethod: 'cash',
    // A walk-in booked at the desk starts approved.
    status: 'approved',
    checkInDate: `${year}-${pad(month)}-${pad(day)}`,
    checkOutDate: `${year}-${pad(month)}-${pad(day + 2)}`,
  });
});

// A guest at the booking alerts (/admin/bookings) is shown the 403 page: web/src/app/route-guards.test.tsx;
// the server refuses them the staff export and lists only their own bookings: worker/src/roles.test.ts.
