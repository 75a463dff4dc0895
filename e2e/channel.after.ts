import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { STAFF, uniqueSuffix } from './support/desk';
import { screenshot } from './support/screenshots';

/**
 * The channel manager's newcomer journey, against the fake Channex inside the development worker,
 * on a tablet in Arabic: an admin raises next Thursday's gold price in the rate calendar and the
 * fake's ARI shows it within seconds (the sender runs after each write); a booking.com booking
 * taken at the fake's "OTA" is on the front desk's arrivals with its source and reference; it is
 * cancelled there and the night is for sale again at the fake (availability back up by one);
 * the channel screen says the link is connected and lists both revisions, applied, none flagged.
 * It runs in the site-settings stage, after every other journey: the OTA's stay holds a gold
 * room tonight, and the price edit moves what later pages would show.
 */
test.use({ viewport: { width: 820, height: 1180 } });

const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };
const ROOM_TYPE = 'gold';
const RATE_PLAN = 'standard:gold';
/** 63.250 a night for the guests the price includes, typed in Arabic-Indic digits as a manager in Oman would. */
const NEW_PRICE_TYPED = '٦٣٫٢٥٠';
const NEW_PRICE_BAISA = 63_250;
/**
 * The sender runs after each write (waitUntil): a few seconds here. After the other journeys'
 * writes the fake's limit (10 calls of a kind a minute) may make it wait for the next minute.
 */
const WITHIN = { timeout: 75_000, intervals: [250, 500, 1000, 2000] };

const hotelToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Muscat' }).format(new Date());
function addDays(iso: string, days: number) {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
/** The first Thursday after today (a week ahead when today is a Thursday). */
function nextThursday(today: string) {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday ... 4 Thursday
  return addDays(today, (4 - weekday + 7) % 7 || 7);
}

type AriNight = { date: string; availability: number | null; priceBaisa: number | null };

/** What the fake Channex holds for one night of gold on the standard plan. */
async function ariNight(request: APIRequestContext, date: string): Promise<AriNight> {
  const res = await request.get('/api/dev/channel/ari', {
    params: { roomType: ROOM_TYPE, ratePlan: RATE_PLAN, from: date, to: date },
  });
  expect(res.status(), await res.text()).toBe(200);
  const nights = (await res.json()) as AriNight[];
  return nights.find((n) => n.date === date) ?? { date, availability: null, priceBaisa: null };
}

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.context().clearCookies();
  const login = await page.request.post('/api/auth/login', { data: who });
  expect(login.ok(), await login.text()).toBe(true);
}

test('a newcomer raises Thursday, sees it at the fake, takes a booking.com stay to the desk and cancels it', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const shot = (name: string) => screenshot(page, testInfo.outputPath(`${name}.png`), { fullPage: true });
  const today = hotelToday();
  const thursday = nextThursday(today);

  // The journeys' server runs with the link off (scripts/serve-e2e.mjs): an admin switches it on
  // and sends every night once, as a hotel does when it connects.
  await signIn(page, ADMIN);
  const on = await page.request.put('/api/admin/channel', { data: { enabled: true } });
  expect(on.ok(), await on.text()).toBe(true);
  // A body of JSON: a POST without a content type is taken as a form (hono's csrf) and refused.
  const sync = await page.request.post('/api/admin/channel/full-sync', { data: {} });
  expect(sync.status(), await sync.text()).toBe(202);

  // 1. Next Thursday's gold price raised in the rate calendar, through the night's own dialog.
  await page.goto('/admin/rates');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('تقويم الأسعار');
  const cell = page
    .getByTestId(`rate-row-${ROOM_TYPE}`)
    .locator(`[data-testid="rate-cell"][data-night="${thursday}"]`);
  await cell.click();
  const night = page.getByRole('dialog', { name: /^الغرفة الذهبية/ });
  await night.getByRole('textbox', { name: 'السعر للضيوف المشمولين' }).fill(NEW_PRICE_TYPED);
  await night.getByRole('button', { name: 'حفظ هذه الليلة' }).click();
  await expect(night).toHaveCount(0);
  await expect(cell.getByTestId('rate-price')).toHaveText('٦٣٫٢٥٠');
  await expect
    .poll(async () => (await ariNight(page.request, thursday)).priceBaisa, WITHIN)
    .toBe(NEW_PRICE_BAISA);

  // 2. booking.com sells tonight's gold room at the fake; its webhook places it here.
  await expect
    .poll(async () => (await ariNight(page.request, today)).availability, WITHIN)
    .toBeGreaterThan(0);
  const before = (await ariNight(page.request, today)).availability!;
  const reference = `BDC-${uniqueSuffix()}`.toUpperCase();
  const guestName = `Layla Channel ${uniqueSuffix()}`;
  const made = await page.request.post('/api/dev/channel/bookings', {
    data: {
      otaName: 'booking.com',
      otaReservationCode: reference,
      roomType: ROOM_TYPE,
      ratePlan: RATE_PLAN,
      checkInDate: today,
      checkOutDate: addDays(today, 1),
      adults: 2,
      children: 0,
      guest: { name: guestName, phone: '+96891234567', email: 'layla.channel@example.com' },
      nights: [{ date: today, priceBaisa: 52_000 }],
      paymentCollect: 'ota',
      commissionBaisa: 7_800,
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { channelBookingId } = (await made.json()) as { channelBookingId: string };
  // The stay is sold here, so the fake is sent one room fewer tonight.
  await expect.poll(async () => (await ariNight(page.request, today)).availability, WITHIN).toBe(before - 1);

  // Staff on the desk, in Arabic: tonight's arrivals name the OTA and its reference.
  await signIn(page, STAFF);
  await page.goto('/admin/front-desk');
  const row = page
    .getByTestId('desk-list-arrivals')
    .getByTestId('desk-row')
    .filter({ hasText: guestName.split(' ')[0]! })
    .filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  const source = row.getByTestId('channel-source');
  await expect(source).toContainText('محجوز عبر booking.com');
  await expect(source).toContainText(`رقم حجزه هناك ${reference}`);
  await expect(row.getByTestId('channel-flag')).toHaveCount(0);
  await shot('channel-desk-ar-820');

  // 3. The OTA cancels it: gone from the desk, and the night for sale again at the fake.
  // (A JSON body: a body-less POST reads as a form post from another site, refused.)
  const cancelled = await page.request.post(`/api/dev/channel/bookings/${channelBookingId}/cancel`, {
    data: {},
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await expect.poll(async () => (await ariNight(page.request, today)).availability, WITHIN).toBe(before);
  await page.reload();
  await expect(page.getByTestId('desk-list-arrivals').getByText(reference)).toHaveCount(0);

  // 4. The channel screen, in Arabic: connected, the booking and its cancellation among the
  // latest revisions, both applied and acknowledged, and no OTA booking left to place by hand.
  await signIn(page, ADMIN);
  await page.goto('/admin/channel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('مدير القنوات');
  await expect(page.getByTestId('channel-connected')).toHaveText('متصل');
  const revisions = page.getByTestId('channel-revision').filter({ hasText: reference });
  await expect(revisions).toHaveCount(2);
  await expect(revisions.filter({ hasText: 'حجز جديد' })).toContainText('طُبِّق');
  await expect(revisions.filter({ hasText: 'الإلغاء' })).toContainText('طُبِّق');
  await expect(revisions.filter({ hasText: 'لم يُؤكَّد استلامه بعد' })).toHaveCount(0);
  await expect(page.getByTestId('channel-flagged')).toHaveCount(0);
  await shot('channel-screen-ar-820');
});
