import { defineConfig } from '@playwright/test';
import { findChromium, findHeadlessShell } from './scripts/chromium.mjs';
import { e2eServers, e2eWorkerCount } from './scripts/e2e-servers.mjs';

const workers = e2eWorkerCount();
// Debian's headless shell runs the journeys, the full Chromium those tagged @full-browser (what the
// shell lacks: shown notifications, Background Sync); scripts/chromium.mjs finds both (`npm test`
// and `npm run test:e2e` pass them on), or the full browser alone when the shell is missing.
const full = process.env.CHROMIUM_PATH ?? findChromium() ?? '/usr/bin/chromium';
const shell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? findHeadlessShell() ?? full;
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  // No optimising JavaScript compilers (TurboFan, Maglev): a journey's page lives seconds, and
  // compiling its hot code cost the renderers more CPU than it saved (e2e/TIMINGS.md).
  '--js-flags=--no-opt,--no-maglev',
];
const screenshots = process.env.SCREENSHOTS === '1';
const fullBrowser = /@full-browser/;
// The app servers (E2E_SERVERS, one by default), each with its own copy of the seeded database;
// e2e/fixtures.ts points each worker at one of them. Playwright starts them one after another, so
// the first has migrated and seeded before the others copy its state.
const servers = e2eServers();
const issuerPort = Number(process.env.TEST_ISSUER_PORT ?? 8799);
// `npm test` (scripts/test.mjs) starts both servers itself while the unit tests run, and says so.
const reuse = process.env.E2E_SERVERS_STARTED === '1';

// Journeys in Debian's Chromium (scripts/chromium.mjs finds or installs it) against
// the built app served by wrangler dev on 127.0.0.1 only, plus a local OpenID issuer for
// Google sign-in; Playwright stops them all at the end.
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two on the 2-core CI machine (E2E_WORKERS to measure another count; e2e/TIMINGS.md). Workers
  // beyond the number of servers share them.
  workers,
  retries: process.env.CI ? 1 : 0,
  // The JSON report gives each journey's time (scripts/test.mjs prints the slowest).
  reporter: [
    ['list'],
    ['json', { outputFile: 'test-results/journeys.json' }],
    ...(process.env.CI ? [] : ([['html', { open: 'never' }]] as const)),
  ],
  timeout: 60_000,
  // On the busy 2-core CI machine a fresh context's first lazy screen or panel can take over 5 s
  // (its chunks, react-aria's providers, the session): 10 s there before a check gives up.
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  // Journeys that only take screenshots run with `npm run screenshots` (e2e/support/screenshots.ts).
  grepInvert: screenshots ? undefined : /@screenshots/,
  use: {
    // Recording a trace costs about a fifth of the journeys' CPU (27 journeys: 416-458 against
    // 317-364 CPU-seconds, e2e/TIMINGS.md), so CI records one only when a failed journey runs again.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // No service worker unless the journey needs what only it does (test.use({ serviceWorkers:
    // 'allow' }) there): a page opened or reloaded offline, the installed app, Background Sync, the
    // shell's copy. Going offline with the page loaded is the page's own work (its outbox,
    // navigator.onLine). Each new context would otherwise precache the whole app shell, and a
    // context that lets service workers in is never lent warm.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: shell, args: chromiumArgs },
  },
  projects: [
    {
      name: 'phone',
      grepInvert: screenshots ? fullBrowser : [fullBrowser, /@screenshots/],
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: false },
    },
    {
      name: 'phone-full-browser',
      grep: fullBrowser,
      use: {
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
        isMobile: false,
        launchOptions: { executablePath: full, args: chromiumArgs },
      },
    },
    {
      // After every journey: a new hotel phone, today's offer, a switched-off event, the
      // channel's price edit or a group's held rooms would change what the other journeys see;
      // the reports read what they all booked. Side by side, both workers busy. (Maintenance mode
      // and a new room type run beside the others instead, each on a server of its own:
      // e2e/support/own-server.ts.)
      name: 'site-settings',
      testMatch: /(site-settings|event-switch|channel|groups|reports)\.after\.ts$/,
      dependencies: ['phone', 'phone-full-browser'],
      use: { browserName: 'chromium' },
    },
    {
      // After every journey: the integrity check finds nothing the run left behind, on every server.
      name: 'integrity',
      testMatch: /integrity\.after\.ts$/,
      dependencies: ['phone', 'phone-full-browser', 'site-settings'],
      use: { browserName: 'chromium' },
    },
  ],
  webServer: [
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
    ...servers.map((server) => ({
      command: 'node scripts/serve-e2e.mjs',
      url: `${server.url}/api/health`,
      reuseExistingServer: reuse,
      // Migrating and seeding (the first) or copying (the others) and starting: well under a
      // minute on an idle machine, several on a busy one.
      timeout: 240_000,
      env: { ...server.env, TEST_ISSUER_PORT: String(issuerPort) },
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    })),
  ],
});
