import { test as base, expect } from '@playwright/test';

/**
 * Every journey fails on a Content-Security-Policy violation or an uncaught
 * page error, so the strict CSP is proven against the real built app.
 */
export const test = base.extend<{ pageProblems: string[] }>({
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
