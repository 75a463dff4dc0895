import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { TIMING } from '../shared/src/constants';
import { bookingBody } from './support/desk';

/**
 * A screen's first data is asked for by the HTML itself (docs/decisions/070-first-requests-in-the-html.md):
 * the shell's first script, inline and allowed by its hash, starts the screen's requests and the
 * sign-in lookup as the page is read, from the network and from the service worker's copy alike,
 * and the app takes those answers instead of asking again. And the site settings never hold a
 * page's own data: each screen is opened with `/api/site-settings` held, and shows its data while
 * they have not answered; a screen whose data query waited for the settings (an `enabled` on them,
 * a fetch chained after them, a screen that renders nothing until they are known) would never ask
 * for or show its data, and the journey fails on it. (One journey since the two walked the same
 * screens; e2e/TIMINGS.md.)
 */

// The second opening of the front desk is answered by the service worker's copy of the shell.
test.use({ serviceWorkers: 'allow' });

const MANAGER = { email: 'manager@example.com', password: 'change-me-manager' };

/** A request the page sent: its path and query, who sent it, when (CDP's clock, seconds). */
type Sent = { path: string; by: string; at: number };

/**
 * Holds every request for the site settings, the page's and the service worker's alike (a
 * context's route sees both), from `hold()` until `release()`.
 */
async function siteSettingsGate(context: BrowserContext) {
  let gate = Promise.withResolvers<void>();
  const held: string[] = [];
  await context.route('**/api/site-settings*', async (route) => {
    held.push(route.request().url());
    await gate.promise;
    // The page that asked may have gone meanwhile.
    await route.continue().catch(() => undefined);
  });
  return {
    held,
    hold: () => (gate = Promise.withResolvers<void>()),
    release: () => gate.resolve(),
  };
}

/**
 * Each of `paths` asked for once, by the HTML (not by the app's code), in `sent`. A screen that
 * polls its data (the desk's day and the bookings, every TIMING.bookingsPoll) asks again once that
 * long has passed since the first ask: such a later ask is the poll, not the app asking again
 * in place of the HTML's request, and on a slow run the journey reaches its last check after it.
 */
function askedOnceByTheHtml(sent: Sent[], address: string, paths: string[]) {
  for (const path of paths) {
    const asked = sent.filter((s) => s.path === path);
    const first = asked[0]?.at ?? 0;
    expect(
      asked.filter((s) => s.at - first < TIMING.bookingsPoll / 1000).map(({ path, by }) => ({ path, by })),
      `${address}: ${path} asked once, by the page's HTML (${JSON.stringify(sent)})`,
    ).toEqual([{ path, by: address }]);
  }
}

/**
 * Opens `address` with the settings held: each of `data` (a path and query) and the sign-in
 * lookup are asked for once, by the page's HTML (CDP's initiator: the page's own address, not an
 * /assets/ script), the data answered, and the screen's heading shown, all while the settings
 * have not answered. Then the settings are let through and the app left to settle: still asked
 * once each, and no error shown.
 */
async function open(
  page: Page,
  settings: Awaited<ReturnType<typeof siteSettingsGate>>,
  address: string,
  data: string[],
) {
  settings.hold();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sent: Sent[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url);
    if (!url.pathname.startsWith('/api/')) return;
    const frame = event.initiator.stack?.callFrames[0]?.url ?? event.initiator.url ?? event.initiator.type;
    sent.push({
      path: url.pathname + url.search,
      by: frame.replace(/^https?:\/\/[^/]+/, ''),
      at: event.timestamp,
    });
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
  const response = await page.goto(address);
  for (const [i, answer] of (await Promise.all(answered)).entries()) {
    expect(answer.status(), `${address}: ${data[i]} answered without the site settings`).toBe(200);
  }
  await expect(page.locator('main h1').first()).toBeVisible();
  askedOnceByTheHtml(sent, address, [...data, '/api/auth/me']);

  settings.release();
  await page.waitForLoadState('networkidle');
  askedOnceByTheHtml(sent, address, [...data, '/api/auth/me']);
  await expect(page.getByRole('alert').filter({ hasText: /error|خطأ|تعذّر|could not/i })).toHaveCount(0);
  await cdp.detach();
  return { fromServiceWorker: response?.fromServiceWorker() ?? false };
}

test("staff screens and the guest's booking page ask for their data from the HTML, show it while the site settings have not answered, and the app asks no second time", async ({
  page,
  request,
}) => {
  const shell = await request.get('/admin/front-desk');
  const html = await shell.text();
  // The head's first script is the inline one, before the stylesheet and the app's modules; its
  // last names the screen's code (decision 087), after the app's entry and before the stylesheet,
  // which would hold it until loaded. The policy allows the two by their hashes and no other
  // inline script.
  const firstScript = /<script\b[^>]*>/.exec(html)?.[0];
  expect(firstScript).toBe('<script>');
  expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('rel="modulepreload"'));
  expect(html.lastIndexOf('<script>')).toBeGreaterThan(html.indexOf('<script type="module"'));
  expect(html.lastIndexOf('<script>')).toBeLessThan(html.indexOf('rel="stylesheet"'));
  expect(html.slice(html.lastIndexOf('<script>'))).toContain(
    '"/admin/front-desk":["admin-front-desk-screen-',
  );
  expect(shell.headers()['content-security-policy']).toMatch(
    /script-src 'self' 'sha256-[\w+/=]+' 'sha256-[\w+/=]+';/,
  );
  expect(shell.headers()['content-security-policy']).not.toContain('unsafe-inline');

  const login = await page.request.post('/api/auth/login', { data: MANAGER });
  expect(login.ok(), await login.text()).toBe(true);
  const settings = await siteSettingsGate(page.context());
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Muscat' }).format(new Date()),
  );
  const day = (offset: number) => {
    const date = new Date(`${today}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + offset);
    return date.toISOString().slice(0, 10);
  };
  const screens: [string, string[]][] = [
    ['/admin/front-desk', [`/api/front-desk?date=${today}`]],
    [
      '/admin/bookings',
      ['/api/booking-submissions?status=pending&limit=26', '/api/booking-submissions/counts'],
    ],
    ['/admin/tape-chart', [`/api/admin/tape-chart?from=${today}&nights=14`]],
    ['/admin/day-close', [`/api/admin/day-close/${day(-1)}`]],
    [
      '/admin/rates',
      ['/api/admin/rate-plans', `/api/admin/rates?ratePlan=standard&from=${today}&to=${day(13)}`],
    ],
    ['/admin/invoices', ['/api/admin/invoices']],
  ];
  for (const [address, data] of screens) await open(page, settings, address, data);

  // Opened again from the service worker's copy of the shell: the same, under the same policy
  // (a blocked inline script would be a CSP violation, which fails every journey).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const again = await open(page, settings, '/admin/front-desk', [`/api/front-desk?date=${today}`]);
  expect(again.fromServiceWorker).toBe(true);

  // The guest's booking page (this device made the booking, so it may open it).
  const made = await page.request.post('/api/booking-submissions', { data: bookingBody('Salim Al Harthi') });
  expect(made.status(), await made.text()).toBe(201);
  const reference = ((await made.json()) as { booking: { reference: string } }).booking.reference;
  await open(page, settings, `/booking/${reference}`, [`/api/bookings/${reference}`]);
  // The app did ask for the settings meanwhile: they were held each time, and nothing above waited for them.
  expect(settings.held.length).toBeGreaterThan(0);
});
