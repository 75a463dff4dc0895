import { e2eServers } from '../scripts/e2e-servers.mjs';
import { expect, test } from './fixtures';

/**
 * Runs after every other journey (playwright.config.ts, project "integrity"): the
 * admin runs the integrity check from /admin on a tablet, in Arabic, and a whole
 * e2e run of guests and staff has left no violation behind. Each journey worker wrote to
 * a server and database of its own (scripts/e2e-servers.mjs), so every one is checked.
 */
test.use({ viewport: { width: 820, height: 1180 } });

for (const [i, server] of e2eServers().entries()) {
  test(`after the whole run, the integrity check finds nothing on server ${i + 1}, and the admin sees it on /admin`, async ({
    page,
  }) => {
    const login = await page.request.post(`${server.url}/api/auth/login`, {
      data: { email: 'admin@example.com', password: 'change-me-admin' },
    });
    expect(login.ok()).toBe(true);
    await page.goto(`${server.url}/admin`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const run = page.waitForResponse((res) => res.url() === `${server.url}/api/admin/integrity/run`);
    await page.getByRole('button', { name: 'تشغيل فحص السلامة الآن' }).click();
    const { report } = (await (await run).json()) as { report: { violations: unknown[] } };
    expect(report.violations).toEqual([]);
    await expect(page.getByText('كل شيء متسق.')).toBeVisible();
    await expect(page.getByTestId('integrity-banner')).toHaveCount(0);
  });
}
