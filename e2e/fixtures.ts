import {
  test as playwrightTest,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { e2eServers } from '../scripts/e2e-servers.mjs';
import { giveBackAll, lendOnNewContext, warmContextsOff } from './support/warm-contexts';

const servers = e2eServers();
const addresses = new Map<string, string>();

/**
 * The address a server's app answers at, which scripts/serve-e2e.mjs writes once it answers (the
 * app's own, without wrangler's dev proxy in front): read once per worker, waited for briefly
 * (the health check may pass through the proxy a moment before the file is written).
 */
async function appAddress(server: (typeof servers)[number]): Promise<string> {
  const known = addresses.get(server.urlFile);
  if (known) return known;
  for (let i = 0; i < 100; i++) {
    if (existsSync(server.urlFile)) {
      const address = readFileSync(server.urlFile, 'utf8').trim();
      addresses.set(server.urlFile, address);
      return address;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return server.url;
}

/** Playwright's own fixtures behind `context` (not in its public types; @playwright/test 1.65). */
type PlaywrightInternals = {
  _contextFactory: () => Promise<{ context: BrowserContext; close: () => Promise<void> }>;
  _combinedContextOptions: BrowserContextOptions;
};
const base = playwrightTest as unknown as TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & PlaywrightInternals,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions
>;
const issuerOrigin = `http://127.0.0.1:${process.env.TEST_ISSUER_PORT ?? 8799}`;

/**
 * Every journey fails on a Content-Security-Policy violation or an uncaught
 * page error, so the strict CSP is proven against the real built app.
 */
export const test = base.extend<{ pageProblems: string[]; warmContexts: string[] }>({
  // Contexts kept warm from earlier journeys of this worker with the same options, emptied
  // (e2e/support/warm-contexts.ts): the journey's own and those it opens with browser.newContext().
  warmContexts: [
    async ({ browser, baseURL, _combinedContextOptions }, use, testInfo) => {
      const origins = [new URL(baseURL!).origin, issuerOrigin];
      const restore = lendOnNewContext(browser, _combinedContextOptions, testInfo.retry, origins);
      await use(origins);
      restore();
      await giveBackAll(origins);
    },
    { auto: true },
  ],
  context: async ({ browser, _contextFactory, _combinedContextOptions, warmContexts: _ }, use, testInfo) => {
    if (warmContextsOff(_combinedContextOptions, testInfo.retry)) {
      const { context, close } = await _contextFactory();
      await use(context);
      await close();
      return;
    }
    // Lent while warm contexts are on (lendOnNewContext); closing it gives it back.
    const context = await browser.newContext();
    await use(context);
    await context.close();
  },
  // Each worker has an app server and a database of its own (scripts/e2e-servers.mjs): a journey
  // sees only the rows of the journeys that ran before it on the same worker.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(await appAddress(servers[testInfo.parallelIndex % servers.length]!));
  },
  // The landing page arrives as prerendered HTML and React takes it over a moment later
  // (hydration). A tap before then is answered by the boot script and given to the app once it has
  // started (web/build/prerender.ts, writeBoot); journeys wait for React, so each one follows one path.
  // With JavaScript off there is no React to wait for.
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) return use(page);
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      // The landing page starts the app at a guest's first intent, or a few seconds after it has
      // loaded (its boot script, decision 086): a journey's guest moves the mouse at once. Twice, to
      // two points: a move to where the pointer already stood (the last page's spot) is no move.
      await page.mouse.move(1, 1).catch(() => undefined);
      await page.mouse.move(2, 2).catch(() => undefined);
      await page
        .waitForFunction(
          () => {
            const card = document.querySelector('[data-testid^="landing-card-"]');
            return !card || Object.keys(card).some((key) => key.startsWith('__reactProps'));
          },
          undefined,
          { timeout: 15_000 },
        )
        .catch(() => undefined); // navigated away meanwhile: the journey's own checks follow
      return response;
    };
    await use(page);
  },
  // Each journey is a guest on its own network address (CF-Connecting-IP, which local
  // runs pass through), as on a real hotel's many devices: the per-address caps on
  // pending bookings and failed logins count per journey, not for the whole run.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const n = [...testInfo.testId].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, testInfo.retry);
    await use({ 'cf-connecting-ip': `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}` });
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Content Security Policy|Refused to/i.test(msg.text())) {
          problems.push(msg.text());
        }
      });
      page.on('pageerror', (err) => problems.push(String(err)));
      await use(problems);
      expect(problems, 'CSP violations or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
