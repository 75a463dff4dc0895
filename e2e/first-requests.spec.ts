import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { bookingBody, staffSignsIn } from './support/desk';

/**
 * A screen's first data is asked for by the HTML itself (docs/decisions/070-first-requests-in-the-html.md):
 * the shell's first script, inline and allowed by its hash, starts the screen's requests and the
 * sign-in lookup as the page is read, from the network and from the service worker's copy alike,
 * and the app takes those answers instead of asking again.
 */

// The second opening is answered by the service worker's copy of the shell.
test.use({ serviceWorkers: 'allow' });

type Sent = { path: string; by: string };

/**
 * Opens `address` and waits for its screen; the API requests the page made, each with the script
 * that asked for it (the top frame of the browser's own initiator stack: the page's address for
 * the HTML's inline script, an /assets/ file for the app's code).
 */
async function open(page: Page, address: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sent: Sent[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url);
    if (!url.pathname.startsWith('/api/')) return;
    const frame = event.initiator.stack?.callFrames[0]?.url ?? event.initiator.url ?? event.initiator.type;
    sent.push({ path: url.pathname + url.search, by: frame.replace(/^https?:\/\/[^/]+/, '') });
  });
  const response = await page.goto(address);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return { sent, fromServiceWorker: response?.fromServiceWorker() ?? false };
}

/** Each of `paths` asked for once, by the HTML (not by the app's code), in `sent`. */
function askedOnceByTheHtml(sent: Sent[], address: string, paths: string[]) {
  for (const path of paths) {
    expect(
      sent.filter((s) => s.path === path),
      `${address}: ${path} asked once, by the page's HTML (${JSON.stringify(sent)})`,
    ).toEqual([{ path, by: address }]);
  }
}

test('staff screens ask for their data from the HTML, and the app asks no second time', async ({
  page,
  request,
}) => {
  const shell = await request.get('/admin/front-desk');
  const html = await shell.text();
  // The head's first script is the inline one, before the stylesheet and the app's modules; its
  // last names the screen's code (decision 087), after them. The policy allows the two by their
  // hashes and no other inline script.
  const firstScript = /<script\b[^>]*>/.exec(html)?.[0];
  expect(firstScript).toBe('<script>');
  expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('rel="modulepreload"'));
  expect(html.lastIndexOf('<script>')).toBeGreaterThan(html.lastIndexOf('rel="modulepreload"'));
  expect(html.slice(html.lastIndexOf('<script>'))).toContain(
    '"/admin/front-desk":["admin-front-desk-screen-',
  );
  expect(shell.headers()['content-security-policy']).toMatch(
    /script-src 'self' 'sha256-[\w+/=]+' 'sha256-[\w+/=]+';/,
  );
  expect(shell.headers()['content-security-policy']).not.toContain('unsafe-inline');

  await staffSignsIn(page);
  const today = await page.evaluate(() =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Muscat' }).format(new Date()),
  );
  const screens: [string, string[]][] = [
    ['/admin/front-desk', [`/api/front-desk?date=${today}`]],
    [
      '/admin/bookings',
      ['/api/booking-submissions?status=pending&limit=26', '/api/booking-submissions/counts'],
    ],
    ['/admin/tape-chart', [`/api/admin/tape-chart?from=${today}&nights=14`]],
  ];
  for (const [address, data] of screens) {
    const { sent } = await open(page, address);
    askedOnceByTheHtml(sent, address, [...data, '/api/auth/me']);
    await expect(page.getByRole('alert').filter({ hasText: /error|خطأ|تعذّر|could not/i })).toHaveCount(0);
  }

  // Opened again from the service worker's copy of the shell: the same, under the same policy
  // (a blocked inline script would be a CSP violation, which fails every journey).
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const again = await open(page, '/admin/front-desk');
  expect(again.fromServiceWorker).toBe(true);
  askedOnceByTheHtml(again.sent, '/admin/front-desk', [`/api/front-desk?date=${today}`, '/api/auth/me']);

  // The guest's booking page (this device made the booking, so it may open it).
  const made = await page.request.post('/api/booking-submissions', { data: bookingBody('Salim Al Harthi') });
  expect(made.status(), await made.text()).toBe(201);
  const reference = ((await made.json()) as { booking: { reference: string } }).booking.reference;
  const address = `/booking/${reference}`;
  const { sent } = await open(page, address);
  askedOnceByTheHtml(sent, address, [`/api/bookings/${reference}`, '/api/auth/me']);
});
