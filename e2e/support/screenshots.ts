/**
 * Screenshots are for people to look at (every screen at 390 and 820 px in both
 * languages), not assertions: `npm test` skips them, and `npm run screenshots` runs every
 * journey with them, into /tmp/shots-* and the test output folders (e2e/TIMINGS.md).
 */
export const SCREENSHOTS = process.env.SCREENSHOTS === '1';

/** Tags a journey that only takes screenshots: `npm test` leaves it out (playwright.config.ts). */
export const SCREENSHOTS_ONLY = { tag: '@screenshots' };

type Shootable = { screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown> };

/** `target.screenshot({ path, ...options })` when screenshots are asked for; nothing otherwise. */
export async function screenshot(target: Shootable, path: string, options: { fullPage?: boolean } = {}) {
  if (SCREENSHOTS) await target.screenshot({ path, ...options });
}
