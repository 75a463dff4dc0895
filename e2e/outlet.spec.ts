import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';
import {
  bookingBody,
  choose,
  muscatDay,
  recordSounds,
  soundsPlayed,
  stayInHouse,
  uniqueSuffix,
} from './support/desk';
import { screenshot } from './support/screenshots';

/**
 * The café's tablet (docs/decisions/090-outlets.md), 820 px, as a waiter: two coffees charged to
 * an in-house guest's room in Arabic (the guest's surname shown to compare), and the guest's bill
 * on their phone shows them with the café's name at once; then a cake in English. The outlet,
 * its menu, the waiter and the stay are made through the API (not what the journey is about);
 * the rules and refusals are the worker's and component tests'.
 */
test.use({ viewport: { width: 820, height: 1180 } });

const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };

async function signIn(page: Page, who: { email: string; password: string }) {
  const login = await page.request.post('/api/auth/login', { data: who });
  expect(login.ok(), await login.text()).toBe(true);
}

test('a waiter charges two coffees to a room from the café’s tablet, and the guest’s bill shows them', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const suffix = uniqueSuffix();
  await signIn(page, ADMIN);
  const waiter = { email: `waiter-${suffix}@example.com`, password: `waiter-password-${suffix}` };
  const made = await page.request.post('/api/admin/staff', {
    data: { fullName: 'Café Waiter', ...waiter, role: 'outlet' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const waiterId = ((await made.json()) as { staff: { id: number } }).staff.id;
  const outlet = await page.request.post('/api/admin/outlets', {
    data: {
      nameAr: `مقهى الرحلة ${suffix}`,
      nameEn: `Journey Café ${suffix}`,
      kind: 'cafe',
      opensAt: '00:00',
      closesAt: '00:00',
      staffIds: [waiterId],
    },
  });
  expect(outlet.status(), await outlet.text()).toBe(201);
  const outletId = ((await outlet.json()) as { outlet: { id: number } }).outlet.id;
  for (const item of [
    { nameAr: 'قهوة عربية', nameEn: 'Arabic coffee', priceBaisa: 1_500, department: 'restaurant' },
    { nameAr: 'كيكة التمر', nameEn: 'Date cake', priceBaisa: 2_300, department: 'restaurant' },
  ]) {
    const res = await page.request.post(`/api/admin/outlets/${outletId}/items`, { data: item });
    expect(res.status(), await res.text()).toBe(201);
  }
  const body = bookingBody(`Salim Al Rawahi`, {
    roomType: 'gold',
    checkInDate: muscatDay(0),
    checkOutDate: muscatDay(1),
  });
  const stay = await stayInHouse<{ id: number; reference: string }>(page.request, body);
  const room = stay.room.number;

  // The waiter's tablet, in Arabic (the app's default).
  await signIn(page, waiter);
  await page.goto('/outlet');
  await expect(page).toHaveURL(`/outlet/${outletId}`);
  const screen = page.getByTestId('outlet-screen');
  await expect(screen.getByRole('heading', { level: 1 })).toHaveText(`مقهى الرحلة ${suffix}`);
  const coffee = screen.getByRole('button', { name: /^قهوة عربية/ });
  await coffee.click();
  await coffee.click();
  await expect(page.getByTestId('check-total')).toContainText('٣٫٠٠٠');
  await page.getByTestId(`outlet-room-${room}`).click();
  await expect(page.getByTestId('outlet-room-guest')).toContainText('Rawahi');
  await expectNoA11yViolations(page, 'outlet tablet, ar 820');
  await screenshot(page, testInfo.outputPath('outlet-tablet-ar-820.png'), { fullPage: true });
  await page.getByTestId('charge-room').click();
  await expect(page.getByTestId('check-line')).toHaveCount(0);
  await expect(page.getByTestId('day-check')).toHaveCount(1);

  // The guest's bill on their phone, at once, names the café.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const guest = await phone.newPage();
  const found = await guest.request.post('/api/bookings/lookup', {
    data: { reference: stay.reference, phoneNumber: body.phoneNumber },
  });
  expect(found.ok(), await found.text()).toBe(true);
  await guest.goto(`/booking/${stay.reference}`);
  const bill = guest.getByTestId('booking-bill');
  const line = bill.getByTestId('folio-line').filter({ hasText: `مقهى الرحلة ${suffix}` });
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('قهوة عربية');
  await expect(line).toContainText('٣٫٠٠٠');
  await screenshot(guest, testInfo.outputPath('guest-bill-outlet-ar-390.png'), { fullPage: true });

  // In English: a cake, the same way.
  await page.goto(`/outlet/${outletId}?lang=en`);
  await expect(screen.getByRole('heading', { level: 1 })).toHaveText(`Journey Café ${suffix}`);
  await screen.getByRole('button', { name: /^Date cake/ }).click();
  await page.getByTestId(`outlet-room-${room}`).click();
  await page.getByTestId('charge-room').click();
  await expect(page.getByTestId('day-check')).toHaveCount(2);
  await expectNoA11yViolations(page, 'outlet tablet, en 820');
  await screenshot(page, testInfo.outputPath('outlet-tablet-en-820.png'), { fullPage: true });
  await guest.reload();
  // The guest's page is Arabic: both of the café's lines in its language only.
  await expect(bill.getByTestId('folio-line').filter({ hasText: `مقهى الرحلة ${suffix}` })).toHaveCount(2);
  await expect(bill.getByTestId('folio-line').filter({ hasText: `Journey Café ${suffix}` })).toHaveCount(0);
  await phone.close();
});

/**
 * A guest in house orders from the app (docs/decisions/102-outlet-orders.md): on their phone in
 * Arabic, two coffees from the café and a massage at a time from the spa; the café's tablet hears
 * the order at once (a sound), accepts it, and the guest's screen says so without reloading; the spa
 * accepts the massage; a cake ordered offline waits on the phone and is sent once when the network
 * returns, then refused with a reason the guest reads in Arabic; the guest's bill
 * shows the coffees and the massage once each. Outlets, menus, the waiter and the stay are made
 * through the API; the rules and refusals are the worker's tests' (outlet-orders.test.ts).
 */
test('a guest in house orders coffees and a massage in the app; the tablets accept them live and the bill shows them once', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const suffix = uniqueSuffix();
  await signIn(page, ADMIN);
  const waiter = { email: `order-waiter-${suffix}@example.com`, password: `waiter-password-${suffix}` };
  const made = await page.request.post('/api/admin/staff', {
    data: { fullName: 'Order Waiter', ...waiter, role: 'outlet' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const waiterId = ((await made.json()) as { staff: { id: number } }).staff.id;
  const outletOf = async (data: Record<string, unknown>) => {
    const res = await page.request.post('/api/admin/outlets', {
      data: { opensAt: '00:00', closesAt: '00:00', staffIds: [waiterId], appOrders: true, ...data },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { outlet: { id: number } }).outlet.id;
  };
  const cafeId = await outletOf({
    nameAr: `مقهى الطلبات ${suffix}`,
    nameEn: `Order Café ${suffix}`,
    kind: 'cafe',
  });
  const spaId = await outletOf({
    nameAr: `سبا الطلبات ${suffix}`,
    nameEn: `Order Spa ${suffix}`,
    kind: 'spa',
  });
  for (const [outletId, item] of [
    [cafeId, { nameAr: 'قهوة عربية', nameEn: 'Arabic coffee', priceBaisa: 1_500, department: 'restaurant' }],
    [cafeId, { nameAr: 'كيكة التمر', nameEn: 'Date cake', priceBaisa: 2_300, department: 'restaurant' }],
    [
      spaId,
      { nameAr: 'تدليك', nameEn: 'Massage', priceBaisa: 25_000, department: 'spa', durationMinutes: 60 },
    ],
  ] as const) {
    const res = await page.request.post(`/api/admin/outlets/${outletId}/items`, { data: item });
    expect(res.status(), await res.text()).toBe(201);
  }
  const body = bookingBody('Huda Al Busaidi', {
    roomType: 'gold',
    checkInDate: muscatDay(0),
    checkOutDate: muscatDay(1),
  });
  const stay = await stayInHouse<{ id: number; reference: string }>(page.request, body);
  const room = stay.room.number;

  // The café's tablet, open and listening, in Arabic.
  await recordSounds(page);
  await signIn(page, waiter);
  await page.goto(`/outlet/${cafeId}`);
  const orders = page.getByTestId('app-orders');
  await expect(orders.getByTestId('app-orders-count')).toHaveText('٠');

  // The guest's phone, in Arabic: from the booking's page to the order screen.
  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const guest = await phone.newPage();
  const found = await guest.request.post('/api/bookings/lookup', {
    data: { reference: stay.reference, phoneNumber: body.phoneNumber },
  });
  expect(found.ok(), await found.text()).toBe(true);
  await guest.goto(`/booking/${stay.reference}`);
  await guest.getByTestId('stay-order-link').click();
  await expect(guest).toHaveURL(new RegExp(`/stay/${stay.id}/order`));
  const screen = guest.getByTestId('stay-orders');
  await choose(screen, { name: `مقهى الطلبات ${suffix}` });
  const coffee = screen.getByTestId('order-item').filter({ hasText: 'قهوة عربية' });
  await coffee.getByTestId(/^order-add-/).click();
  await coffee.getByTestId(/^order-add-/).click();
  await expect(screen.getByTestId('order-total')).toContainText('٣٫٠٠٠');
  await expectNoA11yViolations(guest, 'guest order screen, ar 390');
  await screenshot(guest, testInfo.outputPath('guest-order-ar-390.png'), { fullPage: true });
  await screen.getByTestId('order-send').click();
  const mine = screen.getByTestId('my-order');
  await expect(mine).toHaveCount(1);
  await expect(mine.first()).toHaveAttribute('data-status', 'sent');

  // The tablet hears it at once, with a sound; the waiter accepts it.
  await expect(orders.getByTestId('app-order')).toHaveCount(1);
  await expect(orders.getByTestId('app-order')).toContainText('قهوة عربية');
  await expect(orders.getByTestId('app-order')).toContainText('Busaidi');
  expect((await soundsPlayed(page)).some((p) => p.src.endsWith('/sounds/new-order.wav'))).toBe(true);
  await expectNoA11yViolations(page, 'outlet tablet orders, ar 820');
  await screenshot(page, testInfo.outputPath('outlet-orders-ar-820.png'), { fullPage: true });
  await orders.getByTestId('app-order-accept').click();
  await expect(orders.getByTestId('app-order')).toHaveCount(0);
  await expect(page.getByTestId('day-check')).toHaveCount(1);
  // The guest's screen moves without a reload.
  await expect(mine.first()).toHaveAttribute('data-status', 'accepted');
  await expect(mine.first().getByTestId('my-order-status')).toContainText('مقبول');

  // A massage at a time from the spa.
  await choose(screen, { name: `سبا الطلبات ${suffix}` });
  await screen
    .getByTestId('order-item')
    .filter({ hasText: 'تدليك' })
    .getByTestId(/^order-add-/)
    .click();
  await expect(screen.getByTestId('order-send')).toBeDisabled();
  await screen.getByTestId('order-time').getByRole('button').click();
  await guest.getByRole('option').first().click();
  await screen.getByTestId('order-send').click();
  await expect(mine).toHaveCount(2);
  await page.goto(`/outlet/${spaId}`);
  await expect(orders.getByTestId('app-order')).toHaveCount(1);
  await expect(orders.getByTestId('app-order-time')).toBeVisible();
  await orders.getByTestId('app-order-accept').click();
  await expect(mine.first()).toHaveAttribute('data-status', 'accepted');

  // A cake ordered with the network gone: kept on the phone, sent once when it returns.
  await choose(screen, { name: `مقهى الطلبات ${suffix}` });
  await screen
    .getByTestId('order-item')
    .filter({ hasText: 'كيكة التمر' })
    .getByTestId(/^order-add-/)
    .click();
  await phone.setOffline(true);
  await screen.getByTestId('order-send').click();
  await expect(screen.getByTestId('queued-order')).toHaveCount(1);
  await expect(mine).toHaveCount(2);
  await phone.setOffline(false);
  await expect(screen.getByTestId('queued-order')).toHaveCount(0);
  await expect(mine).toHaveCount(3);

  // Refused by the café in English: the guest reads why in Arabic.
  await page.goto(`/outlet/${cafeId}?lang=en`);
  await expect(orders.getByTestId('app-order')).toHaveCount(1);
  await expect(orders.getByTestId('app-order')).toContainText('Date cake');
  await screenshot(page, testInfo.outputPath('outlet-orders-en-820.png'), { fullPage: true });
  await orders.getByTestId('app-order-refuse').click();
  const dialog = page.getByRole('dialog');
  await choose(dialog, { name: 'Not available now' });
  await dialog.getByTestId('app-order-refuse-confirm').click();
  await expect(orders.getByTestId('app-order')).toHaveCount(0);
  await expect(mine.first()).toHaveAttribute('data-status', 'refused');
  await expect(mine.first().getByTestId('my-order-refusal')).toContainText('غير متوفر الآن');
  await screenshot(guest, testInfo.outputPath('guest-orders-ar-390.png'), { fullPage: true });

  // The bill: the coffees and the massage, once each; nothing for the refused cake.
  await guest.goto(`/booking/${stay.reference}`);
  const bill = guest.getByTestId('booking-bill');
  await expect(bill.getByTestId('folio-line').filter({ hasText: `مقهى الطلبات ${suffix}` })).toHaveCount(1);
  await expect(bill.getByTestId('folio-line').filter({ hasText: `سبا الطلبات ${suffix}` })).toHaveCount(1);
  await expect(bill).not.toContainText('كيكة التمر');
  expect(room).not.toBe('');
  await phone.close();
});
