// How soon a staff screen (and the guest's booking page) asks for its data, and how many rounds
// of script requests come before (docs/decisions/055-route-preloading.md):
//
//   node bench/screen-data.mjs                     # builds into /tmp/bench-screens-web, measures
//   node bench/screen-data.mjs --skip-build        # measures the build already there
//   BENCH_SCREENS_PORT=8935 BENCH_SCREENS_OUT=/tmp/x-web BENCH_SCREENS_RUNS=5 node bench/screen-data.mjs
//   node bench/screen-data.mjs --only front-desk,tape-chart
//
// For each screen, BENCH_SCREENS_RUNS times (default 5): a fresh browser context (empty cache, no
// service worker) on a tablet's viewport is signed in through the API (staff), or makes a booking
// through the API (the guest: creating it grants it to the device), then opens the screen's
// address ("cold"); once its data is older than the screen keeps it fresh (11 s), the same page
// opens the address again ("warm": the HTTP cache, the service worker and the persisted query
// cache of the first load; a staff tablet opened again later in the day). Reported per screen
// and kind, the median of the runs (and their range):
//
// - dataMs: from the navigation's start to the start of the screen's data request (resource
//   timing's startTime), e.g. GET /api/front-desk; doneMs: to the end of its answer;
// - scripts: the number of script files the page requested (the page's own requests and those
//   its service worker answered, from the browser's own log, CDP Network);
// - waves: the rounds of script requests one after the other: a script is in wave n + 1 when the
//   highest wave among the scripts that had finished loading before it was asked for is n (1 when
//   none had). A chain of imports (the HTML's scripts, then what they import once run, then what
//   those import) is one wave a link; scripts asked for together share one. It counts by time, so
//   a script the page asks for later without needing it first (at idle) counts as a wave too;
// - dataWave: the waves of scripts that had finished loading before the data request began;
// - screenMs: to the first heading of the page's <main> (the screen's code has run and its guard
//   let it through; the screen shows its data once this and the answer, doneMs, are both there).
//
// The server is `wrangler dev` (scripts/serve-e2e.mjs: migrated and seeded database of its own), at
// 127.0.0.1:BENCH_SCREENS_PORT (8935); stopped at the end. The figures are printed and written to
// bench/screen-data-report.json (BENCH_SCREENS_REPORT) with the machine's load average.
import { chromium } from '@playwright/test';
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { findChromium } from '../scripts/chromium.mjs';

const port = Number(process.env.BENCH_SCREENS_PORT ?? 8935);
const outDir = process.env.BENCH_SCREENS_OUT ?? '/tmp/bench-screens-web';
const runs = Math.max(1, Number(process.env.BENCH_SCREENS_RUNS ?? 5));
const reportFile = process.env.BENCH_SCREENS_REPORT ?? 'bench/screen-data-report.json';
const skipBuild = process.argv.includes('--skip-build');
const onlyArg = process.argv.find((arg, i) => process.argv[i - 1] === '--only');
const base = `http://127.0.0.1:${port}`;
const STAFF = { email: 'staff@example.com', password: 'change-me-staff' };
const MANAGER = { email: 'manager@example.com', password: 'change-me-manager' };

const chromePath = findChromium();
if (!chromePath)
  throw new Error('Chromium not found (scripts/chromium.mjs): install it or set CHROMIUM_PATH');

/** A different network address per context (the per-address caps on bookings and logins). */
let address = 0;
const nextAddress = () => {
  address++;
  return `10.93.${(address >> 8) & 255}.${address & 255}`;
};

/** A booking made by this context's device, which may then open its page. */
async function bookAsGuest(request) {
  const start = new Date(Date.UTC(2032, 0, 1));
  start.setUTCDate(start.getUTCDate() + Math.floor(Math.random() * 1500));
  const end = new Date(start);
  end.setUTCDate(end.getUTCDate() + 2);
  const res = await request.post('/api/booking-submissions', {
    data: {
      fullName: 'Salim Al Harthi',
      phoneNumber: `9${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
      idNumber: `ID${Math.floor(100_000 + Math.random() * 899_999)}`,
      roomType: 'gold',
      bedType: 'double',
      smokingPreference: 'non_smoking',
      numberOfGuests: 2,
      checkInDate: start.toISOString().slice(0, 10),
      checkOutDate: end.toISOString().slice(0, 10),
    },
  });
  if (res.status() !== 201) throw new Error(`booking: ${res.status()} ${await res.text()}`);
  return (await res.json()).booking.reference;
}

async function staffSignsIn(request, account = STAFF) {
  const res = await request.post('/api/auth/login', { data: account });
  if (!res.ok()) throw new Error(`login: ${res.status()} ${await res.text()}`);
}

const SCREENS = [
  {
    name: 'front-desk',
    prepare: async (request) => (await staffSignsIn(request), '/admin/front-desk'),
    data: /^\/api\/front-desk$/,
  },
  {
    name: 'bookings-desk',
    prepare: async (request) => (await staffSignsIn(request), '/admin/bookings'),
    data: /^\/api\/booking-submissions$/,
  },
  {
    name: 'tape-chart',
    prepare: async (request) => (await staffSignsIn(request), '/admin/tape-chart'),
    data: /^\/api\/admin\/tape-chart$/,
  },
  {
    name: 'day-close',
    prepare: async (request) => (await staffSignsIn(request, MANAGER), '/admin/day-close'),
    data: /^\/api\/admin\/day-close\/\d{4}-\d{2}-\d{2}$/,
  },
  {
    name: 'rate-calendar',
    prepare: async (request) => (await staffSignsIn(request), '/admin/rates'),
    data: /^\/api\/admin\/rates$/,
  },
  {
    name: 'invoices',
    prepare: async (request) => (await staffSignsIn(request), '/admin/invoices'),
    data: /^\/api\/admin\/invoices$/,
  },
  {
    name: 'booking-page',
    prepare: async (request) => `/booking/${await bookAsGuest(request)}`,
    data: /^\/api\/bookings\/[^/]+$/,
  },
].filter((screen) => !onlyArg || onlyArg.split(',').includes(screen.name));

/**
 * Opens `path` in `page` and measures it: the data request's timing from the page's resource
 * timing, the scripts and their waves from CDP's request log.
 */
async function measure(page, cdp, path, data) {
  const sent = new Map();
  const finished = new Map();
  const onSent = (event) => {
    if (!sent.has(event.requestId))
      sent.set(event.requestId, { url: event.request.url, at: event.timestamp });
  };
  const onFinished = (event) => finished.set(event.requestId, event.timestamp);
  cdp.on('Network.requestWillBeSent', onSent);
  cdp.on('Network.loadingFinished', onFinished);
  const answered = page.waitForResponse((res) => data.test(new URL(res.url()).pathname), { timeout: 30_000 });
  await page.goto(base + path, { waitUntil: 'commit' });
  await answered;
  // The rest of what the screen loads at its first paint (lazy panels and dialogs).
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300);
  cdp.off('Network.requestWillBeSent', onSent);
  cdp.off('Network.loadingFinished', onFinished);

  await page.waitForSelector('main h1', { timeout: 30_000 }).catch(() => undefined);
  const timing = await page.evaluate((source) => {
    const pattern = new RegExp(source);
    const entry = performance
      .getEntriesByType('resource')
      .find((e) => pattern.test(new URL(e.name).pathname));
    const screenAt = /** @type {{ __screenAt?: number }} */ (globalThis).__screenAt;
    return entry ? { start: entry.startTime, end: entry.responseEnd, screenAt } : null;
  }, data.source);

  // A script's wave: one more than the highest wave among the scripts that had finished loading
  // before it was asked for (1 when none had). A chain of imports (the HTML's scripts, then what
  // they import once run, ...) is one wave a link; scripts asked for at once share one.
  const all = [...sent.entries()].map(([id, r]) => ({ ...r, done: finished.get(id) ?? Infinity }));
  const scripts = all
    .filter((r) => /\/assets\/[^?]+\.js$/.test(new URL(r.url).pathname))
    .sort((a, b) => a.at - b.at);
  const waveAt = (at) =>
    1 + Math.max(0, ...scripts.filter((s) => s.wave !== undefined && s.done <= at).map((s) => s.wave));
  for (const s of scripts) s.wave = waveAt(s.at);
  const dataRequest = all.find((r) => data.test(new URL(r.url).pathname));
  return {
    dataMs: timing ? Math.round(timing.start) : null,
    doneMs: timing ? Math.round(timing.end) : null,
    screenMs: timing?.screenAt === undefined ? null : Math.round(timing.screenAt),
    scripts: new Set(scripts.map((s) => s.url)).size,
    waves: Math.max(0, ...scripts.map((s) => s.wave)),
    // Waves of scripts finished before the data request began.
    dataWave: dataRequest ? waveAt(dataRequest.at) - 1 : null,
    chain: process.env.BENCH_SCREENS_VERBOSE
      ? all
          .filter((r) => scripts.includes(r) || new URL(r.url).pathname.startsWith('/api/'))
          .map(
            (r) =>
              `${r.wave ?? 'api'} ${Math.round((r.at - all[0].at) * 1000)}-${Math.round((r.done - all[0].at) * 1000)} ms ${r.url.replace(/.*\//, '')}`,
          )
      : undefined,
  };
}

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
};
const summary = (list, key) => ({
  median: median(list.map((m) => m[key])),
  min: Math.min(...list.map((m) => m[key] ?? Infinity)),
  max: Math.max(...list.map((m) => m[key] ?? -Infinity)),
});

if (!skipBuild) {
  console.log(`Building into ${outDir}…`);
  execFileSync('node', ['scripts/build-web.mjs', '--quiet'], {
    stdio: 'inherit',
    env: { ...process.env, WEB_OUT_DIR: outDir },
  });
}

const server = spawn('node', ['scripts/serve-e2e.mjs'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    E2E_PORT: String(port),
    WEB_OUT_DIR: outDir,
    E2E_PERSIST_TO: `.wrangler/bench-screens-${port}`,
    WRANGLER_SEND_METRICS: 'false',
  },
  detached: true,
});
const stop = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};
process.on('exit', stop);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

let up = false;
for (let i = 0; i < 600 && !up; i++) {
  up = await fetch(`${base}/api/health`).then(
    (res) => res.ok,
    () => false,
  );
  if (!up) await new Promise((r) => setTimeout(r, 500));
}
if (!up) throw new Error('server did not start');

const report = {
  measuredAt: new Date().toISOString(),
  build: outDir,
  machine: { cpus: cpus().length, loadAverage1m: [] },
  runs,
  screens: {},
};
const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
try {
  // A first load of the server (workerd compiles the worker on its first request) outside the runs.
  await fetch(`${base}/`).then((res) => res.text());
  const results = Object.fromEntries(SCREENS.map((s) => [s.name, { cold: [], warm: [] }]));
  for (let run = 0; run < runs; run++) {
    // The screens take turns, so none is measured only in the machine's busier minutes.
    for (const screen of run % 2 ? [...SCREENS].reverse() : SCREENS) {
      report.machine.loadAverage1m.push(Math.round(loadavg()[0] * 100) / 100);
      const context = await browser.newContext({
        baseURL: base,
        viewport: { width: 820, height: 1180 },
        extraHTTPHeaders: { 'cf-connecting-ip': nextAddress() },
      });
      // When the screen's heading first shows (its code has run, its guard has let it through).
      await context.addInitScript(() => {
        const { document, MutationObserver } = globalThis;
        const seen = () => {
          if (!document.querySelector('main h1')) return false;
          globalThis.__screenAt = performance.now();
          return true;
        };
        const observer = new MutationObserver(() => seen() && observer.disconnect());
        observer.observe(document, { childList: true, subtree: true });
      });
      try {
        const path = await screen.prepare(context.request);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        const cold = await measure(page, cdp, path, screen.data);
        // Away from the screen (its polls stop) until its data is past the screens' staleTime (10 s
        // at most): the warm load asks for it again rather than showing the persisted answer only.
        await page.goto('about:blank');
        await page.waitForTimeout(11_000);
        const warm = await measure(page, cdp, path, screen.data);
        results[screen.name].cold.push(cold);
        results[screen.name].warm.push(warm);
        console.log(
          `${screen.name} run ${run + 1}: cold ${cold.dataMs} ms (${cold.scripts} scripts, ${cold.waves} waves), ` +
            `warm ${warm.dataMs} ms (${warm.scripts} scripts, ${warm.waves} waves)`,
        );
        if (cold.chain)
          console.log(`  cold:\n    ${cold.chain.join('\n    ')}\n  warm:\n    ${warm.chain.join('\n    ')}`);
      } finally {
        await context.close();
      }
    }
  }
  console.log(
    `\n${'screen'.padEnd(14)} ${'kind'.padEnd(5)} ${'data ms'.padStart(16)} ${'done ms'.padStart(16)} ${'screen ms'.padStart(16)} scripts waves dataWave`,
  );
  for (const screen of SCREENS) {
    report.screens[screen.name] = {};
    for (const kind of ['cold', 'warm']) {
      const list = results[screen.name][kind];
      const figures = Object.fromEntries(
        ['dataMs', 'doneMs', 'screenMs', 'scripts', 'waves', 'dataWave'].map((key) => [
          key,
          summary(list, key),
        ]),
      );
      report.screens[screen.name][kind] = { ...figures, runs: list.map(({ chain: _chain, ...m }) => m) };
      const range = (f) => `${f.median} (${f.min}-${f.max})`;
      console.log(
        `${screen.name.padEnd(14)} ${kind.padEnd(5)} ${range(figures.dataMs).padStart(16)} ${range(figures.doneMs).padStart(16)} ${range(figures.screenMs).padStart(16)} ` +
          `${String(figures.scripts.median).padStart(7)} ${String(figures.waves.median).padStart(5)} ${String(figures.dataWave.median).padStart(8)}`,
      );
    }
  }
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nLoad average (1 min) during the runs: ${report.machine.loadAverage1m.join(' ')}; written to ${reportFile}`,
  );
} finally {
  await browser.close();
  stop();
}
