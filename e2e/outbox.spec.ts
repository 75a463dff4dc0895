import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { staffSignsIn } from './support/desk';
import { screenshot } from './support/screenshots';
import { provePhone } from './support/phone';

// The service worker is part of what this journey checks (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * The offline outbox (decision 007): a prize-draw entry made with no
 * network is kept on the phone and delivered exactly once when the network
 * returns, and a connection dropping between uploads neither loses the entry
 * nor stores it twice. Real built app, real worker, D1 and R2; real JPEGs.
 */

const SHOTS = '/tmp/shots-outbox';
mkdirSync(SHOTS, { recursive: true });

/** An 8-digit Omani mobile number, different on every run (one entry per phone per month). */
function uniquePhone() {
  return `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

/** Three real JPEG photos (2400×1800, drawn on a canvas in the page), as Playwright file payloads. */
async function jpegPhotos(page: Page) {
  const encoded = await page.evaluate(async () => {
    const out: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const canvas = document.createElement('canvas');
      canvas.width = 2400;
      canvas.height = 1800;
      const ctx = canvas.getContext('2d')!;
      const gradient = ctx.createLinearGradient(0, 0, 2400, 1800);
      gradient.addColorStop(0, ['#0f4c5c', '#c8962a', '#b4283c'][n]!);
      gradient.addColorStop(1, '#fbf8f3');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, 2400, 1800);
      for (let i = 0; i < 400; i += 1) {
        ctx.fillStyle = `hsl(${(i * 37 + n * 90) % 360} 60% 50% / 0.6)`;
        ctx.fillRect((i * 97) % 2400, (i * 53) % 1800, 40 + (i % 120), 30 + (i % 90));
      }
      const blob = await new Promise<Blob>((resolve) =>
        canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.95),
      );
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      out.push(btoa(binary));
    }
    return out;
  });
  return encoded.map((b64, i) => ({
    name: `photo-${i + 1}.jpg`,
    mimeType: 'image/jpeg',
    buffer: Buffer.from(b64, 'base64'),
  }));
}

async function openPhotographyModal(page: Page, joinLabel: string) {
  await page.goto('/?events=true');
  await page.getByTestId('event-card-photography').getByRole('button', { name: joinLabel }).click();
  await expect(page.getByTestId('photography-modal')).toBeVisible();
}

async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

type Submission = { id: number; participantPhone: string; status: string; images: { contentType: string }[] };

/** A signed-in staff member's page (its own browser context). */
async function staffPage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await staffSignsIn(page);
  return page;
}

async function entriesOf(request: APIRequestContext, phone: string): Promise<Submission[]> {
  const res = await request.get('/api/photography-submissions');
  expect(res.status()).toBe(200);
  return ((await res.json()) as Submission[]).filter(
    // Phones are stored in full (decision 096): an 8-digit Omani number gets 968 in front.
    (s) => s.participantPhone === (/^\d{8}$/.test(phone) ? `968${phone}` : phone),
  );
}

/**
 * Staff (Arabic, phone-sized): exactly one entry for the phone, with three downscaled JPEG
 * photos; approved at /photography-admin; the participant's phone has the notification.
 */
async function approveTheOneEntry(browser: Browser, baseURL: string, phone: string) {
  const staff = await staffPage(browser, baseURL);
  const entries = await entriesOf(staff.request, phone);
  expect(entries).toHaveLength(1);
  expect(entries[0]!.images).toHaveLength(3);
  expect(entries[0]!.images.every((i) => i.contentType === 'image/jpeg')).toBe(true);

  await staff.goto('/photography-admin');
  const row = staff.getByRole('row', { name: new RegExp(phone) });
  await expect(row).toHaveCount(1);
  await row.click();
  const detail = staff.getByTestId('entry-detail');
  await expect(detail.getByTestId('thumbnail')).toHaveCount(3);
  await detail.getByRole('button', { name: 'موافقة', exact: true }).click();
  await expect(row.getByTestId('entry-status')).toHaveText('مقبولة');
  expect((await entriesOf(staff.request, phone))[0]!.status).toBe('approved');

  const notes = await staff.request.get(`/api/notifications/${phone}`);
  expect(notes.status()).toBe(200);
  const types = ((await notes.json()) as { type: string }[]).map((n) => n.type);
  expect(types).toEqual(['photography_approved']);
  await staff.context().close();
}

test('offline: an entry with three photos is queued, sent once online, and staff approve exactly one', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const phone = uniquePhone();
  // Entries need a proven phone: proven through the API, as the code step would.
  await provePhone(page.request, phone);
  await page.goto('/');
  await waitForServiceWorker(page);
  const photos = await jpegPhotos(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/photography-submissions')) posts.push(r.url());
  });

  await openPhotographyModal(page, 'المشاركة في فعالية التصوير');
  await context.setOffline(true);
  const modal = page.getByTestId('photography-modal');
  await modal.locator('input[type="file"]').setInputFiles(photos);
  await expect(page.getByTestId('photography-accepted')).toBeVisible();
  await modal.getByLabel('رقم الهاتف').fill(phone);
  await modal.getByRole('button', { name: 'إرسال الصور' }).click();

  // Kept on the phone, said so in the modal's outbox list.
  const entry = modal.getByTestId('outbox-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry).toHaveAttribute('data-state', 'waiting');
  await expect(entry).toContainText('مشاركة في مسابقة التصوير');
  await expect(entry).toContainText(phone);
  await expect(entry.getByTestId('outbox-entry-note')).toHaveText('ستُرسل فور توفر الاتصال.');
  await screenshot(page, `${SHOTS}/ar-390-modal-offline.png`, { fullPage: false });

  // The header: offline, one waiting; it opens the list. Close the modal and the panel
  // (Escape closes the top one; a toast can take the first press).
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('photography-modal')).toBeHidden({ timeout: 500 });
    await expect(page.getByTestId('events-panel')).toBeHidden({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  const indicator = page.getByTestId('outbox-indicator');
  await expect(indicator).toHaveAccessibleName('غير متصل. بانتظار الإرسال: ١');
  await expect(indicator.getByTestId('outbox-pending-count')).toHaveText('١');
  await indicator.click();
  const popover = page.getByRole('dialog', { name: 'بانتظار المزامنة' });
  await expect(popover.getByTestId('outbox-entry')).toHaveAttribute('data-state', 'waiting');
  await screenshot(page, `${SHOTS}/ar-390-header-offline.png`);
  // The same on a tablet, where the words show next to the icons.
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await page.setViewportSize({ width: 820, height: 1180 });
  await expect(indicator).toContainText('غير متصل'); // shown in words from 768 px
  await indicator.click();
  await expect(popover.getByTestId('outbox-entry')).toHaveAttribute('data-state', 'waiting');
  await screenshot(page, `${SHOTS}/ar-820-header-offline.png`);
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await indicator.click();
  expect(posts).toHaveLength(0);

  // Network back: delivered (by the page or Background Sync, one Web Lock), images freed.
  await context.setOffline(false);
  await expect(popover.getByTestId('outbox-entry')).toHaveAttribute('data-state', 'sent', {
    timeout: 30_000,
  });
  await expect(popover.getByTestId('outbox-entry-state')).toHaveText('أُرسلت');
  // The guest is told, once, though the form that queued it has long gone.
  const told = page.getByText('أُرسلت مشاركتك في مسابقة التصوير', { exact: true });
  await expect(told).toBeVisible();
  await expect(told).toHaveCount(1);
  await screenshot(page, `${SHOTS}/ar-390-header-sent.png`);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('hotel-app');
            open.onsuccess = () => {
              const all = open.result.transaction('outboxFiles').objectStore('outboxFiles').getAll();
              all.onsuccess = () =>
                resolve((all.result as { blob: Blob | null }[]).filter((f) => f.blob !== null).length);
            };
          }),
      ),
    )
    .toBe(0);

  await approveTheOneEntry(browser, baseURL!, phone);
});

// The page's own sender resends what the connection dropped: no service worker takes part here
// (the headless shell has no Background Sync, and the page sends whether or not one controls it),
// so these two run without one and do not wait for its install (about 170 precached files).
test.describe("the page's sender after a dropped connection", () => {
  test.use({ serviceWorkers: 'block' });

  test('in Arabic on a phone, the Wi-Fi goes down after the first photo: sent once it is back, staff approve exactly one', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    const phone = uniquePhone();
    // Entries need a proven phone: proven through the API, as the code step would.
    await provePhone(page.request, phone);
    await page.goto('/');
    const photos = await jpegPhotos(page);

    // The connection goes away as soon as the first photo has arrived at the server.
    const uploads: string[] = [];
    let dropped = false;
    context.on('response', (response) => {
      if (!response.url().includes('/api/event-uploads/') || dropped) return;
      dropped = true;
      void context.setOffline(true);
    });
    context.on('request', (request) => {
      if (request.url().includes('/api/event-uploads/')) uploads.push(new URL(request.url()).pathname);
    });

    await openPhotographyModal(page, 'المشاركة في فعالية التصوير');
    const modal = page.getByTestId('photography-modal');
    await modal.locator('input[type="file"]').setInputFiles(photos);
    await modal.getByLabel('رقم الهاتف').fill(phone);
    await modal.getByRole('button', { name: 'إرسال الصور' }).click();

    // Kept on the phone, waiting, with one photo of three already at the server.
    const entry = modal.getByTestId('outbox-entry');
    await expect(entry).toHaveAttribute('data-state', 'waiting', { timeout: 15_000 });
    await expect(page.getByTestId('outbox-indicator')).toHaveAccessibleName(/^غير متصل/);

    await context.setOffline(false);
    await expect(entry).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
    // Three different photos reached the server; the first was not sent again.
    const distinct = new Set(uploads);
    expect(distinct.size).toBe(3);
    expect(uploads.filter((u) => u === uploads[0])).toHaveLength(1);

    await approveTheOneEntry(browser, baseURL!, phone);
  });

  test('the connection drops between uploads: only the missing photos are re-sent, one entry with three', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    const phone = uniquePhone();
    // Entries need a proven phone: proven through the API, as the code step would.
    await provePhone(page.request, phone);
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.goto('/');
    const photos = await jpegPhotos(page);

    // The second upload's connection drops once.
    const uploads: { id: string; outcome: 'aborted' | 'sent' }[] = [];
    await context.route('**/api/event-uploads/**', async (route) => {
      const id = new URL(route.request().url()).pathname.split('/').pop()!;
      if (uploads.length === 1) {
        uploads.push({ id, outcome: 'aborted' });
        await route.abort('internetdisconnected');
        return;
      }
      uploads.push({ id, outcome: 'sent' });
      // The last photo is slow, so the progress can be seen.
      if (uploads.length === 4) await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    });

    await openPhotographyModal(page, 'Join the photography event');
    const modal = page.getByTestId('photography-modal');
    await modal.locator('input[type="file"]').setInputFiles(photos);
    await modal.getByLabel('Phone number').fill(phone);
    await modal.getByRole('button', { name: 'Submit photos' }).click();

    const entry = modal.getByTestId('outbox-entry');
    await expect(entry).toHaveAttribute('data-state', /waiting|sending/);
    await screenshot(page, `${SHOTS}/en-820-modal-dropped.png`);
    // Picked up again after the backoff (a few seconds), with no guest action: progress shows.
    const progress = entry.getByRole('progressbar', { name: 'Uploading' });
    await expect(progress).toHaveAttribute('aria-valuetext', /^2 of 3 photos, \d+%$/, { timeout: 15_000 });
    await screenshot(page, `${SHOTS}/en-820-modal-progress.png`);
    await expect(entry).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
    await expect(entry.getByTestId('outbox-entry-state')).toHaveText('Sent');
    await screenshot(page, `${SHOTS}/en-820-modal-sent.png`);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, `${SHOTS}/en-390-modal-sent.png`);

    // Four PUTs: 1 ok, 2 dropped, 2 again and 3; photo 1 was not sent twice.
    expect(uploads.map((u) => u.outcome)).toEqual(['sent', 'aborted', 'sent', 'sent']);
    expect(uploads[2]!.id).toBe(uploads[1]!.id);
    expect(new Set(uploads.map((u) => u.id)).size).toBe(3);

    const staff = await staffPage(browser, baseURL!);
    const entries = await entriesOf(staff.request, phone);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.images).toHaveLength(3);
    await staff.context().close();
  });
});

// @full-browser: Chromium's headless shell has no Background Sync (scripts/chromium.mjs).
test(
  'Background Sync: the service worker delivers an entry the page could not send',
  { tag: '@full-browser' },
  async ({ page, context, browser, baseURL }) => {
    const phone = uniquePhone();
    // Entries need a proven phone: proven through the API, as the code step would.
    await provePhone(page.request, phone);
    await page.goto('/');
    await waitForServiceWorker(page);
    const photos = await jpegPhotos(page);
    await openPhotographyModal(page, 'المشاركة في فعالية التصوير');
    // The page cannot reach the API (page.route does not touch the service worker's requests).
    // Playwright's setOffline is not used here: Chromium fires Background Sync on the machine's
    // real connectivity, which the emulation does not change.
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    const fromWorker: string[] = [];
    context.on('request', (r) => {
      if (r.serviceWorker() && r.url().includes('/api/'))
        fromWorker.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });

    const modal = page.getByTestId('photography-modal');
    await modal.locator('input[type="file"]').setInputFiles(photos);
    await modal.getByLabel('رقم الهاتف').fill(phone);
    await modal.getByRole('button', { name: 'إرسال الصور' }).click();
    await expect(modal.getByTestId('outbox-entry')).toHaveCount(1);
    // The guest leaves at once; only the service worker is left to send.
    await page.close();

    const staff = await staffPage(browser, baseURL!);
    await expect
      .poll(async () => (await entriesOf(staff.request, phone)).length, { timeout: 40_000 })
      .toBe(1);
    expect((await entriesOf(staff.request, phone))[0]!.images).toHaveLength(3);
    expect(fromWorker.filter((r) => r.startsWith('PUT /api/event-uploads/'))).toHaveLength(3);
    expect(fromWorker.filter((r) => r === 'POST /api/photography-submissions')).toHaveLength(1);
    await staff.context().close();
  },
);
