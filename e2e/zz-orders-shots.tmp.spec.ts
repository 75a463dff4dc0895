import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { bookingBody, muscatDay, stayInHouse, uniqueSuffix } from './support/desk';

const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };
const OUT = '/work/wt/shots/orders';

test('orders screenshots', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  expect((await page.request.post('/api/auth/login', { data: ADMIN })).ok()).toBe(true);
  const waiter = { email: `shots-waiter-${suffix}@example.com`, password: `waiter-password-${suffix}` };
  const made = await page.request.post('/api/admin/staff', { data: { fullName: 'Shots Waiter', ...waiter, role: 'outlet' } });
  const waiterId = ((await made.json()) as { staff: { id: number } }).staff.id;
  const outletOf = async (data: Record<string, unknown>) => {
    const res = await page.request.post('/api/admin/outlets', {
      data: { opensAt: '07:00', closesAt: '23:00', staffIds: [waiterId], appOrders: true, ...data },
    });
    return ((await res.json()) as { outlet: { id: number } }).outlet.id;
  };
  const spaId = await outletOf({ nameAr: 'سبا النخيل', nameEn: 'Palm Spa', kind: 'spa', opensAt: '00:00', closesAt: '00:00', slotCapacity: 2 });
  const photos = ['lounge-gold-480.ad39609b.webp', 'lounge-silver-480.89443a13.webp', 'hero-480.178feed5.webp'];
  const items = [
    { nameAr: 'تدليك بالزيت العماني', nameEn: 'Omani oil massage', priceBaisa: 25_000, department: 'spa', durationMinutes: 60 },
    { nameAr: 'حمام مغربي', nameEn: 'Moroccan bath', priceBaisa: 18_000, department: 'spa', durationMinutes: 45 },
    { nameAr: 'علاج الوجه باللبان', nameEn: 'Frankincense facial', priceBaisa: 22_500, department: 'spa', durationMinutes: 50 },
  ];
  for (const [i, item] of items.entries()) {
    const res = await page.request.post(`/api/admin/outlets/${spaId}/items`, { data: item });
    const itemId = ((await res.json()) as { item: { id: number } }).item.id;
    const up = await page.request.put(`/api/admin/outlets/${spaId}/items/${itemId}/photo`, {
      data: readFileSync(`web/public/images/demo/${photos[i]}`),
      headers: { 'Content-Type': 'image/webp' },
    });
    expect(up.ok(), await up.text()).toBe(true);
  }
  const body = bookingBody('Maryam Al Harthy', { roomType: 'gold', checkInDate: muscatDay(0), checkOutDate: muscatDay(2) });
  const stay = await stayInHouse<{ id: number; reference: string }>(page.request, body);
  const phone = await browser.newContext({ baseURL });
  const guest = await phone.newPage();
  await guest.request.post('/api/bookings/lookup', { data: { reference: stay.reference, phoneNumber: body.phoneNumber } });
  // One order waiting, one accepted, one refused (through the API).
  const spaMenu = ((await (await guest.request.get('/api/outlets/menus')).json()) as { outlets: { id: number; items: { id: number }[] }[] }).outlets.find((o) => o.id === spaId)!;
  const times = ['T18:00', 'T19:00', 'T20:00'].map((t) => `${muscatDay(1)}${t}`);
  const ids: number[] = [];
  for (const [i, it] of spaMenu.items.entries()) {
    const res = await guest.request.post(`/api/stays/${stay.id}/orders`, {
      data: { outletId: spaId, items: [{ itemId: it.id, quantity: 1 }], time: times[i], ...(i === 0 ? { note: 'Light pressure, please' } : {}) },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { order: { id: number } }).order.id);
  }
  expect((await page.request.post('/api/auth/login', { data: waiter })).ok()).toBe(true);
  const acc = await page.request.post(`/api/outlets/orders/${ids[1]}/accept`, { headers: { Origin: baseURL! } });
  expect(acc.ok(), await acc.text()).toBe(true);
  expect((await page.request.post(`/api/outlets/orders/${ids[2]}/refuse`, { data: { reason: 'fully_booked', note: 'Fully booked tonight' } })).ok()).toBe(true);
  for (const width of [390, 820, 1280]) {
    for (const lang of ['ar', 'en']) {
      await guest.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
      await guest.goto(`/stay/${stay.id}/order?ref=${stay.reference}&outlet=${spaId}&lang=${lang}`);
      await expect(guest.getByTestId('order-item').first()).toBeVisible();
      await guest.getByTestId('order-item').first().getByTestId(/^order-add-/).click();
      await guest.waitForTimeout(500);
      await guest.screenshot({ path: `${OUT}/guest-order-${lang}-${width}.png`, fullPage: true });
      await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
      await page.goto(`/outlet/${spaId}?lang=${lang}`);
      await expect(page.getByTestId('app-order').first()).toBeVisible();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${OUT}/tablet-orders-${lang}-${width}.png`, fullPage: true });
    }
  }
  await page.getByTestId('app-order-refuse').first().click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${OUT}/tablet-refuse-en-1280.png` });
  await phone.close();
});
