import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { choose, fillStay, STAFF, STAY_LABEL } from './support/desk';
import { registerGuest } from './support/guests';
import { savedQueryCache } from './support/query-cache';
import { screenshot } from './support/screenshots';

// The service worker is part of what this journey checks (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * Offline booking requests (decision 007's booking addendum), in Arabic on a
 * phone (390 px), against the real built app and worker: a guest whose connection is
 * gone submits the booking form, the request is kept on the phone and sent when the
 * connection returns, with the submission's Idempotency-Key on every try, so the hotel
 * gets exactly one booking, even when the connection drops after the server booked it;
 * a request that reaches the hotel after the room sold out is refused with the server's
 * alternatives, one of which reopens the form.
 */

const SHOTS = '/tmp/shots-offline-booking';
mkdirSync(SHOTS, { recursive: true });

/** YYYY-MM-DD, `days` after today in the hotel's time zone (Asia/Muscat). */
function hotelDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Muscat' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Far-away dates, different per test (`slot`) and per run, away from the other journeys' (30–230 days). */
function stayStart(slot: number): number {
  return 260 + ((Math.floor(Date.now() / 1000) + slot * 29) % 90);
}

/** A verified guest made through the API (dev mailbox code); the page's context is signed in. */
const signIn = (request: APIRequestContext) => registerGuest(request, 'ليلى البلوشية');

type Booking = {
  id: number;
  fullName: string;
  checkInDate: string;
  roomType: string;
  status: string;
  reference: string;
};

/** The signed-in guest's bookings under `fullName` (the API, not the page: it is not offline). */
async function bookingsNamed(request: APIRequestContext, fullName: string): Promise<Booking[]> {
  const res = await request.get('/api/booking-submissions');
  expect(res.status()).toBe(200);
  return ((await res.json()) as Booking[]).filter((b) => b.fullName === fullName);
}

/** Opens the booking form of `roomType` from its card and fills it in (Arabic labels). */
async function fillBookingForm(
  page: Page,
  roomType: string,
  fullName: string,
  checkIn: string,
  checkOut: string,
) {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  return fillOpenPage(page, roomType, fullName, checkIn, checkOut);
}

/** The same on the page as it is (offline: no navigation). */
async function fillOpenPage(
  page: Page,
  roomType: string,
  fullName: string,
  checkIn: string,
  checkOut: string,
) {
  await page
    .getByTestId(`room-tier-${roomType}`)
    .getByRole('button', { name: /احجز الآن/ })
    .click();
  const form = page.getByTestId('booking-form');
  await expect(form).toBeVisible();
  await form.getByLabel('الاسم الكامل').fill(fullName);
  await form.getByLabel('رقم الهوية').fill('١٢٣٤٥٦٧٨');
  await form
    .getByLabel('رقم الهاتف')
    .fill(`9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`);
  await fillStay(page, STAY_LABEL.ar, checkIn, checkOut);
  await choose(form, { name: /^لغير المدخنين/ });
  await choose(form, { name: /^مزدوج/ });
  return form;
}

const isBookingPost = (request: Request) =>
  request.method() === 'POST' && new URL(request.url()).pathname === '/api/booking-submissions';

/** Submits offline and checks the "saved on your phone" state: toast, form closed, one waiting entry. */
async function submitOffline(page: Page, form: Locator, shot?: string) {
  await page.context().setOffline(true);
  await form.getByRole('button', { name: 'تأكيد الحجز' }).click();
  await expect(page.getByText('حُفظت على هاتفك', { exact: true })).toBeVisible();
  await expect(page.getByText('سيُرسل تلقائياً عند عودة الاتصال بالإنترنت.')).toBeVisible();
  await expect(form).toHaveCount(0);
  const indicator = page.getByTestId('outbox-indicator');
  await expect(indicator).toHaveAccessibleName(/^غير متصل/);
  await expect(page.getByTestId('outbox-pending-count')).toHaveText('١');
  if (shot) await screenshot(page, `${SHOTS}/${shot}-saved.png`);
  await indicator.click();
  const entry = page.getByTestId('outbox-entry');
  await expect(entry).toHaveAttribute('data-kind', 'booking');
  await expect(entry).toHaveAttribute('data-state', 'waiting');
  await expect(entry.getByTestId('outbox-entry-state')).toHaveText('بانتظار الإرسال');
  if (shot) await screenshot(page, `${SHOTS}/${shot}-outbox.png`);
  await page.keyboard.press('Escape');
  return entry;
}

test('in Arabic on a phone: a signed-in guest reopens the app offline twice, still signed in; the booking made then is kept on the phone and booked once, into the guest’s own list, when the connection returns', async ({
  page,
}) => {
  const guest = await signIn(page.request);
  const start = stayStart(1);
  const checkIn = hotelDate(start);
  const checkOut = hotelDate(start + 2);
  const fullName = `سالم ${Date.now()}`;
  // The page's sender or the service worker's (Background Sync) may send it: count both.
  const posts: string[] = [];
  page.context().on('request', (request) => {
    if (isBookingPost(request)) posts.push(request.headers()['idempotency-key'] ?? '');
  });

  // One visit online (who is signed in is saved on the phone), then the network goes and the
  // guest opens the app again, twice: the first offline load's failed sign-in check must not
  // make the second forget the guest (it signed them out on screen, and the booking went without
  // its account: no e-mail, missing from the guest's own list).
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const signedIn = async () => {
    await expect(page.getByTestId('header-user-name')).toHaveText(guest.fullName);
    await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toHaveCount(0);
  };
  await signedIn();
  await expect.poll(() => savedQueryCache(page)).toContain(guest.email);
  await page.context().setOffline(true);
  await page.reload();
  await signedIn();
  // The query cache is saved at most once a second: what the first offline load made of it is on
  // the phone before the second.
  await page.waitForTimeout(1_500);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await signedIn();
  await screenshot(page, `${SHOTS}/ar-390-offline-signed-in.png`);

  const form = await fillOpenPage(page, 'silver', fullName, checkIn, checkOut);
  // The form knows the account: its e-mail is where the hotel writes.
  await expect(form).toContainText(
    `اتركه فارغاً لتصلك الرسائل على \u2066${guest.email.replaceAll('-', '-\u2060')}\u2069.`,
  );
  await submitOffline(page, form, 'ar-390');
  // Nothing was tried while offline, and the hotel has nothing yet.
  expect(posts).toEqual([]);
  expect(await bookingsNamed(page.request, fullName)).toEqual([]);

  await page.context().setOffline(false);
  await expect(page.getByText(/^تم إرسال طلب حجز الغرفة الفضية، /)).toBeVisible({ timeout: 20_000 });
  await screenshot(page, `${SHOTS}/ar-390-sent.png`);
  const booked = await bookingsNamed(page.request, fullName);
  expect(booked).toHaveLength(1);
  expect(booked[0]).toMatchObject({ checkInDate: checkIn, roomType: 'silver', status: 'pending' });
  expect(posts).toHaveLength(1);
  expect(posts[0]).toMatch(/^[0-9a-f-]{36}$/);
  // The toast gives the booking's reference.
  const reference = `${booked[0]!.reference.slice(0, 3)}-${booked[0]!.reference.slice(3)}`;
  await expect(page.getByText(`رقم الحجز: \u2066${reference}\u2069. ستجده في «حجوزاتي»`)).toBeVisible();

  // Still signed in, with no reload: My bookings, the guest's own list, shows it.
  await signedIn();
  await page.getByTestId('my-bookings-button').click();
  await expect(page.getByTestId(`my-booking-${booked[0]!.id}`)).toBeVisible();
  await screenshot(page, `${SHOTS}/ar-390-my-bookings.png`);
});

test('in Arabic on a phone: the connection drops after the hotel booked it; the retry with the same key books nothing twice', async ({
  page,
}) => {
  await signIn(page.request);
  const start = stayStart(2);
  const checkIn = hotelDate(start);
  const checkOut = hotelDate(start + 1);
  const fullName = `خالد ${Date.now()}`;

  // The first send reaches the server (which books it), then the answer is lost on the way back.
  // (The context's routes also see the service worker's requests in Chromium.)
  const tries: { key: string; status: number; replayed: string | null; outcome: 'dropped' | 'answered' }[] =
    [];
  await page.context().route('**/api/booking-submissions', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch();
    const key = route.request().headers()['idempotency-key'] ?? '';
    const replayed = response.headers()['idempotent-replayed'] ?? null;
    if (tries.length === 0) {
      tries.push({ key, status: response.status(), replayed, outcome: 'dropped' });
      return route.abort('connectionreset');
    }
    tries.push({ key, status: response.status(), replayed, outcome: 'answered' });
    return route.fulfill({ response });
  });

  const form = await fillBookingForm(page, 'gold', fullName, checkIn, checkOut);
  await submitOffline(page, form);
  await page.context().setOffline(false);

  // Dropped, then tried again after the backoff (a few seconds) without the guest doing anything.
  await expect(page.getByText(/^تم إرسال طلب حجز الغرفة الذهبية، /)).toBeVisible({ timeout: 30_000 });
  expect(tries.map((t) => [t.status, t.outcome, t.replayed])).toEqual([
    [201, 'dropped', null],
    [201, 'answered', 'true'],
  ]);
  expect(tries[1]!.key).toBe(tries[0]!.key);
  expect(await bookingsNamed(page.request, fullName)).toHaveLength(1);
  // A reload sends nothing again: the entry is sent.
  await page.goto('/');
  await page.waitForTimeout(1_000);
  expect(tries).toHaveLength(2);
  expect(await bookingsNamed(page.request, fullName)).toHaveLength(1);
});

test('in Arabic on a phone: the room sells out before the connection returns; the refusal offers the server’s alternatives', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signIn(page.request);
  const start = stayStart(3);
  const checkIn = hotelDate(start);
  const checkOut = hotelDate(start + 2);
  const fullName = `مريم ${Date.now()}`;

  const form = await fillBookingForm(page, 'deluxe', fullName, checkIn, checkOut);
  await submitOffline(page, form);

  // Meanwhile other guests (another network) take the four deluxe suites for those nights.
  const others = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { 'cf-connecting-ip': `10.250.${Math.floor(Math.random() * 250)}.9` },
  });
  for (let i = 0; i < 4; i++) {
    const res = await others.post('/api/booking-submissions', {
      data: {
        fullName: `ضيف آخر ${i}`,
        phoneNumber: `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`,
        idNumber: '87654321',
        checkInDate: checkIn,
        checkOutDate: checkOut,
        roomType: 'deluxe',
        bedType: 'double',
        smokingPreference: 'non_smoking',
        numberOfGuests: 2,
      },
    });
    expect(res.status()).toBe(201);
  }
  await others.dispose();

  await page.context().setOffline(false);
  const dialog = page.getByRole('dialog', { name: 'تعذّر إتمام طلب الحجز' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(dialog).toContainText('عذراً، لا توجد غرف متاحة للحجز حالياً');
  // Free on the same dates: the other three types; and the suite on the nearest other dates.
  await expect(dialog.getByTestId('alternative-room')).toHaveCount(3);
  await expect(dialog.getByTestId('alternative-room').first()).toContainText('الغرفة الفضية');
  await expect(dialog.getByTestId('alternative-dates')).toHaveCount(3);
  // Dates in Arabic digits, never Latin ones.
  await expect(dialog.getByTestId('alternative-dates').first()).not.toContainText(/\d/);
  await screenshot(page, `${SHOTS}/ar-390-refused.png`);
  await page.setViewportSize({ width: 820, height: 1180 });
  await screenshot(page, `${SHOTS}/ar-820-refused.png`);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await bookingsNamed(page.request, fullName)).toEqual([]);

  // The nearest later dates reopen the form with what the guest had typed.
  const later = dialog.getByTestId('alternative-dates').last();
  await later.click();
  const again = page.getByTestId('booking-form');
  await expect(again).toBeVisible();
  await expect(again.getByLabel('الاسم الكامل')).toHaveValue(fullName);
  await expect(page.getByRole('dialog', { name: 'تعذّر إتمام طلب الحجز' })).toHaveCount(0);
  await again.getByRole('button', { name: 'تأكيد الحجز' }).click();
  await expect(again).toHaveCount(0);
  await expect
    .poll(async () => (await bookingsNamed(page.request, fullName)).map((b) => b.roomType))
    .toEqual(['deluxe']);
  const [booked] = await bookingsNamed(page.request, fullName);
  expect(booked!.checkInDate > checkIn).toBe(true);
});

test('in Arabic on a phone, offline before choosing: dates never looked up offer every option, and the request is booked once online', async ({
  page,
  playwright,
  baseURL,
}) => {
  // A signed-out guest who opened the app once (tonight's counts cached), then lost the network.
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const start = stayStart(4);
  const checkIn = hotelDate(start);
  const checkOut = hotelDate(start + 2);
  const fullName = `سالمة ${Date.now()}`;
  await page.context().setOffline(true);

  await page
    .getByTestId('room-tier-silver')
    .getByRole('button', { name: /احجز الآن/ })
    .click();
  const form = page.getByTestId('booking-form');
  await expect(form).toBeVisible();
  await form.getByLabel('الاسم الكامل').fill(fullName);
  await form.getByLabel('رقم الهوية').fill('١٢٣٤٥٦٧٨');
  await form
    .getByLabel('رقم الهاتف')
    .fill(`9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`);
  await fillStay(page, STAY_LABEL.ar, checkIn, checkOut);
  // No quote offline: the price is the calendar's as last loaded, or none yet, said to be
  // confirmed by the hotel either way.
  await expect(form.getByTestId('price-box')).toContainText(
    /الأسعار كما حُمّلت آخر مرة على هذا الجهاز|يظهر السعر عند عودة هاتفك إلى الاتصال/,
  );

  // Nothing is known of these nights: every bed and smoking option of the room, no counts,
  // and the guest is told when availability is checked (never "not available").
  const notice = form.getByTestId('availability-unchecked');
  await expect(notice).toContainText('يُتحقَّق من توفرها لهذه التواريخ عند عودة الاتصال');
  await expect(form.getByRole('radiogroup', { name: 'نوع السرير' }).getByRole('radio')).toHaveCount(2);
  await expect(form.getByRole('radiogroup', { name: 'تفضيل التدخين' }).getByRole('radio')).toHaveCount(2);
  await expect(form).not.toContainText('المتبقي');
  await expect(form).not.toContainText('لا يتوفر');
  await choose(form, { name: /^لغير المدخنين/ });
  await choose(form, { name: /^مفرد/ });
  await notice.scrollIntoViewIfNeeded();
  await screenshot(page, `${SHOTS}/ar-390-unchecked.png`);

  // Count every delivery toast the page shows from here on.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      // One element per toast (react-aria's alertdialog; its content inside is an alert).
      for (const toast of document.querySelectorAll('.app-toasts [role="alertdialog"]'))
        if (!toast.hasAttribute('data-seen')) {
          toast.setAttribute('data-seen', '');
          seen.push(toast.textContent ?? '');
        }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await form.getByRole('button', { name: 'تأكيد الحجز' }).click();
  await expect(page.getByText('حُفظت على هاتفك', { exact: true })).toBeVisible();
  await expect(form).toHaveCount(0);

  await page.context().setOffline(false);
  const sent = page.getByText(/^تم إرسال طلب حجز الغرفة الفضية، /);
  await expect(sent).toBeVisible({ timeout: 20_000 });
  await screenshot(page, `${SHOTS}/ar-390-unchecked-sent.png`);

  // Exactly one booking, as the desk sees it.
  const staff = await playwright.request.newContext({ baseURL });
  expect((await staff.post('/api/auth/login', { data: STAFF })).ok()).toBe(true);
  const res = await staff.get(`/api/booking-submissions?q=${encodeURIComponent(fullName)}`);
  const booked = ((await res.json()) as Booking[]).filter((b) => b.fullName === fullName);
  expect(booked).toHaveLength(1);
  expect(booked[0]).toMatchObject({ checkInDate: checkIn, roomType: 'silver', status: 'pending' });
  await staff.dispose();
  // Told once.
  await page.waitForTimeout(1_500);
  const toasts = await page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
  expect(toasts.filter((text) => text.startsWith('تم إرسال طلب حجز'))).toHaveLength(1);
});
