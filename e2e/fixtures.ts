import { test as base, expect } from '@playwright/test';

/**
 * Every journey fails on a Content-Security-Policy violation or an uncaught
 * page error, so the strict CSP is proven against the real built app.
 */
export const test = base.extend<{ pageProblems: string[] }>({
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
