import { expect, test } from './fixtures';

/**
 * Language links (docs/decisions/012-landing-performance.md): `/?lang=en|ar` opens in
 * that language for a first-time visitor, from the first byte of the HTML, and stores the choice.
 */
test('the raw HTML of /?lang=en is English and left to right, with the alternate-language links', async ({
  request,
}) => {
  const res = await request.get('/?lang=en');
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<html lang="en" dir="ltr">');
  expect(html).toContain('<title>Al Maabila Hotel, Muscat</title>');
  // The landing page's first screen is in the HTML itself (prerendered), in English.
  expect(html).toContain('Welcome to Al Maabila Hotel</h1>');
  expect(html).toMatch(/<link rel="alternate" hreflang="ar" href="http:\/\/[^"]+\/\?lang=ar">/);
  expect(html).toMatch(/<link rel="alternate" hreflang="en" href="http:\/\/[^"]+\/\?lang=en">/);
  expect(html).toMatch(/<link rel="alternate" hreflang="x-default" href="http:\/\/[^"]+\/">/);
  expect(res.headers()['set-cookie']).toContain('lang=en');
  expect(res.headers()['vary']).toContain('Cookie');

  const arabic = await (await request.get('/?lang=ar')).text();
  expect(arabic).toContain('<html lang="ar" dir="rtl">');
  expect(arabic).toContain('أهلاً بكم في فندق المعبيلة</h1>');

  // Other pages: the same language from the first byte, without the landing page's markup.
  const login = await (await request.get('/login?lang=en')).text();
  expect(login).toContain('<html lang="en" dir="ltr">');
  expect(login).toContain('<div id="root"></div>');
});

test('a first-time visitor opens /?lang=en in English, / stays English, /?lang=ar switches back', async ({
  page,
}) => {
  await page.goto('/?lang=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Al Maabila Hotel');
  // The prerendered page is live once hydrated: prices arrive, a card opens its panel.
  await expect(page.getByTestId('room-tier-silver').getByTestId('room-price')).toHaveText('OMR 12.600');
  await page.getByTestId('landing-card-services').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

  // The choice is stored: the next page's HTML is English from its first byte, too.
  const raw = await (await page.request.get('/')).text();
  expect(raw).toContain('<html lang="en" dir="ltr">');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to Al Maabila Hotel');

  await page.goto('/?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('أهلاً بكم في فندق المعبيلة');
  await expect(page.getByTestId('room-tier-gold').getByTestId('room-price')).toHaveText('١٣٫٢٠٠ ر.ع.');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('ar');
  expect(await (await page.request.get('/')).text()).toContain('<html lang="ar" dir="rtl">');
});

/**
 * The stored language decides the landing page before anything is painted (decision 099): a
 * returning guest whose `lang` cookie is gone (or says the other language) is not shown the other
 * language's page first. The landing page's first script asks for the page again in the stored
 * language, with the cookie set, while the first one is hidden.
 */
for (const [stored, served] of [
  ['en', 'ar'],
  ['ar', 'en'],
] as const) {
  test(`a returning guest who chose ${stored} sees the ${stored} page first, though the server would send ${served}`, async ({
    context,
    baseURL,
  }) => {
    // What each page painted, kept across the pages of the tab (its first contentful paint).
    await context.addInitScript(() => {
      addEventListener('pagehide', () => {
        if (location.protocol !== 'http:') return;
        const painted = JSON.parse(sessionStorage.getItem('painted') ?? '[]') as unknown[];
        painted.push({
          lang: document.documentElement.lang,
          contentful: performance.getEntriesByName('first-contentful-paint').length,
        });
        sessionStorage.setItem('painted', JSON.stringify(painted));
      });
    });
    // The choice the app stored on the phone; the cookie that tells the server is gone (the
    // server then sends Arabic) or says the other language.
    await context.addInitScript((language) => localStorage.setItem('language', language), stored);
    await context.clearCookies();
    if (served === 'en') await context.addCookies([{ name: 'lang', value: 'en', url: baseURL! }]);
    expect(await (await context.request.get('/')).text()).toContain(`<html lang="${served}"`);

    // A page of its own: the fixture's page starts the app after goto, and this must not need it.
    const page = await context.newPage();
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('lang', stored);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      stored === 'en' ? 'Welcome to Al Maabila Hotel' : 'أهلاً بكم في فندق المعبيلة',
    );
    // The page in the other language was asked for and left before anything of it was painted.
    const painted = await page.evaluate(() => JSON.parse(sessionStorage.getItem('painted') ?? '[]'));
    expect(painted).toEqual([{ lang: served, contentful: 0 }]);
    // The cookie now says it: the next page comes in the stored language from its first byte.
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe(stored);
    await page.close();
  });
}

test('a language link stores its choice at once, before the app has started: the next visit keeps it', async ({
  context,
}) => {
  const page = await context.newPage();
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(new URL(frame.url()).search);
  });
  for (const language of ['en', 'ar', 'en'] as const) {
    await page.goto(`/?lang=${language}`, { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(language);
    // The next visit, as it comes from the server (the cookie): kept, no second page asked for.
    navigations.length = 0;
    await page.goto('/', { waitUntil: 'load' });
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    expect(navigations).toEqual(['']);
  }
  await page.close();
});
