import type { Page } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';
import { staffSignsIn } from './support/desk';
import { registerGuest } from './support/guests';

/**
 * The landing page's first screen is in the served HTML and shows without any script
 * (docs/decisions/053-first-paint-without-waiting.md): the heading, the hero photo fetched
 * first, the stylesheet; the app's entry is not in the HTML but imported by the small boot
 * script once the first screen has been shown, so nothing competes with it before its paint.
 */
const pages = [
  { path: '/', lang: 'ar', dir: 'rtl', heading: 'أهلاً بكم في فندق المعبيلة' },
  { path: '/?lang=en', lang: 'en', dir: 'ltr', heading: 'Welcome to Al Maabila Hotel' },
] as const;

for (const { path, lang, dir, heading } of pages) {
  test(`the served HTML of ${path} holds the first screen and starts the app only after it`, async ({
    request,
  }) => {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<html lang="${lang}" dir="${dir}">`);
    expect(html).toContain(`${heading}</h1>`);
    // The hero photo: in the HTML, fetched first, its size reserved.
    const hero = /<section id="landing-hero"[\s\S]*?<img [^>]*data-testid="landing-hero-image"[^>]*>/.exec(
      html,
    );
    expect(hero, 'the hero in the HTML').not.toBeNull();
    expect(hero![0]).toContain('fetchpriority="high"');
    expect(hero![0]).toMatch(/width="\d+"/);
    expect(hero![0]).not.toContain('loading="lazy"');
    // The first screen's rules inlined in the head (the hero's box, the header, Cairo's faces),
    // the font of the page's script preloaded; the whole stylesheet linked by the boot once the
    // first screen is shown, and in the HTML only for a browser without JavaScript.
    const head = html.slice(0, html.indexOf('</head>'));
    const inlined = /<style>([\s\S]+?)<\/style>/.exec(head)?.[1] ?? '';
    expect(inlined).toContain('.min-h-\\[24rem\\]{min-height:24rem}');
    expect(inlined).toContain('.app-header{');
    expect(inlined).toMatch(/@font-face\{font-family:Cairo (Arabic|Variable)/);
    expect(head).toMatch(
      /<link rel="preload" as="font" type="font\/woff2" crossorigin href="\/assets\/cairo-/,
    );
    expect(head).not.toContain('rel="stylesheet"');
    const sheet =
      /<noscript><link rel="stylesheet" crossorigin href="\/assets\/(index-[\w-]+\.css)"><\/noscript>\s*(<script type="application\/ld\+json">.*?<\/script>)?<\/body>/.exec(
        html,
      );
    expect(sheet, 'the stylesheet for a browser without JavaScript').not.toBeNull();
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
    // The policy allows that one inline style, by its hash.
    expect(res.headers()['content-security-policy']).toMatch(/style-src 'self' 'sha256-[\w+/=]+';/);
    // Two scripts (decision 099): the first thing in the head, inline (the stored language,
    // /?admin=true, the remembered back-office page, before anything is painted), which the policy
    // allows by its hash; and the boot, which imports the app's entry. (With a session, a third:
    // the header drawn from the last known account, below.) No entry or modulepreload in the HTML.
    // (The hotel's schema.org JSON-LD at the end of the body is a data block, never run.)
    const scriptsOf = (page: string) =>
      [...page.matchAll(/<script\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => tag !== '<script type="application/ld+json">');
    // (A browser's navigation, as a first visit makes it.)
    const navigate = { 'sec-fetch-mode': 'navigate' };
    const visited = await (await request.get(path, { headers: navigate })).text();
    const scripts = scriptsOf(visited);
    const roomsScript = new RegExp(
      `^<script id="rooms-draw" data-cards="(/assets/rooms-cards-${lang}-\\w+\\.js)">$`,
    );
    expect(scripts).toEqual([
      '<script>',
      expect.stringMatching(/^<script type="module" src="\/assets\/boot-\w+\.js">$/),
      expect.stringMatching(roomsScript),
    ]);
    // The rooms drawn before the app (decision 099, its addendum): the script that asks for the
    // rooms once the largest paint is on screen, right after #root, in every copy; the app's own
    // cards as a template in a file of its own with the script that fills it, so that the page stays
    // within a cold connection's first round trip (TCP's initial window, with the headers).
    expect(visited).toMatch(/<\/div><div id="boot-busy" hidden>[\s\S]*?<\/div>\s*<script id="rooms-draw" /);
    expect(visited).not.toContain('<template id="room-cards"');
    expect(gzipSync(visited, { level: 6 }).length).toBeLessThanOrEqual(13_900);
    const cardsScript = await request.get(roomsScript.exec(scripts[2]!)![1]!);
    expect(cardsScript.headers()['content-type']).toContain('javascript');
    expect(await cardsScript.text()).toMatch(
      /^document\.body\.insertAdjacentHTML\("beforeend","<template id=\\"room-cards\\" data-texts=/,
    );
    expect(head).toMatch(/^[\s\S]*?<meta charset="UTF-8">\s*<script>/);
    expect(res.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
    expect(visited).not.toContain('<template id="last-known">');
    // With the readable sign-in hint (and in the service worker's copy, fetched once for every later
    // visit), the signed-in header's template and the script that draws it come right after #root.
    const signedIn = await (
      await request.get(path, { headers: { ...navigate, cookie: 'signed_in=1' } })
    ).text();
    for (const page of [signedIn, html]) {
      expect(scriptsOf(page)).toEqual([...scripts.slice(0, 2), '<script id="last-known-draw">', scripts[2]]);
      expect(page).toMatch(
        /<\/div><div id="boot-busy" hidden>[\s\S]*?<\/div><template id="last-known">[\s\S]*?<\/template>\s*<script id="last-known-draw">[\s\S]*?<\/script>\s*<script id="rooms-draw" /,
      );
    }
    expect(html).not.toContain('modulepreload');
    const boot = await request.get(/src="(\/assets\/boot-\w+\.js)"/.exec(scripts[1]!)![1]!);
    expect(boot.headers()['content-type']).toContain('javascript');
    const bootCode = await boot.text();
    // (The boot is minified: its strings may be in any quotes.)
    const entry = /import\(['"`]\.\/(index-[\w-]+\.js)['"`]\)/.exec(bootCode);
    expect(entry, 'the boot imports the entry').not.toBeNull();
    expect(bootCode, 'the boot links the stylesheet').toMatch(
      new RegExp(`['"\`]${sheet![1]!.replace(/[.-]/g, '\\$&')}['"\`]`),
    );
    expect((await request.get(`/assets/${entry![1]}`)).status()).toBe(200);
    // With it, the boot preloads the two chunks the entry imports one after the other (React DOM,
    // then the app), so that they are evaluated in tasks of their own without a round trip between.
    const preloaded = [...bootCode.matchAll(/['"`]([\w.-]+\.js)['"`]/g)].map((m) => m[1]!);
    expect(preloaded).toEqual(
      expect.arrayContaining([expect.stringMatching(/^client-/), expect.stringMatching(/^start-/)]),
    );
    for (const file of preloaded) expect((await request.get(`/assets/${file}`)).status()).toBe(200);
    // What /?events=true fetches beside the app's start (the boot's list of the panels' files): the
    // panel's own code, not its forms' (zod, the phone field, the image picker) nor the outbox, lazy
    // parts fetched once it is open (decision 099, its second addendum): 189 KB gzip, not 71, put
    // the link past its 1.5 s.
    const panelsFile = /boot-panels-\w+\.js/.exec(bootCode)?.[0];
    const panels = JSON.parse(
      (await (await request.get(`/assets/${panelsFile}`)).text()).replace(/^export default |;\s*$/g, ''),
    ) as { files: string[]; panels: Record<string, number[]> };
    const events = panels.panels.events!.map((index) => panels.files[index]!);
    expect(events).toEqual(expect.arrayContaining([expect.stringMatching(/^events-panel-/)]));
    expect(
      events.filter((file) => /^(zod|outbox|image-picker|phone-countries|photography-modal)-/.test(file)),
    ).toEqual([]);
    // And by size: a chunk may hold zod under another name.
    let eventsBytes = 0;
    for (const file of events)
      eventsBytes += gzipSync(await (await request.get(`/assets/${file}`)).body()).length;
    expect(eventsBytes, "the events panel's files, gzip").toBeLessThan(100 * 1024);
  });
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, lang, heading } of pages) {
    test(`${path} shows its heading and hero, styled`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveText(heading);
      // The stylesheet applied: white bold words on the photo.
      await expect(h1).toHaveCSS('color', 'rgb(255, 255, 255)');
      await expect(h1).toHaveCSS('font-weight', '700');
      const hero = page.getByTestId('landing-hero-image');
      await expect(hero).toBeVisible();
      await expect
        .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      const box = (await hero.boundingBox())!;
      expect(box.width).toBeGreaterThan(300);
      expect(box.height).toBeGreaterThan(300);
    });
  }
});

test('the landing page starts the app by itself once it has loaded and been left alone, not during its load', async ({
  context,
}) => {
  // A page of its own: the fixture's page moves the mouse after goto, an intent that starts the app.
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/^\/assets\/(index|client|start)-[\w-]+\.js$/.test(path)) asked.push(path);
  });
  await page.goto('/', { waitUntil: 'load' });
  // A mouse resting over the page is no intent: the browser's hover update where the pointer
  // stands (as it sends while the page is first laid out; here sent again, surely after the boot
  // script listens) moves nothing.
  await page.mouse.move(0, 0);
  // Nothing of the app during the load, nor in the moments after it (decision 086)...
  await page.waitForTimeout(2_000);
  expect(asked).toEqual([]);
  // ...then it starts without a touch: React takes the prerendered page over, its own room cards
  // replace those drawn before it (decision 099, its addendum).
  await expect(page.locator('#rooms-drawn ~ div [data-testid^="room-tier-"]')).toHaveCount(4, {
    timeout: 20_000,
  });
  await expect(page.locator('#rooms-drawn > *')).toHaveCount(0);
  expect(asked).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/assets\/index-/),
      expect.stringMatching(/^\/assets\/client-/),
      expect.stringMatching(/^\/assets\/start-/),
    ]),
  );
  await page.close();
});

/**
 * The first second (decision 099): what the spec promised on load, without waiting for the app.
 */
const appStart = /^\/assets\/(index|client|start)-[\w-]+\.js$/;

/** Records the app's first scripts the page asks for. */
function appScriptsAsked(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (appStart.test(path)) asked.push(path);
  });
  return asked;
}

for (const { lang, heading, points, usePoints } of [
  { lang: 'ar', heading: 'أهلاً بكم في فندق المعبيلة', points: '٠ نقطة', usePoints: 'استخدم النقاط' },
  { lang: 'en', heading: 'Welcome to Al Maabila Hotel', points: '0 pts', usePoints: 'Use Points' },
] as const) {
  test(`a signed-in guest coming back sees their name and points before the app has started, then the app's own (${lang})`, async ({
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
    const first = await context.newPage();
    const name = lang === 'ar' ? 'ليلى الحارثي' : 'Layla Al-Harthy';
    await registerGuest(first.request, name);
    // A first visit with the app: what the phone then knows of the header.
    await first.goto('/');
    await first.mouse.move(1, 1);
    await first.mouse.move(2, 2);
    await expect(first.getByTestId('header-user-name')).toHaveText(name);
    await expect
      .poll(() => first.evaluate(() => JSON.parse(localStorage.getItem('last-known-account') ?? '{}').texts))
      .toEqual(expect.objectContaining({ points }));
    await first.close();

    // Coming back: the header is drawn from it in the page's first frame, before the app starts.
    const page = await context.newPage();
    const asked = appScriptsAsked(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByTestId('header-user-name')).toHaveText(name);
    await expect(page.getByTestId('points-total')).toHaveText(points);
    await expect(page.getByRole('link', { name: usePoints })).toBeVisible();
    await expect(page.getByTestId('notification-bell')).toBeVisible();
    await expect(page.getByTestId('my-bookings-button')).toBeVisible();
    // Marked as the last known: the app has not asked the server yet (it has not even started).
    await expect(page.locator('html')).toHaveAttribute('data-last-known', '');
    expect(asked).toEqual([]);

    // The app starts: its own header replaces the drawn one in one frame, once confirmed unmarked.
    await page.mouse.move(1, 1);
    await page.mouse.move(2, 2);
    await expect(page.locator('html')).not.toHaveAttribute('data-last-known');
    await expect(page.getByTestId('header-user-name')).toHaveCount(1);
    await expect(page.getByTestId('header-user-name')).toHaveText(name);
    await expect(page.getByTestId('points-total')).toHaveText(points);
    for (const slot of ['row', 'aside', 'bar'])
      await expect(page.locator(`#last-known-${slot} > *`)).toHaveCount(0);
    expect(asked.length).toBeGreaterThan(0);
    await page.close();
  });

  test(`the rooms and their prices are on screen before the app has started, and a Book Now tapped then opens its form (${lang})`, async ({
    context,
    baseURL,
    request,
  }) => {
    await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    page.on('pageerror', (error) => problems.push(String(error)));
    const asked = appScriptsAsked(page);
    const roomsAsked: string[] = [];
    // The booking form's code.
    const formAsked: string[] = [];
    page.on('request', (r) => {
      const { pathname, search } = new URL(r.url());
      if (pathname === '/api/rooms' || pathname === '/api/room-inventory') roomsAsked.push(pathname + search);
      if (/\/booking-form-modal-[\w-]+\.js$/.test(pathname)) formAsked.push(pathname);
    });
    const rooms = (await (await request.get('/api/rooms')).json()) as {
      roomType: string;
      nameAr: string;
      nameEn: string;
      discountedPriceBaisa: number;
    }[];
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // Drawn from the answers the page asked for as it was read: every room, its name and price in
    // the page's language and digits, tonight's counts; no "Loading rooms…" beside them.
    const cards = page.locator('[data-testid^="room-tier-"]');
    await expect(cards).toHaveCount(rooms.length);
    for (const [i, room] of rooms.entries()) {
      const card = cards.nth(i);
      await expect(card).toHaveAttribute('data-testid', `room-tier-${room.roomType}`);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(
        lang === 'ar' ? room.nameAr : room.nameEn,
      );
      const rials = (room.discountedPriceBaisa / 1000).toFixed(3);
      await expect(card.getByTestId('room-price')).toHaveText(
        lang === 'ar'
          ? `${rials.replace('.', '٫').replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!)}\u00a0ر.ع.`
          : `OMR\u00a0${rials}`,
      );
      await expect(card.getByTestId('rooms-left')).toHaveText(lang === 'ar' ? /الليلة/ : /tonight/);
    }
    await expect(page.getByText(lang === 'ar' ? 'جارٍ تحميل الغرف…' : 'Loading rooms…')).toBeHidden();
    expect(asked, 'the app has not started').toEqual([]);
    // Asked for only once the page's largest paint, the hero's photo, was on screen: nothing the
    // rooms need shares the first screen's connection or main thread (nor counts in Lighthouse's LCP).
    const order = await page.evaluate(async () => {
      const paints = await new Promise<PerformanceEntryList>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries())).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        }),
      );
      const hero = paints.find(
        (e) =>
          (e as PerformanceEntry & { element?: Element }).element?.getAttribute('data-testid') ===
          'landing-hero-image',
      );
      const started = performance
        .getEntriesByType('resource')
        .filter((e) => /\/api\/room|\/assets\/rooms-cards-/.test(new URL(e.name).pathname))
        .map((e) => e.startTime);
      return { hero: hero?.startTime ?? Infinity, first: Math.min(...started), count: started.length };
    });
    expect(order.count).toBe(3);
    expect(order.first).toBeGreaterThanOrEqual(order.hero);

    // Book Now tapped on a drawn card: the app starts, opens that room's form first (its code asked
    // for at the tap, beside the app's own), then replaces the cards in one frame.
    const room = rooms[1]!;
    const name = lang === 'ar' ? room.nameAr : room.nameEn;
    await page
      .getByRole('button', { name: lang === 'ar' ? `احجز الآن: ${name}` : `Book Now: ${name}` })
      .click();
    await expect(page.getByTestId('booking-form')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('dialog')).toContainText(name);
    expect(asked.length).toBeGreaterThan(0);
    expect(formAsked.length, "the form's code was asked for").toBeGreaterThan(0);
    await expect(page.locator('#rooms-drawn > *')).toHaveCount(0);
    await expect(cards).toHaveCount(rooms.length);
    await expect(page.locator('#boot-busy')).toHaveCount(0);
    // The tap opened one form: it was not given again to the app's own card once it was there.
    await page.waitForTimeout(500);
    await expect(page.getByTestId('booking-form')).toHaveCount(1);
    // The app took the page's answers rather than asking again; the takeover matched (no React 418).
    // (The form asks for its own stay's counts, `?from=…&to=…`.)
    expect(roomsAsked.filter((url) => !url.includes('?')).sort()).toEqual([
      '/api/room-inventory',
      '/api/rooms',
    ]);
    expect(problems).toEqual([]);
    await page.close();
  });

  test(`the quick booking card tapped before the app asks for its rooms' data at the tap, once, and the panel draws its rooms from it (${lang})`, async ({
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
    const page = await context.newPage();
    const asked = appScriptsAsked(page);
    // In the order the page asked for them: the panel's data and its code.
    const order: string[] = [];
    page.on('request', (r) => {
      const { pathname, search } = new URL(r.url());
      if (/^\/api\/(room-bed-inventory|room-smoking-inventory|room-types|room-list)$/.test(pathname))
        order.push(pathname + search);
      if (/\/assets\/quick-booking-panel-[\w-]+\.js$/.test(pathname)) order.push('panel code');
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    // The rooms drawn before the app: their script (which holds the panel's requests) is there.
    await expect(page.locator('#rooms-drawn [data-testid^="room-tier-"]').first()).toBeVisible();
    expect(asked, 'the app has not started').toEqual([]);
    await page.getByTestId('landing-card-quick').click();
    const panel = page.getByTestId('quick-booking-panel');
    await expect(panel.locator('[data-testid^="room-card-"]').first()).toBeVisible({ timeout: 15_000 });
    // Tonight's counts on the cards, and the first type's numbered rooms (their code comes after).
    await expect(panel.locator('[data-testid^="room-card-"] dl').first()).toBeVisible();
    await expect(panel.locator('[data-testid^="room-list-room-"]').first()).toBeVisible();
    await page.waitForTimeout(500);
    // Asked for at the tap, before the panel's code, and not again by the panel once it came.
    const once = ['/api/room-bed-inventory', '/api/room-smoking-inventory', '/api/room-types'];
    for (const url of once)
      expect(
        order.filter((u) => u === url),
        url,
      ).toHaveLength(1);
    expect(
      order.filter((u) => u.startsWith('/api/room-list?')),
      'the numbered rooms',
    ).toHaveLength(1);
    for (const url of once) expect(order.indexOf(url), url).toBeLessThan(order.indexOf('panel code'));
    await page.close();
  });

  test(`the nearby services' and the events' cards tapped before the app ask for their panel's data at the tap, once, before the panel's code (${lang})`, async ({
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
    for (const [card, data, code, shown] of [
      ['services', '/api/services', 'services-panel', '[data-testid^="services-category-"]'],
      ['events', '/api/event-settings', 'events-panel', '[data-testid="events-panel"]'],
    ] as const) {
      const page = await context.newPage();
      const asked = appScriptsAsked(page);
      const order: string[] = [];
      page.on('request', (r) => {
        const { pathname } = new URL(r.url());
        if (pathname === data) order.push('data');
        if (new RegExp(`/assets/${code}-[\\w-]+\\.js$`).test(pathname)) order.push('panel code');
      });
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      // The rooms drawn before the app: their script (which holds the panels' requests) is there.
      await expect(page.locator('#rooms-drawn [data-testid^="room-tier-"]').first()).toBeVisible();
      expect(asked, 'the app has not started').toEqual([]);
      await page.getByTestId(`landing-card-${card}`).click();
      await expect(page.locator(shown).first()).toBeVisible({ timeout: 15_000 });
      await page.waitForTimeout(500);
      expect(order, card).toEqual(['data', 'panel code']);
      await page.close();
    }
  });

  test(`the spec's links start the app at once and act without a touch: /?quick=true, /?events=true (${lang})`, async ({
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
    for (const [link, panel] of [
      ['quick', 'quick-booking-panel'],
      ['events', 'events-panel'],
    ] as const) {
      const page = await context.newPage();
      const cardsScript: string[] = [];
      // When each of the page's scripts was asked for; the boot held a while on its way.
      const asked = new Map<string, number[]>();
      page.on('request', (request) => {
        if (/\/assets\/rooms-cards-/.test(request.url())) cardsScript.push(request.url());
        const path = new URL(request.url()).pathname;
        if (path.endsWith('.js')) asked.set(path, [...(asked.get(path) ?? []), Date.now()]);
      });
      let bootCame = Infinity;
      await page.route(/\/assets\/boot-[0-9a-f]{8}\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        bootCame = Date.now();
        await route.continue();
      });
      // When the panel first came (its data, below, is asked for as the app starts, not after).
      await page.addInitScript((panel) => {
        new MutationObserver((_, observer) => {
          if (!document.querySelector(`[data-testid="${panel}"]`)) return;
          (globalThis as { __panelAt?: number }).__panelAt = performance.now();
          observer.disconnect();
        }).observe(document, { subtree: true, childList: true });
      }, panel);
      await page.goto(`/?${link}=true`);
      // Nothing touched: the panel opens, and the address goes back to /.
      await expect(page.getByTestId(panel)).toBeVisible({ timeout: 15_000 });
      if (link === 'events') {
        // Which draws are open was known as the panel came: a draw an admin switched off is never
        // shown for a moment.
        const { settings, panelAt } = await page.evaluate(() => ({
          settings: (
            performance
              .getEntriesByType('resource')
              .find((e) => new URL(e.name).pathname === '/api/event-settings') as
              PerformanceResourceTiming | undefined
          )?.responseEnd,
          panelAt: (globalThis as { __panelAt?: number }).__panelAt,
        }));
        expect(settings, 'the events settings answered before the panel came').toBeLessThan(panelAt!);
      }
      // The page drew no cards before the app: they would have shared its start (the app draws them).
      expect(cardsScript, "the cards' script before the app").toEqual([]);
      await expect(page).toHaveURL(/\/$/);
      // The app was asked for during the page's load, not after it had been left alone a while.
      const started = await page.evaluate(() => {
        const entry = performance
          .getEntriesByType('resource')
          .find((e) => /\/assets\/index-[\w-]+\.js$/.test(new URL(e.name).pathname));
        const load = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        return { entry: entry?.startTime ?? Infinity, load: load.loadEventStart };
      });
      expect(started.entry).toBeLessThan(started.load);
      // The boot's list of the panel's files was asked for as the page was read (its first script,
      // app/landing-first.ts), not once the boot had come and run; every file once.
      const list = [...asked].find(([path]) => path.startsWith('/assets/boot-panels-'));
      expect(list, "the boot's list of files").toBeDefined();
      expect(list![1][0]).toBeLessThan(bootCame);
      expect([...asked].some(([path]) => path.startsWith(`/assets/${panel}-`))).toBe(true);
      expect([...asked].filter(([, times]) => times.length > 1)).toEqual([]);
      await page.close();
    }
  });
}

test("a card tapped before the app: the browser's locale data is loaded while the panel's files come, not in its first render, on a phone never idle", async ({
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'lang', value: 'ar', url: baseURL! }]);
  await context.addInitScript(() => {
    // A busy phone: no idle moment until the app has started (its idle callbacks run then).
    const idle = globalThis.requestIdleCallback;
    const held: IdleRequestCallback[] = [];
    globalThis.requestIdleCallback = (callback) => held.push(callback);
    addEventListener(
      'app-started',
      () => {
        globalThis.requestIdleCallback = idle;
        for (const callback of held) idle(callback);
      },
      { once: true },
    );
    // Who first asks Intl for its locale data: the page's boot, or react-aria's code as it is evaluated.
    const callers: string[] = [];
    Object.defineProperty(globalThis, '__localeCallers', { value: callers });
    const supported = Intl.DateTimeFormat.supportedLocalesOf;
    Intl.DateTimeFormat.supportedLocalesOf = (...args) => {
      callers.push(/\/assets\/boot-/.test(new Error().stack ?? '') ? 'boot' : 'app');
      return supported(...args);
    };
  });
  const page = await context.newPage();
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#rooms-drawn [data-testid^="room-tier-"]').first()).toBeVisible();
  await page.getByTestId('landing-card-quick').click();
  await expect(page.getByTestId('quick-booking-panel')).toBeVisible({ timeout: 15_000 });
  const callers = await page.evaluate(
    () => (globalThis as unknown as { __localeCallers: string[] }).__localeCallers,
  );
  expect(callers[0], `the first to ask (${callers.join(', ')})`).toBe('boot');
  await page.close();
});

test('reaching / forgets the remembered back-office page at once, before the app has started', async ({
  context,
}) => {
  const page = await context.newPage();
  const asked = appScriptsAsked(page);
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  await page.evaluate(() => sessionStorage.setItem('lastAdminPage', '/admin/bookings'));
  asked.length = 0;
  await page.reload({ waitUntil: 'domcontentloaded' });
  expect(await page.evaluate(() => sessionStorage.getItem('lastAdminPage'))).toBeNull();
  expect(asked).toEqual([]);
  await page.close();
});

for (const lang of ['ar', 'en'] as const) {
  test(`/?admin=true takes a member of staff to the back office, answered by the server without the landing page (${lang})`, async ({
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'lang', value: lang, url: baseURL! }]);
    await context.addInitScript(() => {
      addEventListener('pagehide', () => {
        if (location.protocol !== 'http:') return;
        const painted = JSON.parse(sessionStorage.getItem('painted') ?? '[]') as unknown[];
        painted.push({
          path: location.pathname,
          contentful: performance.getEntriesByName('first-contentful-paint').length,
        });
        sessionStorage.setItem('painted', JSON.stringify(painted));
      });
    });
    const page = await context.newPage();
    await staffSignsIn(page);
    // A device the staff has used the app on: it knows the account's role.
    await page.goto('/admin');
    await expect(page.locator('main h1')).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('account-role'))).toBe('staff');
    await page.evaluate(() => sessionStorage.removeItem('painted'));

    // The server sends the account there at once (modules/catalog/pages.ts): no landing page at all.
    // (Its first script does the same from the service worker's copy, app/landing-first.ts.)
    const answers: number[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname === '/') answers.push(res.status());
    });
    await page.goto('/?admin=true', { waitUntil: 'commit' });
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.locator('main h1')).toBeVisible();
    expect(answers).toEqual([302]);
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('painted') ?? '[]'))).toEqual([
      { path: '/admin', contentful: 1 },
    ]);
    await page.close();
  });
}
