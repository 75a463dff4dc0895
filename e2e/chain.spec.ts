import { expect, test } from './fixtures';
import { bookingBody, STAFF } from './support/desk';
import { registerGuest } from './support/guests';

/**
 * The chain's two hotels in the demo (Muscat, the default hotel at 127.0.0.1; Salalah at
 * salalah.localhost, which Chromium resolves to the same server): a guest of Muscat goes to
 * Salalah from the hotels page and arrives signed in with the same account, books at both, and
 * sees the stay at the other hotel on Muscat's dashboard; Salalah's desk sees Salalah's booking and
 * nothing of Muscat's.
 */

test('in Arabic on a phone: one account at both hotels of the chain, and each desk sees its own hotel only', async ({
  page,
  browser,
  baseURL,
}) => {
  const salalah = new URL(baseURL!);
  salalah.hostname = 'salalah.localhost';
  const salalahOrigin = salalah.origin;

  const guestName = 'ضيف السلسلة';
  await registerGuest(page.request, guestName);
  const atMuscat = await page.request.post('/api/booking-submissions', { data: bookingBody(guestName) });
  expect(atMuscat.status()).toBe(201);
  const muscatReference = ((await atMuscat.json()) as { booking: { reference: string } }).booking.reference;

  // The chain's hotels, from Muscat: the signed-in guest goes to Salalah and is signed in there.
  await page.goto('/hotels');
  await expect(page.getByRole('heading', { level: 1, name: 'فنادقنا' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'فندق شاطئ صلالة' })).toBeVisible();
  await page.getByRole('link', { name: 'انتقل إلى فندق شاطئ صلالة' }).click();
  await page.waitForURL((url) => url.hostname === 'salalah.localhost');
  // (Node does not resolve *.localhost as Chromium does: what is asked of Salalah is asked from its page.)
  const me = await page.evaluate(async () => {
    const res = await fetch('/api/auth/me');
    return { status: res.status, body: (await res.json()) as { user?: { fullName: string } } };
  });
  expect(me.status).toBe(200);
  expect(me.body.user?.fullName).toBe(guestName);

  // A booking at Salalah with the same account, then Muscat's dashboard names it with its hotel.
  const atSalalah = await page.evaluate(async (body) => {
    const res = await fetch('/api/booking-submissions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { booking: { reference: string } } };
  }, bookingBody(guestName));
  expect(atSalalah.status).toBe(201);
  const salalahReference = atSalalah.body.booking.reference;
  await page.goto('/dashboard');
  const elsewhere = page.getByTestId('chain-stays');
  await expect(elsewhere.getByRole('heading', { name: 'إقاماتك في فنادقنا الأخرى' })).toBeVisible();
  const stay = elsewhere.locator('li[data-hotel="salalah"]');
  await expect(stay).toContainText('فندق شاطئ صلالة');
  await expect(stay).toContainText(`${salalahReference.slice(0, 3)}-${salalahReference.slice(3)}`);
  await expect(stay.getByRole('link', { name: 'اعرضه في فندق شاطئ صلالة' })).toHaveAttribute(
    'href',
    `${salalahOrigin}/booking/${salalahReference}`,
  );

  // Salalah's desk (its own staff account, signed in at its own address) finds Salalah's booking
  // and nothing of Muscat's.
  const desk = await browser.newContext();
  try {
    const deskPage = await desk.newPage();
    await deskPage.goto(`${salalahOrigin}/login`);
    const ask = (path: string, body?: unknown) =>
      deskPage.evaluate(
        async ({ path, body }) => {
          const res = await fetch(path, {
            method: body === undefined ? 'GET' : 'POST',
            headers: { 'content-type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          return { status: res.status, text: await res.text() };
        },
        { path, body },
      );
    expect((await ask('/api/auth/login', STAFF)).status).toBe(200);
    const search = async (q: string) => {
      const res = await ask(`/api/booking-submissions?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.text;
    };
    expect(await search(salalahReference)).toContain(salalahReference);
    expect(await search(muscatReference)).not.toContain(muscatReference);
    await deskPage.goto(`${salalahOrigin}/admin/bookings`);
    await expect(deskPage.getByText(guestName).first()).toBeVisible();
    await expect(deskPage.getByText(muscatReference)).toHaveCount(0);
  } finally {
    await desk.close();
  }
});
