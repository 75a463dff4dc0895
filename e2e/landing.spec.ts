import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './support/a11y';

test('the landing page shows the four room tiers in Arabic, right to left, then in English after a switch and a reload', async ({
  page,
}) => {
  // Rooms left tonight come from /api/room-inventory: the count shown is the one it answered.
  const inventory = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/room-inventory',
  );
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('أهلاً بكم في فندق المعبيلة');

  const tiers = page.locator('[data-testid^="room-tier-"]');
  await expect(tiers).toHaveCount(4);
  await expect(page.getByTestId('room-tier-silver').getByRole('heading')).toHaveText('الغرفة الفضية');
  await expect(page.getByTestId('room-tier-gold').getByTestId('room-price')).toHaveText('١٣٫٢٠٠ ر.ع.');
  await expect(page.getByTestId('room-tier-deluxe').getByTestId('room-price')).toHaveText('١٧٫٣٠٠ ر.ع.');
  // The seed's 36 gold rooms, less any another journey on the same server holds tonight for a
  // while (the folio journey checks a guest in and out again): the page shows what the API said.
  const rows = (await (await inventory).json()) as { roomType: string; availableCount: number }[];
  const goldLeft = rows.find((row) => row.roomType === 'gold')!.availableCount;
  expect(goldLeft).toBeGreaterThan(30);
  expect(goldLeft).toBeLessThanOrEqual(36);
  await expect(page.getByTestId('room-tier-gold').getByTestId('rooms-left')).toContainText(
    String(goldLeft).replace(/\d/g, (digit) => '٠١٢٣٤٥٦٧٨٩'[Number(digit)]!),
  );
  await expectNoA11yViolations(page, 'landing ar');

  // The hero photo is fetched first, AVIF or WebP at the width the screen needs.
  const hero = page.getByTestId('landing-hero-image');
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).toHaveAttribute('srcset', /\.webp 480w, .*\.webp 1600w$/);
  await expect(page.locator('#landing-hero source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /\.avif 480w, .*\.avif 1600w$/,
  );
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // Every room card has its photo (fetched once the page is idle, so the hero goes first and the
  // covers are there offline: e2e/offline.spec.ts); a tap opens the room's photos full screen,
  // the arrow key of the reading direction moves on, Escape closes and focus comes back.
  const gold = page.getByTestId('room-tier-gold');
  await expect(gold.getByTestId('room-card-image')).toHaveAttribute('srcset', /\.webp 960w/);
  await gold.getByTestId('room-card-photo').click();
  const viewer = page.getByRole('dialog', { name: 'الصور بملء الشاشة' });
  await expect(viewer).toBeVisible();
  expect(await viewer.boundingBox()).toMatchObject({ x: 0, y: 0, ...page.viewportSize() });
  await expect(page.getByTestId('photo-viewer-counter')).toHaveText('١ / ٣');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('photo-viewer-counter')).toHaveText('٢ / ٣');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(gold.getByTestId('room-card-photo')).toBeFocused();

  await page.getByRole('button', { name: 'تغيير اللغة' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('room-tier-silver').getByRole('heading')).toHaveText('Silver Room');
  await expect(page.getByTestId('room-tier-silver').getByTestId('room-price')).toHaveText('OMR 12.600');
  await expectNoA11yViolations(page, 'landing en');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Al Maabila Hotel');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
});

test("the landing page loads its own messages until a tap; a panel then opens with the guest's", async ({
  page,
}) => {
  // The language catalogues fetched (every message of the app used to arrive here).
  const catalogues: number[] = [];
  page.on('response', async (response) => {
    if (/^\/assets\/(ar|en)-[\w-]+\.js$/.test(new URL(response.url()).pathname))
      catalogues.push((await response.body()).length);
  });
  await page.goto('/');
  await expect(page.locator('[data-testid^="room-tier-"]')).toHaveCount(4);
  // The footer, shown once the page is idle, has its texts from the landing's own catalogue.
  await expect(page.getByTestId('footer-find-booking')).toHaveText('ابحث عن حجزي');
  // The first catalogue is the landing's own: a few KB, which drew the first screen. The guest's
  // comes after it: once the page is idle, with the panels made ready (decision 099), or at the
  // first tap.
  expect(catalogues[0]).toBeLessThan(20_000);

  // A tap: the panel shows its own words, not their ids, with the guest's catalogue: every message
  // but the back office's screens' (about 110 KB in Arabic before gzip; the whole one, 270 KB, is
  // left to the back office's screens).
  await page.getByTestId('landing-card-services').click();
  const panel = page.getByTestId('services-panel');
  await expect(panel).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'خدمات قريبة من الفندق' })).toBeVisible();
  await expect.poll(() => catalogues.length).toBe(2);
  expect(catalogues[1]).toBeGreaterThan(60_000);
  expect(catalogues[1]).toBeLessThan(180_000);
  // Another page's screen (the sign-in's) loads the whole one.
  await page.goto('/login');
  await expect.poll(() => catalogues.some((size) => size > 200_000)).toBe(true);
});

test("a panel's address: the scripts its first render runs carry V8's compile hint, its catalogue none", async ({
  page,
}) => {
  // Every script the address fetches from the build, and whether it starts with the hint
  // (web/build/compile-hints.ts, decision 104).
  const hinted = new Map<string, boolean>();
  page.on('response', async (response) => {
    const path = new URL(response.url()).pathname;
    if (!path.startsWith('/assets/') || !path.endsWith('.js') || !response.ok()) return;
    // (A script still arriving as the journey ends has no body to read: it is not among those checked.)
    const text = await response.text().catch(() => null);
    if (text !== null) hinted.set(path, text.startsWith('//# allFunctionsCalledOnLoad\n'));
  });
  // A file by its name before the content hash (and the build's tag, when it has one).
  const hintOf = (name: string) =>
    [...hinted].find(([path]) => new RegExp(`^/assets/${name}-[\\w-]{8}(-\\w+)?\\.js$`).test(path))?.[1];
  await page.goto('/?quick=true');
  await expect(page.getByTestId('quick-booking-panel')).toBeVisible();
  await expect.poll(() => hintOf('quick-booking-panel')).toBeDefined();
  // The app's start, the landing panels' shared code and the panel's own.
  for (const name of ['index', 'client', 'start', 'panels', 'quick-booking-panel'])
    expect(hintOf(name), name).toBe(true);
  // The message catalogues are data; the boot's scripts are written by the prerender.
  expect(hintOf('ar'), 'ar').toBe(false);
  expect([...hinted].filter(([path]) => /^\/assets\/boot-/.test(path)).map(([, hint]) => hint)).toEqual([
    false,
    false,
  ]);
});

test('the landing page loads no admin code; the admin area loads when opened', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('[data-testid^="room-tier-"]')).toHaveCount(4);
  expect(scripts.filter((s) => s.includes('/assets/admin-'))).toEqual([]);

  // The back office asks for a staff or admin sign-in (the seeded development admin).
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'admin@example.com', password: 'change-me-admin' },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.filter((s) => s.includes('/assets/admin-')).length).toBeGreaterThan(0);
});

test('a signed-out visit logs nothing in the console: no failed /api/auth/me, no router warning', async ({
  page,
}) => {
  const messages: string[] = [];
  const asked: string[] = [];
  page.on('console', (msg) => {
    // Playwright's own note that it blocked the service worker (playwright.config.ts) is not the app's.
    if (/registration blocked by Playwright/.test(msg.text())) return;
    if (msg.type() === 'error' || msg.type() === 'warning') messages.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/auth/me') asked.push(req.url());
  });
  await page.goto('/');
  await expect(page.locator('[data-testid^="room-tier-"]')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
  // A lazy screen opened directly (React Router used to warn "No HydrateFallback element").
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked, 'nobody is signed in: who is signed in is not asked').toEqual([]);
  expect(messages).toEqual([]);

  // Signed in, the hint cookie is there and the page asks (and gets an answer).
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'admin@example.com', password: 'change-me-admin' },
  });
  expect(login.ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByTestId('header-user-name')).toBeVisible();
  expect(asked.length).toBeGreaterThan(0);
  // Signed out again, the hint goes with the session: nothing asked, nothing logged.
  await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
  asked.length = 0;
  await page.reload();
  await expect(page.getByRole('link', { name: 'تسجيل الدخول' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
  expect(messages).toEqual([]);
});

test('a card pressed before the app has started is answered at once, and its panel opens once the app is there', async ({
  context,
}) => {
  // A page of its own: the fixture's page starts the app and waits for React after goto, and
  // this journey must not.
  const guest = await context.newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The app's entry script is held back, as on a slow phone: the prerendered cards and the boot
  // script are there, React is not.
  await guest.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  // The boot script has run by DOMContentLoaded; the app's entry is imported only once it starts.
  await guest.goto('/', { waitUntil: 'domcontentloaded' });
  await guest.evaluate(() => Object.assign(window, { samePage: true }));
  const card = guest.getByTestId('landing-card-services');
  await expect(card).toHaveAttribute('href', '/?services=true');
  await card.click();
  // Answered at once, on the same page: the app's "Loading…" (decision 086), no page load.
  await expect(guest.getByRole('status').filter({ hasText: 'جارٍ التحميل…' })).toBeVisible();
  expect(new URL(guest.url()).search).toBe('');
  release();
  // The same tap, given to the app once it has started, opens the panel.
  await expect(guest.getByTestId('services-panel')).toBeVisible({ timeout: 15_000 });
  await expect(guest.getByRole('dialog', { name: 'خدمات قريبة من الفندق' })).toBeVisible();
  expect(await guest.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
  await expect(guest.locator('#boot-busy')).toHaveCount(0);
  await guest.close();
});

test('the landing page carries the hotel, its room types and their lowest prices as schema.org JSON-LD, in each language', async ({
  request,
}) => {
  for (const lang of ['ar', 'en'] as const) {
    const html = await (await request.get(`/?lang=${lang}`)).text();
    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(script, 'a JSON-LD script in the page').not.toBeNull();
    const ld = JSON.parse(script![1]!) as {
      '@type': string;
      containsPlace: { '@type': string; name: string }[];
      makesOffer: { '@type': string; price: string; priceCurrency: string }[];
    };
    expect(ld['@type']).toBe('Hotel');
    expect(ld.containsPlace.map((p) => p['@type'])).toEqual([
      'HotelRoom',
      'HotelRoom',
      'HotelRoom',
      'HotelRoom',
    ]);
    expect(ld.containsPlace[0]!.name).toBe(lang === 'ar' ? 'الغرفة الفضية' : 'Silver Room');
    expect(ld.makesOffer).toHaveLength(4);
    for (const offer of ld.makesOffer) {
      expect(offer.priceCurrency).toBe('OMR');
      expect(offer.price).toMatch(/^\d+\.\d{3}$/);
    }
  }
});
