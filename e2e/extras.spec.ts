import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { fillDate, muscatDay } from './support/desk';

/**
 * The extras before arrival (docs/decisions/098-stay-extras.md), the path a guest takes:
 * a guest with a stay in three days, opted in to WhatsApp, gets the hotel's message; on a phone in
 * Arabic they open its link, buy the upgrade to the last Gold room and, with the network gone, an
 * airport transfer that the phone sends once when it is back; a second guest asking for the same
 * upgrade a moment later hears that the room went; the front desk's tablet shows both extras on
 * the arrivals of that day. The offers, the bookings and the last-room setting are made through the
 * API (their screens have tests of their own); the rules and refusals are worker tests.
 */

const MANAGER = { email: 'manager@example.com', password: 'change-me-manager' };
const STAFF = { email: 'staff@example.com', password: 'change-me-staff' };
const freshPhone = () => `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;

async function signedIn(request: APIRequestContext, who: { email: string; password: string }) {
  const res = await request.post('/api/auth/login', { data: who });
  expect(res.ok(), await res.text()).toBe(true);
}

test('a guest three days out gets the WhatsApp message, buys the last Gold upgrade and a transfer (offline), the second guest is refused, the desk sees both', async ({
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const arrival = muscatDay(3);
  const departure = muscatDay(4);
  const staff = await playwright.request.newContext({ baseURL });
  await signedIn(staff, MANAGER);

  // The hotel's offers (a manager's, at /admin/extras).
  const offer = async (body: Record<string, unknown>) => {
    const res = await staff.post('/api/admin/extras', { data: body });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { extra: { id: number } }).extra;
  };
  const upgrade = await offer({
    kind: 'upgrade',
    nameAr: `ترقية إلى الغرفة الذهبية ${tag}`,
    nameEn: `Upgrade to the Gold room ${tag}`,
    priceBaisa: 7_000,
    department: 'room',
    fromRoomType: 'silver',
    toRoomType: 'gold',
    instant: true,
  });
  await offer({
    kind: 'transfer',
    nameAr: `توصيل من المطار ${tag}`,
    nameEn: `Airport transfer ${tag}`,
    priceBaisa: 12_000,
    department: 'transfer',
    instant: true,
  });

  // Two guests in Silver on the same night, three days away; the first opted in to WhatsApp.
  const book = async (request: APIRequestContext, fullName: string, phoneNumber: string, optIn: boolean) => {
    const res = await request.post('/api/booking-submissions?lang=ar', {
      data: {
        fullName,
        idNumber: '87654321',
        phoneNumber,
        roomType: 'silver',
        bedType: 'double',
        smokingPreference: 'non_smoking',
        numberOfGuests: 2,
        checkInDate: arrival,
        checkOutDate: departure,
        whatsappOptIn: optIn,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { booking: { id: number; reference: string } }).booking;
  };
  const phone = freshPhone();
  const firstGuest = await playwright.request.newContext({ baseURL });
  const first = await book(firstGuest, `نورة الكندية ${tag}`, phone, true);
  await firstGuest.dispose();
  const second = await playwright.request.newContext({ baseURL });
  const other = await book(second, `Hamed Al Rawahi ${tag}`, freshPhone(), false);
  // The desk approves both requests.
  for (const id of [first.id, other.id]) {
    const res = await staff.patch(`/api/booking-submissions/${id}/status`, { data: { status: 'approved' } });
    expect(res.ok(), await res.text()).toBe(true);
  }

  // The Gold rooms that night taken but one (a double, non-smoking, as the guests'): the desk's own
  // bookings, the singles and smoking rooms first (released at the end).
  type Row = { roomType: string; availableCount: number; bedType?: string; smokingType?: string };
  const read = async (path: string) =>
    ((await (await staff.get(`${path}?from=${arrival}&to=${departure}`)).json()) as Row[]).filter(
      (r) => r.roomType === 'gold',
    );
  const [rooms, beds, smoking] = await Promise.all([
    read('/api/room-inventory'),
    read('/api/room-bed-inventory'),
    read('/api/room-smoking-inventory'),
  ]);
  let singles = beds.find((b) => b.bedType === 'single')?.availableCount ?? 0;
  let smokers = smoking.find((r) => r.smokingType === 'smoking')?.availableCount ?? 0;
  const fill = Array.from({ length: rooms[0]!.availableCount - 1 }, (_, i) => ({
    fullName: `Block ${tag} ${i}`,
    bookingType: 'quick_management',
    idNumber: '12345678',
    phoneNumber: freshPhone(),
    roomType: 'gold',
    bedType: singles-- > 0 ? 'single' : 'double',
    smokingPreference: smokers-- > 0 ? 'smoking' : 'non_smoking',
    numberOfGuests: 1,
    checkInDate: arrival,
    checkOutDate: departure,
  }));
  const fillers: number[] = [];
  // A few at a time: the server's one D1 takes them in turn anyway.
  for (let i = 0; i < fill.length; i += 6) {
    const made = await Promise.all(
      fill.slice(i, i + 6).map((data) => staff.post('/api/booking-submissions', { data })),
    );
    for (const res of made) {
      expect(res.status(), await res.text()).toBe(201);
      fillers.push(((await res.json()) as { booking: { id: number } }).booking.id);
    }
  }
  expect((await read('/api/room-inventory'))[0]!.availableCount).toBe(1);

  try {
    // The guest writes on WhatsApp (any hour: the hotel may answer within 24 hours), then the
    // dated sends go: the extras' message, with its signed link, as text inside the window. The
    // fake's sent list names the number as the app sent it: `+` and the country code.
    const wrote = await staff.post('/api/dev/whatsapp/inbound', {
      data: { from: `968${phone}`, text: 'مرحبا' },
    });
    expect(wrote.ok(), await wrote.text()).toBe(true);
    await expect
      .poll(async () => {
        // A JSON body: a bodiless POST is refused as a cross-site form post would be.
        expect((await staff.post('/api/dev/whatsapp/dated', { data: {} })).ok()).toBe(true);
        const sent = (await (await staff.get('/api/dev/whatsapp/sent')).json()) as {
          to: string;
          text: string | null;
        }[];
        return sent.find((s) => s.to === `+968${phone}` && s.text?.includes('/extras?t='))?.text ?? '';
      })
      .toContain(`/booking/${first.reference}/extras`);
    const sent = (await (await staff.get('/api/dev/whatsapp/sent')).json()) as { to: string; text: string }[];
    const text = sent.find((s) => s.to === `+968${phone}` && s.text?.includes('/extras?t='))!.text;
    const link = new URL(/https?:\/\/\S+/.exec(text)![0]);

    // The guest's phone, in Arabic, opens the message's link.
    const phoneContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await phoneContext.newPage();
    await page.goto(`${link.pathname}${link.search}`);
    // The first page of a cold phone: the app, the lazy screen and the link's exchange.
    await expect(page.getByRole('heading', { name: 'أضف إلى إقامتك' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/extras\?via=whatsapp$/);
    const upgradeCard = page
      .getByTestId('extra-offer')
      .filter({ hasText: `ترقية إلى الغرفة الذهبية ${tag}` });
    await upgradeCard.getByTestId('extra-add').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('الغرفة الذهبية');
    const bought = page.waitForResponse(
      (r) =>
        r.url().endsWith(`/api/booking-submissions/${first.id}/extras`) && r.request().method() === 'POST',
    );
    await dialog.getByTestId('extra-buy').click();
    expect((await bought).status()).toBe(201);

    // The second guest, a moment later: the last Gold room went.
    const refused = await second.post(`/api/booking-submissions/${other.id}/extras?lang=ar`, {
      data: { extraId: upgrade.id },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'extra_upgrade_sold_out',
      message: expect.stringMatching(/الغرفة الأفضل/),
    });

    const purchases = page.getByTestId('stay-purchases');
    await expect(purchases.getByTestId('stay-purchase').filter({ hasText: 'ترقية' })).toHaveAttribute(
      'data-status',
      'confirmed',
    );

    // The transfer, bought with the network gone: kept on the phone, sent once when it is back.
    await phoneContext.setOffline(true);
    const transferCard = page.getByTestId('extra-offer').filter({ hasText: `توصيل من المطار ${tag}` });
    await transferCard.getByTestId('extra-add').click();
    await page.getByLabel('رقم الرحلة').fill('WY 102');
    await page.getByLabel('موعد الهبوط').fill('١٠:٣٠');
    await page.getByRole('dialog').getByTestId('extra-buy').click();
    await expect(page.getByTestId('extras-waiting')).toBeVisible();
    await phoneContext.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByTestId('extras-waiting')).toBeHidden({ timeout: 15_000 });
    await expect(purchases.getByTestId('stay-purchase').filter({ hasText: 'WY 102' })).toBeVisible();
    const list = (await (
      await page.request.get(`/api/booking-submissions/${first.id}/purchases`)
    ).json()) as {
      purchases: { kind: string }[];
    };
    expect(list.purchases.filter((p) => p.kind === 'transfer')).toHaveLength(1);

    // The front desk's tablet: the arrivals of that day show the stay's extras.
    const tablet = await browser.newContext({ baseURL, viewport: { width: 820, height: 1180 } });
    await tablet.addInitScript(() => localStorage.setItem('language', 'en'));
    const desk = await tablet.newPage();
    await signedIn(desk.request, STAFF);
    await desk.goto('/admin/front-desk');
    await expect(desk.getByRole('heading', { name: 'Front desk' })).toBeVisible();
    // The day's field arrives after the list (a lazy chunk): its segments first, then the day typed.
    await expect(
      desk.getByRole('group', { name: 'Day', exact: true }).getByRole('spinbutton').first(),
    ).toBeVisible();
    await fillDate(desk, 'Day', arrival);
    const row = desk.getByTestId('desk-row').filter({ hasText: `نورة الكندية ${tag}` });
    await expect(row.getByTestId('desk-extra').filter({ hasText: 'now Gold' })).toBeVisible();
    await expect(row.getByTestId('desk-extra').filter({ hasText: 'WY 102' })).toBeVisible();
    await tablet.close();
    await phoneContext.close();
  } finally {
    for (let i = 0; i < fillers.length; i += 6)
      await Promise.all(
        fillers
          .slice(i, i + 6)
          .map((id) =>
            staff.patch(`/api/booking-submissions/${id}/status`, { data: { status: 'cancelled' } }),
          ),
      );
    await staff.dispose();
    await second.dispose();
  }
});
