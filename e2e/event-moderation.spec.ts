import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { png } from './support/png';
import { staffSignsIn } from './support/desk';
import { screenshot } from './support/screenshots';
import { provePhone } from './support/phone';

/**
 * Staff judging the prize-draw entries (admin spec sections 2, 4,
 * 7, 8 and 9), on a tablet and on a phone, against the real worker: entries
 * made through the public API with real images, the counters, the images
 * (thumbnails, full size, downloads), approve and reject with notes, the
 * participant's notifications, the Google policy note, the read-only location
 * list, the admin's on/off switch, and the staff-only API refused to strangers.
 */

const SHOTS = '/tmp/shots-staff-events';
mkdirSync(SHOTS, { recursive: true });

const arDigits = (n: number) => new Intl.NumberFormat('ar-OM').format(n);

/** An 8-digit Omani mobile number, different on every call. */
function uniquePhone() {
  return `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}
/** The phone as the screens show it: in full with its `+` (and isolated inside a sentence). */
const shown = (phone: string) => `+968 ${phone}`;
const inText = (phone: string) => `\u2066${shown(phone)}\u2069`;

const COLOURS: [number, number, number][] = [
  [13, 110, 110],
  [200, 150, 40],
  [180, 40, 60],
];

// ---------------------------------------------------------------------------
// Entries made the way the guest app makes them.

async function upload(request: APIRequestContext, eventType: 'photography' | 'hotel_rating', i: number) {
  const uploadId = crypto.randomUUID();
  const res = await request.put(`/api/event-uploads/${uploadId}?eventType=${eventType}`, {
    data: png(COLOURS[i % COLOURS.length]!, 16),
    headers: { 'Content-Type': 'image/png' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return uploadId;
}

async function enterPhotography(request: APIRequestContext, participantPhone: string) {
  await provePhone(request, participantPhone);
  const uploadIds = [];
  for (let i = 0; i < 3; i++) uploadIds.push(await upload(request, 'photography', i));
  const res = await request.post('/api/photography-submissions', {
    data: { participantPhone, uploadIds },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

async function enterGoogleReview(request: APIRequestContext, participantPhone: string) {
  await provePhone(request, participantPhone);
  const uploadIds = [];
  for (let i = 0; i < 3; i++) uploadIds.push(await upload(request, 'hotel_rating', i));
  const res = await request.post('/api/google-review-submissions', {
    data: { participantPhone, source: 'rating_page', uploadIds },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

async function enterLocation(request: APIRequestContext, participantPhone: string) {
  await provePhone(request, participantPhone);
  const res = await request.post('/api/location-sharing-submissions', {
    data: { participantPhone, shareCount: 5 },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

type Listed = { id: number; status: string; images: { id: string; url: string }[] };

async function listed(request: APIRequestContext, kind: 'photography' | 'google-review') {
  const res = await request.get(`/api/${kind}-submissions`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as Listed[];
}

async function notificationsOf(request: APIRequestContext, phone: string) {
  const res = await request.get(`/api/notifications/${phone}`);
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { type: string; message: string; messageAr: string }[];
}

/** The staff-only calls refuse someone who is not signed in. */
async function expectRefusedToStrangers(
  playwright: { request: { newContext(o: { baseURL: string }): Promise<APIRequestContext> } },
  baseURL: string,
  paths: string[],
) {
  const stranger = await playwright.request.newContext({ baseURL });
  for (const path of paths) {
    const res = await stranger.get(path);
    expect([401, 403], `${path} answered ${res.status()}`).toContain(res.status());
  }
  await stranger.dispose();
}

async function expectImageLoaded(page: Page, locator: ReturnType<Page['locator']>) {
  await expect(locator).toBeVisible();
  await expect
    .poll(() => locator.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(16);
}

async function shoot(page: Page, name: string) {
  const width = page.viewportSize()!.width;
  const lang = await page.evaluate(() => document.documentElement.lang);
  await screenshot(page, `${SHOTS}/${name}-${width}-${lang}.png`, { fullPage: true });
}

/** Both languages, through the header's language toggle (one per screen). */
async function shootBothLanguages(page: Page, name: string) {
  await shoot(page, name);
  await page.getByRole('banner').getByRole('button', { name: 'تغيير اللغة' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await shoot(page, name);
  const width = page.viewportSize()!.width;
  await screenshot(page.getByTestId('entry-detail'), `${SHOTS}/${name}-detail-${width}-en.png`);
  await page.getByRole('banner').getByRole('button', { name: 'Change language' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

// ---------------------------------------------------------------------------

for (const viewport of [
  { width: 820, height: 1180 },
  { width: 390, height: 844 },
]) {
  test.describe(`event moderation at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('staff see the photography counters, view and download the photos, approve one entry and reject others', async ({
      page,
      playwright,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const [toApprove, toReject, toQuickReject, decidedElsewhere] = [
        uniquePhone(),
        uniquePhone(),
        uniquePhone(),
        uniquePhone(),
      ];
      const approveEntry = await enterPhotography(page.request, toApprove);
      const rejectEntry = await enterPhotography(page.request, toReject);
      const quickEntry = await enterPhotography(page.request, toQuickReject);
      const raceEntry = await enterPhotography(page.request, decidedElsewhere);

      // When the page hands each file to the browser (the spacing the spec asks for).
      await page.addInitScript(() => {
        const clicks: number[] = [];
        (window as unknown as { __downloadClicks: number[] }).__downloadClicks = clicks;
        const click = HTMLAnchorElement.prototype.click;
        HTMLAnchorElement.prototype.click = function recorded(this: HTMLAnchorElement) {
          if (this.download) clicks.push(performance.now());
          click.call(this);
        };
      });
      await staffSignsIn(page);
      const before = await listed(page.request, 'photography');
      const image = before.find((e) => e.id === approveEntry.id)!.images[0]!;
      await expectRefusedToStrangers(playwright, baseURL!, ['/api/photography-submissions', image.url]);

      // The counters count the list the page last received. (Journeys running beside this one
      // add and decide entries too, so a list read here may already differ from the page's.)
      let pageList: { id: number; status: string }[] | undefined;
      page.on('response', async (res) => {
        if (
          res.request().method() === 'GET' &&
          new URL(res.url()).pathname === '/api/photography-submissions' &&
          res.ok()
        ) {
          pageList = (await res.json().catch(() => pageList)) as typeof pageList;
        }
      });
      const countersMatchTheList = (statuses: string[]) =>
        expect
          .poll(
            async () => {
              if (!pageList) return 'no list yet';
              const list = pageList;
              const wrong: string[] = [];
              for (const status of statuses) {
                const want = arDigits(list.filter((e) => status === 'total' || e.status === status).length);
                const shown = await page
                  .getByTestId(`counter-${status}`)
                  .getByTestId('counter-value')
                  .textContent();
                if (shown !== want) wrong.push(`${status}: ${shown} shown, ${want} in the list`);
              }
              return wrong.join('; ');
            },
            { message: "the counters show the page's list" },
          )
          .toBe('');

      await page.goto('/photography-admin');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('إدارة فعالية التصوير');
      const count = (status?: string) => before.filter((e) => !status || e.status === status).length;
      await countersMatchTheList(['total', 'pending', 'approved']);
      // ... and that list is the server's, with this journey's four entries waiting.
      expect(pageList!.length).toBeGreaterThanOrEqual(count());
      for (const entry of [approveEntry, rejectEntry, quickEntry, raceEntry]) {
        expect(pageList!.find((e) => e.id === entry.id)?.status).toBe('pending');
      }

      // The row: number, phone, status, date and photo count, with the quick decisions.
      const row = (phone: string) => page.getByRole('row', { name: new RegExp(phone) });
      await expect(row(toApprove)).toContainText('قيد المراجعة');
      await expect(row(toApprove)).toContainText('الصور: ٣');
      await expect(row(toApprove).getByRole('button', { name: /^الموافقة على المشاركة/ })).toBeVisible();

      // The detail panel: phone and the three photos.
      await row(toApprove).click();
      const detail = page.getByTestId('entry-detail');
      await expect(detail.getByTestId('entry-phone')).toHaveText(shown(toApprove));
      await expect(detail.getByTestId('thumbnail')).toHaveCount(3);
      await expectImageLoaded(
        page,
        detail.getByRole('img', { name: `الصورة ٢ من ٣ من ${inText(toApprove)}` }),
      );
      await shootBothLanguages(page, 'photography');

      // Full size, with download and close.
      await detail
        .getByRole('button', { name: `عرض الصورة ١ من ٣ من ${inText(toApprove)} بالحجم الكامل` })
        .click();
      const viewer = page.getByRole('dialog', { name: 'الصورة ١ من ٣' });
      await expectImageLoaded(page, viewer.getByTestId('full-image'));
      await screenshot(page, `${SHOTS}/photography-image-${viewport.width}-ar.png`);
      const [single] = await Promise.all([
        page.waitForEvent('download'),
        viewer.getByRole('button', { name: 'تحميل' }).click(),
      ]);
      expect(single.suggestedFilename()).toBe(`photography-${approveEntry.id}-1.png`);
      await viewer.getByRole('button', { name: 'إغلاق', exact: true }).first().click();
      await expect(viewer).toHaveCount(0);

      // Download All: the three files, 500 ms apart.
      const downloads: { name: string }[] = [];
      page.on('download', (d) => downloads.push({ name: d.suggestedFilename() }));
      const clicksBefore = await page.evaluate(
        () => (window as unknown as { __downloadClicks: number[] }).__downloadClicks.length,
      );
      await detail.getByRole('button', { name: 'تحميل الكل' }).click();
      await expect.poll(() => downloads.length, { timeout: 10_000 }).toBe(3);
      expect(downloads.map((d) => d.name)).toEqual(
        [1, 2, 3].map((n) => `photography-${approveEntry.id}-${n}.png`),
      );
      const clicks = await page.evaluate(
        () => (window as unknown as { __downloadClicks: number[] }).__downloadClicks,
      );
      const [first, second, third] = clicks.slice(clicksBefore);
      expect(second! - first!).toBeGreaterThanOrEqual(495);
      expect(third! - second!).toBeGreaterThanOrEqual(495);

      // Approve with notes: a toast says the participant is notified; the detail pane stays, with
      // the decision.
      await detail.getByLabel('ملاحظات الإدارة').fill('صور رائعة للمسبح');
      await detail.getByRole('button', { name: 'موافقة', exact: true }).click();
      await expect(
        page.getByText(`تمت الموافقة على المشاركة رقم ${arDigits(approveEntry.id)}`),
      ).toBeVisible();
      await expect(page.getByText(`تم إشعار المشارك (${inText(toApprove)}).`)).toBeVisible();
      await expect(detail.getByTestId('entry-phone')).toHaveText(shown(toApprove));
      await expect(detail.getByTestId('entry-decision')).toContainText('تمت الموافقة مسبقاً');
      expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
      await expect(row(toApprove).getByTestId('entry-status')).toHaveText('مقبولة');
      await expect(row(toApprove).getByRole('button')).toHaveCount(0);

      // Reject another with notes.
      await row(toReject).click();
      await detail.getByLabel('ملاحظات الإدارة').fill('الصور غير واضحة');
      await detail.getByRole('button', { name: 'رفض', exact: true }).click();
      await expect(page.getByText(`تم رفض المشاركة رقم ${arDigits(rejectEntry.id)}`)).toBeVisible();
      await expect(row(toReject).getByTestId('entry-status')).toHaveText('مرفوضة');

      // Quick reject from the list: the fixed note.
      await row(toQuickReject)
        .getByRole('button', { name: /^رفض المشاركة/ })
        .click();
      await expect(page.getByText(`تم رفض المشاركة رقم ${arDigits(quickEntry.id)}`)).toBeVisible();
      await expect(row(toQuickReject).getByTestId('entry-status')).toHaveText('مرفوضة');

      // Decided entries show the decision and the notes, without the buttons.
      await row(toApprove).click();
      await expect(detail.getByTestId('entry-decision')).toContainText('تمت الموافقة مسبقاً');
      await expect(detail.getByTestId('entry-notes')).toHaveText('صور رائعة للمسبح');
      await expect(detail.getByRole('button', { name: 'موافقة', exact: true })).toHaveCount(0);
      await row(toQuickReject).click();
      await expect(detail.getByTestId('entry-decision')).toContainText('تم الرفض مسبقاً');
      await expect(detail.getByTestId('entry-notes')).toHaveText('تم الرفض');
      // The approved counter follows the decision: the page's list has the entry approved.
      await expect.poll(() => pageList?.find((e) => e.id === approveEntry.id)?.status).toBe('approved');
      await countersMatchTheList(['approved']);

      // Someone else decides first: the server's message, and the list catches up.
      await row(decidedElsewhere).click();
      const elsewhere = await page.request.post(`/api/photography-submissions/${raceEntry.id}/reject`, {
        data: { adminNotes: 'رفض من جهاز آخر', userPhone: decidedElsewhere },
      });
      expect(elsewhere.ok(), await elsewhere.text()).toBe(true);
      await detail.getByRole('button', { name: 'موافقة', exact: true }).click();
      await expect(page.getByText('تم البت في هذه المشاركة بالفعل')).toBeVisible();
      await expect(row(decidedElsewhere).getByTestId('entry-status')).toHaveText('مرفوضة');
      await expect(detail.getByTestId('entry-notes')).toHaveText('رفض من جهاز آخر');

      // The server wrote each participant's notification (the page sent none itself).
      expect((await notificationsOf(page.request, toApprove)).map((n) => n.type)).toEqual([
        'photography_approved',
      ]);
      const rejected = await notificationsOf(page.request, toReject);
      expect(rejected.map((n) => n.type)).toEqual(['photography_rejected']);
      expect(rejected[0]!.messageAr).toContain('الصور غير واضحة');
      expect((await notificationsOf(page.request, toQuickReject)).map((n) => n.type)).toEqual([
        'photography_rejected',
      ]);
    });

    test('staff judge a Google review entry with every screenshot, see the policy note, and wait while offline', async ({
      page,
      context,
      playwright,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const phone = uniquePhone();
      const entry = await enterGoogleReview(page.request, phone);
      await staffSignsIn(page);
      const image = (await listed(page.request, 'google-review')).find((e) => e.id === entry.id)!.images[2]!;
      await expectRefusedToStrangers(playwright, baseURL!, ['/api/google-review-submissions', image.url]);

      await page.goto('/rating-admin');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('إدارة فعالية تقييم الفندق');
      // Google's policy, by the switch; staff see the switch but only an admin may use it.
      await expect(page.getByTestId('google-policy')).toContainText('سياسة تقييمات Google تمنع المكافآت');
      await expect(page.getByTestId('event-switch').getByRole('switch')).toBeDisabled();
      await expect(page.getByTestId('event-switch').getByRole('switch')).toBeChecked();
      // Beside it, the phone rule: on by default, for admins only too.
      await expect(page.getByTestId('phone-rule-switch').getByRole('switch')).toBeChecked();
      await expect(page.getByTestId('phone-rule-switch').getByRole('switch')).toBeDisabled();
      await expect(page.getByText('لا يستطيع تغيير هذه الإعدادات إلا المسؤول.')).toBeVisible();

      const row = page.getByRole('row', { name: new RegExp(phone) });
      await expect(row).toContainText('لقطات الشاشة: ٣');
      await row.click();
      const detail = page.getByTestId('entry-detail');
      await expect(detail.getByTestId('thumbnail')).toHaveCount(3);
      for (const n of ['١', '٢', '٣']) {
        await expectImageLoaded(
          page,
          detail.getByRole('img', { name: `لقطة الشاشة ${n} من ٣ من ${inText(phone)}` }),
        );
      }
      await shootBothLanguages(page, 'rating');

      // Offline: the list stays, decisions wait.
      await context.setOffline(true);
      await expect(page.getByText('لا يوجد اتصال بالإنترنت.', { exact: false }).first()).toBeVisible();
      await expect(detail.getByRole('button', { name: 'رفض', exact: true })).toBeDisabled();
      await expect(row.getByRole('button', { name: /^رفض المشاركة/ })).toBeDisabled();
      await context.setOffline(false);
      await expect(detail.getByRole('button', { name: 'رفض', exact: true })).toBeEnabled();

      await detail.getByLabel('ملاحظات الإدارة').fill('لقطة الشاشة لا تظهر التقييم');
      await detail.getByRole('button', { name: 'رفض', exact: true }).click();
      await expect(page.getByText(`تم رفض المشاركة رقم ${arDigits(entry.id)}`)).toBeVisible();
      await expect(row.getByTestId('entry-status')).toHaveText('مرفوضة');
      const notes = await notificationsOf(page.request, phone);
      expect(notes.map((n) => n.type)).toEqual(['rating_rejected']);
      expect(notes[0]!.messageAr).toContain('لقطة الشاشة لا تظهر التقييم');

      // The spec's other address of the same screen.
      await page.goto('/hotel-rating-admin');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('إدارة فعالية تقييم الفندق');
    });

    test('staff see location sharing entries, read only, with the shares out of 5', async ({
      page,
      playwright,
      baseURL,
    }) => {
      const phone = uniquePhone();
      const entry = await enterLocation(page.request, phone);
      await expectRefusedToStrangers(playwright, baseURL!, ['/api/location-sharing-submissions']);
      await staffSignsIn(page);

      await page.goto('/location-admin');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('إدارة فعالية مشاركة الموقع');
      const row = page.getByRole('row', { name: new RegExp(phone) });
      await expect(row.getByTestId('entry-status')).toHaveText('مكتملة');
      await expect(row.getByTestId('entry-shares')).toHaveText('المشاركات: ٥/٥');
      await expect(row.getByRole('button')).toHaveCount(0);
      await row.click();
      const detail = page.getByTestId('entry-detail');
      await expect(detail.getByRole('heading')).toHaveText(`المشاركة رقم ${arDigits(entry.id)}`);
      await expect(detail.getByTestId('entry-phone')).toHaveText(shown(phone));
      await expect(detail.getByTestId('detail-shares')).toHaveText('٥/٥');
      await expect(detail).toContainText('المطلوب: ٥ مشاركات');
      await expect(detail.getByTestId('entry-success')).toBeVisible();
      await detail.getByLabel('ملاحظات (لا تُحفظ)').fill('اتصلت به');
      await shootBothLanguages(page, 'location');

      await page.goto('/location-sharing-admin');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('إدارة فعالية مشاركة الموقع');
    });
  });
}

test('a photo this browser cannot show is a placeholder with its type and size, and still downloads', async ({
  page,
}) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  const phone = uniquePhone();
  // A HEIC photo from an iPhone: accepted by its signature and its header's size (ispe,
  // 4032 x 3024), but Chromium cannot decode it.
  const box = (type: string, ...body: Buffer[]) => {
    const content = Buffer.concat(body);
    const size = Buffer.alloc(4);
    size.writeUInt32BE(8 + content.length);
    return Buffer.concat([size, Buffer.from(type, 'ascii'), content]);
  };
  const u32 = (n: number) => {
    const out = Buffer.alloc(4);
    out.writeUInt32BE(n);
    return out;
  };
  const ispe = box('ispe', u32(0), u32(4032), u32(3024));
  const header = Buffer.concat([
    box('ftyp', Buffer.from('heic', 'ascii'), u32(0), Buffer.from('mif1heic', 'ascii')),
    box('meta', u32(0), box('iprp', box('ipco', ispe))),
  ]);
  const heic = Buffer.concat([header, Buffer.alloc(2_024 - header.length, 7)]);
  const heicId = crypto.randomUUID();
  const put = await page.request.put(`/api/event-uploads/${heicId}?eventType=photography`, {
    data: heic,
    headers: { 'Content-Type': 'image/heic' },
  });
  expect(put.status(), await put.text()).toBe(201);
  const uploadIds = [
    heicId,
    await upload(page.request, 'photography', 1),
    await upload(page.request, 'photography', 2),
  ];
  await provePhone(page.request, phone);
  const entry = await page.request.post('/api/photography-submissions', {
    data: { participantPhone: phone, uploadIds },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(entry.status(), await entry.text()).toBe(201);

  await staffSignsIn(page);
  await page.goto('/photography-admin');
  await page.getByRole('row', { name: new RegExp(phone) }).click();
  const detail = page.getByTestId('entry-detail');
  const placeholder = detail.getByTestId('thumbnail-unreadable');
  await expect(placeholder).toHaveCount(1);
  await expect(placeholder).toContainText('HEIC');
  await expect(placeholder).toContainText('٢ كيلوبايت');
  await expect(detail.getByTestId('thumbnail')).toHaveCount(2);
  await expect(detail.getByRole('img', { name: `الصورة ١ من ٣ من ${inText(phone)}` })).toBeVisible();
  const download = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'تحميل الصورة ١ من ٣' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.heic$/);
  await screenshot(page, `${SHOTS}/unreadable-thumbnail-ar-820.png`);
});

test('the events management screen shows the three draws with their counts and opens each one', async ({
  page,
}) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await enterPhotography(page.request, uniquePhone());
  await staffSignsIn(page);
  await page.goto('/admin');
  await page.getByRole('link', { name: /^إدارة الفعاليات/ }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('إدارة الفعاليات');
  const tiles = page.getByRole('navigation', { name: 'الفعاليات' }).getByRole('link');
  await expect(tiles).toHaveCount(3);

  // The tiles say what the server counts. Journeys beside this one add and judge entries, and the
  // screen shows the counts it read: compared in a poll that reads the screen's counts again
  // (a reload) when the server's have moved since.
  type Overview = { events: { eventType: string; entriesThisMonth: number; pending: number | null }[] };
  const photography = page.getByTestId('event-tile-photography');
  await expect
    .poll(
      async () => {
        const overview = (await (await page.request.get('/api/event-settings/overview')).json()) as Overview;
        const event = overview.events.find((e) => e.eventType === 'photography')!;
        const shown = await photography.getByTestId('event-tile-pending').textContent();
        const same =
          shown ===
          `بانتظار المراجعة: ${arDigits(Math.min(event.pending!, 99))}${event.pending! >= 100 ? '+' : ''}`;
        if (!same) {
          await page.reload();
          await photography.getByTestId('event-tile-pending').waitFor();
        }
        return same;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(photography.getByTestId('event-tile-entries')).toContainText('مشاركات هذا الشهر');
  await expect(page.getByTestId('event-tile-location_sharing').getByTestId('event-tile-pending')).toHaveCount(
    0,
  );
  await shoot(page, 'events-management');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'events-management');
  await page.getByRole('banner').getByRole('button', { name: 'تغيير اللغة' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events management');
  await shoot(page, 'events-management');
  await page.setViewportSize({ width: 820, height: 1180 });
  await shoot(page, 'events-management');
  await page.getByRole('banner').getByRole('button', { name: 'Change language' }).click();

  await photography.click();
  await expect(page).toHaveURL(/\/photography-admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('إدارة فعالية التصوير');
});
