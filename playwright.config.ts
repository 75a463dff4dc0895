import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8788);
const issuerPort = Number(process.env.TEST_ISSUER_PORT ?? 8799);
// `npm test` (scripts/test.mjs) starts both servers itself while the unit tests run, and says so.
const reuse = process.env.E2E_SERVERS_STARTED === '1';

// Journeys in Debian's Chromium (scripts/chromium.mjs finds or installs it) against
// the built app served by wrangler dev on 127.0.0.1 only, plus a local OpenID issuer for
// Google sign-in; Playwright stops both at the end.
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two on the 2-core CI machine (E2E_WORKERS to measure another count).
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // The JSON report gives each journey's time (scripts/test.mjs prints the slowest).
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/journeys.json' }],
    ...(process.env.CI ? [] : ([['html', { open: 'never' }]] as const)),
  ],
  timeout: 60_000,
  // Journeys that only take screenshots run with `npm run screenshots` (e2e/support/screenshots.ts).
  grepInvert: process.env.SCREENSHOTS === '1' ? undefined : /@screenshots/,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // No service worker unless the journey is about working offline (test.use({ serviceWorkers:
    // 'allow' }) there): each new context would otherwise precache the whole app shell.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: false },
    },
    {
      // After every journey (issue 14): a new hotel phone, today's offer or a switched-off event
      // would change what the other journeys see. Side by side, both workers busy.
      name: 'site-settings',
      testMatch: /(site-settings|event-switch)\.after\.ts$/,
      grepInvert: /@alone/,
      dependencies: ['phone'],
      use: { browserName: 'chromium' },
    },
    {
      // Then maintenance mode, alone: while it is on, every guest page is the maintenance page.
      name: 'maintenance',
      testMatch: /site-settings\.after\.ts$/,
      grep: /@alone/,
      dependencies: ['site-settings'],
      use: { browserName: 'chromium' },
    },
    {
      // After every journey: the integrity check finds nothing the run left behind.
      name: 'integrity',
      testMatch: /integrity\.after\.ts$/,
      dependencies: ['phone', 'site-settings', 'maintenance'],
      use: { browserName: 'chromium' },
    },
  ],
  webServer: [
    {
      command: 'node scripts/serve-e2e.mjs',
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: reuse,
      timeout: 120_000,
      env: { E2E_PORT: String(port), TEST_ISSUER_PORT: String(issuerPort) },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The local OpenID provider Google sign-in is pointed at (e2e/support/test-issuer.mjs).
      command: 'node e2e/support/test-issuer.mjs',
      url: `http://127.0.0.1:${issuerPort}/.well-known/openid-configuration`,
      reuseExistingServer: reuse,
      timeout: 30_000,
      env: { TEST_ISSUER_PORT: String(issuerPort) },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
