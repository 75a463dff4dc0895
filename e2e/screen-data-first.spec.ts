import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { bookingBody } from './support/desk';

/**
 * The site settings never hold a page's own data: the staff screens and the guest's
 * booking page ask for their first data from the HTML (docs/decisions/070-first-requests-in-the-html.md)
 * and show their screen while `/api/site-settings` has not answered. The settings' request is held
 * here for as long as the test runs; a screen whose data query waited for the settings (an
 * `enabled` on them, a fetch chained after them, a screen that renders nothing until they are
 * known) would never ask for or show its data, and the test fails on it.
 */

const MANAGER = { email: 'manager@example.com', password: 'change-me-manager' };

/** The hotel's today, as the screens ask for it. */
const hotelToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Muscat' }).format(new Date());
const yesterday = () => {
  const day = new Date(`${hotelToday()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
};

/** Holds every request for the site settings until `release` (or the end of the test). */
async function holdSiteSettings(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route('**/api/site-settings*', async (route) => {
    held.push(route.request().url());
    await released;
    // The page that asked may have gone meanwhile.
    await route.continue().catch(() => undefined);
  });
  return { held, release };
}

/**
 * Opens `address` with the settings held: each of `data` (a path and query) is asked for once, by
 * the page's HTML (CDP's initiator: the page's own address, not an /assets/ script), and answered,
 * and the screen's heading shows, all while the settings have not answered.
 */
async function opensWithoutSettings(page: Page, address: string, data: string[]) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sent: { path: string; by: string }[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url);
    if (!url.pathname.startsWith('/api/')) return;
    const frame = event.initiator.stack?.callFrames[0]?.url ?? event.initiator.url ?? event.initiator.type;
    sent.push({ path: url.pathname + url.search, by: frame.replace(/^https?:\/\/[^/]+/, '') });
  });
  const answered = data.map((path) =>
    page.waitForResponse(
      (response) => {
        const url = new URL(response.url());
        return url.pathname + url.search === path;
      },
      { timeout: 15_000 },
    ),
  );
  await page.goto(address);
  for (const [i, response] of (await Promise.all(answered)).entries()) {
    expect(response.status(), `${address}: ${data[i]} answered without the site settings`).toBe(200);
  }
  await expect(page.locator('main h1').first()).toBeVisible();
  for (const path of data) {
    expect(
      sent.filter((s) => s.path === path),
      `${address}: ${path} asked once, by the page's HTML (${JSON.stringify(sent)})`,
    ).toEqual([{ path, by: address }]);
  }
  await cdp.detach();
}

test("staff screens and the guest's booking page show their data while the site settings have not answered", async ({
  page,
}) => {
  const login = await page.request.post('/api/auth/login', { data: MANAGER });
  expect(login.ok(), await login.text()).toBe(true);
  const { held, release } = await holdSiteSettings(page);
  const today = hotelToday();
  const twoWeeksOn = (() => {
    const day = new Date(`${today}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 13);
    return day.toISOString().slice(0, 10);
  })();
  const screens: [string, string[]][] = [
    ['/admin/front-desk', [`/api/front-desk?date=${today}`]],
    [
      '/admin/bookings',
      ['/api/booking-submissions?status=pending&limit=26', '/api/booking-submissions/counts'],
    ],
    ['/admin/tape-chart', [`/api/admin/tape-chart?from=${today}&nights=14`]],
    ['/admin/day-close', [`/api/admin/day-close/${yesterday()}`]],
    [
      '/admin/rates',
      ['/api/admin/rate-plans', `/api/admin/rates?ratePlan=standard&from=${today}&to=${twoWeeksOn}`],
    ],
    ['/admin/invoices', ['/api/admin/invoices']],
  ];
  for (const [address, data] of screens) await opensWithoutSettings(page, address, data);

  // The guest's booking page (this device made the booking, so it may open it).
  const made = await page.request.post('/api/booking-submissions', { data: bookingBody('Salim Al Harthi') });
  expect(made.status(), await made.text()).toBe(201);
  const reference = ((await made.json()) as { booking: { reference: string } }).booking.reference;
  await opensWithoutSettings(page, `/booking/${reference}`, [`/api/bookings/${reference}`]);
  // The app did ask for the settings meanwhile: they were held all along, and nothing above waited for them.
  expect(held.length).toBeGreaterThan(0);
  release();
});
