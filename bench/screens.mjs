// The staff screens at a full house (docs/decisions/087-staff-screens-at-a-full-house.md):
// how soon each screen asks for its data and shows it, on a tablet, in a real browser, with a
// 120-room hotel sold out tonight (bench/full-house.mjs).
//
//   npm run bench:screens                              # builds into /tmp/bench-screens-web, fills, measures
//   npm run bench:screens -- --skip-build              # measures the build already there
//   npm run bench:screens -- --only front-desk,groups  # some screens only
//   npm run bench:screens -- --reuse-fill              # the hotel an earlier run filled today, again
//   BENCH_SCREENS_PORT=8936 BENCH_SCREENS_OUT=/tmp/x-web BENCH_SCREENS_RUNS=5 npm run bench:screens
//
// The server is `wrangler dev` with the built app (scripts/serve-e2e.mjs, a D1 of the bench's own
// under .wrangler/, on 127.0.0.1 only): started once to be filled through the API, stopped, its D1
// given the stays, then started again on a copy and measured; stopped at the end.
//
// For each screen, BENCH_SCREENS_RUNS times (default 5), the screens taking turns: a fresh browser
// context (empty cache, no service worker) with a tablet's viewport (820 x 1180) is signed in
// through the API and opens the screen ("cold"); once its data is older than the screens keep it
// fresh (11 s away, on about:blank), the same page opens it again ("warm": the HTTP cache, the
// service worker and the persisted query cache; the tablet opened again later in the day).
// Reported per screen and kind, the median of the runs (and their range), from the navigation's
// start:
//
// - asked: to the start of the screen's first data request (resource timing's startTime);
// - answered: to the end of that request's answer;
// - shown: to the first moment the screen shows its data (the first element that only the data
//   makes, e.g. a row of the desk's list: a MutationObserver installed before the page's scripts);
// - heading: to the screen's first heading (its code has arrived and run, its guard let it through);
// - drawn: how many of those elements the page has drawn by then (a long list drawn whole, or only
//   what is on screen).
//
// Budgets (docs/decisions, DESIGN's speed budgets): asked <= 600 ms cold and <= 200 ms warm, shown
// <= 1,500 ms, each on the median. The table marks each figure over its budget, and the exit code
// is 1 when any is. Written to bench/screens-report.json (BENCH_SCREENS_REPORT) with the machine's
// load average during the runs; the machine is shared, so compare only runs made back to back.
import { chromium } from 'playwright-core';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import {
  FULL_HOUSE,
  executeSql,
  fillThroughApi,
  hotelToday,
  makeTodaysTasks,
  staysSql,
} from './full-house.mjs';

const port = Number(process.env.BENCH_SCREENS_PORT ?? 8936);
const outDir = process.env.BENCH_SCREENS_OUT ?? '/tmp/bench-screens-web';
const runs = Math.max(1, Number(process.env.BENCH_SCREENS_RUNS ?? 5));
const reportFile = process.env.BENCH_SCREENS_REPORT ?? 'bench/screens-report.json';
const skipBuild = process.argv.includes('--skip-build');
const reuseFill = process.argv.includes('--reuse-fill');
const onlyArg = process.argv.find((arg, i) => process.argv[i - 1] === '--only');
const base = `http://127.0.0.1:${port}`;
const fillDir = `.wrangler/bench-screens-fill-${port}`;
const measuredDir = `.wrangler/bench-screens-${port}`;
const BUDGET = { askedCold: 600, askedWarm: 200, shown: 1500 };
const STAFF = { email: 'staff@example.com', password: 'change-me-staff' };
const MANAGER = { email: 'manager@example.com', password: 'change-me-manager' };
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The admin screens a desk and its managers wait for: the address, who signs in, the screen's data
 * requests (the first of them is "asked") and the element its data makes (when it is "shown").
 */
const SCREENS = [
  {
    name: 'front-desk',
    path: '/admin/front-desk',
    data: /^\/api\/front-desk$/,
    shows: '[data-testid="desk-row"]',
  },
  {
    name: 'bookings',
    path: '/admin/bookings',
    data: /^\/api\/booking-submissions(\/counts)?$/,
    shows: '[data-testid="booking-card"]',
  },
  {
    name: 'tape-chart',
    path: '/admin/tape-chart',
    data: /^\/api\/admin\/tape-chart$/,
    shows: '[data-testid="tape-stay"]',
  },
  {
    name: 'rate-calendar',
    path: '/admin/rates',
    data: /^\/api\/admin\/(rates|rate-plans)$/,
    shows: '[data-testid="rate-cell"]',
  },
  {
    name: 'channel',
    path: '/admin/channel',
    account: MANAGER,
    data: /^\/api\/admin\/channel$/,
    shows: '[data-testid="channel-connected"]',
  },
  {
    name: 'groups',
    path: '/admin/groups',
    data: /^\/api\/admin\/groups$/,
    shows: '[data-testid="group-row"]',
  },
  {
    name: 'reports',
    path: '/admin/reports/flash',
    account: MANAGER,
    data: /^\/api\/admin\/reports\/flash$/,
    shows: '[data-testid="flash-report"]',
  },
  {
    name: 'inbox',
    path: '/admin/inbox',
    data: /^\/api\/admin\/inbox$/,
    shows: '[data-testid="inbox-thread"], [data-testid="inbox-none"]',
  },
  {
    name: 'housekeeping-board',
    path: '/admin/housekeeping/board',
    data: /^\/api\/housekeeping\/tasks$/,
    // (A room's card; or no room to clean, or today's tasks not yet made: then it measured nothing.)
    shows: '[data-testid="board-room"], [data-testid="board-empty"], [data-testid="board-not-made"]',
  },
  {
    name: 'registrations',
    path: '/admin/registrations',
    data: /^\/api\/admin\/registrations$/,
    shows: '[data-testid="registrations-state"]',
  },
  {
    name: 'work-orders',
    path: '/admin/work-orders',
    data: /^\/api\/admin\/work-orders$/,
    shows: '[data-testid="work-orders"], [data-testid="no-work-orders"]',
  },
  {
    name: 'outlets',
    path: '/admin/outlets',
    account: MANAGER,
    data: /^\/api\/admin\/outlets$/,
    shows: '[data-testid="outlet-card"]',
  },
].filter((screen) => !onlyArg || onlyArg.split(',').includes(screen.name));

if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (CHROMIUM_PATH)`);

/** A different network address per context (the per-address caps on logins). */
let address = 0;
const nextAddress = () => {
  address++;
  return `10.94.${(address >> 8) & 255}.${address & 255}`;
};

/** `wrangler dev` with the build, on a D1 copied from `from` (or migrated and seeded when none). */
async function startServer(from) {
  const urlFile = `${measuredDir}.url`;
  rmSync(urlFile, { force: true });
  const server = spawn('node', ['scripts/serve-e2e.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      E2E_PORT: String(port),
      WEB_OUT_DIR: outDir,
      E2E_PERSIST_TO: from ? measuredDir : fillDir,
      ...(from && { E2E_SEEDED_FROM: from }),
      E2E_URL_FILE: urlFile,
      WRANGLER_SEND_METRICS: 'false',
    },
    detached: true,
  });
  const kill = (signal) => {
    try {
      process.kill(-server.pid, signal);
      return true;
    } catch {
      return false; // already gone
    }
  };
  process.on('exit', () => kill('SIGKILL'));
  const stop = async () => {
    if (!kill('SIGTERM')) return;
    for (let i = 0; i < 40; i++) {
      await new Promise((r) => setTimeout(r, 250));
      if (!kill(0)) return;
    }
    kill('SIGKILL');
  };
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up && existsSync(urlFile)) return { stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('server did not start');
}

/** Opens `path` in `page` and measures it (see the head of this file). */
async function measure(page, screen) {
  const answered = page.waitForResponse((res) => screen.data.test(new URL(res.url()).pathname), {
    timeout: 30_000,
  });
  await page.goto(base + screen.path, { waitUntil: 'commit' });
  await answered;
  await page
    .waitForFunction(() => globalThis.__shownAt !== undefined, null, { timeout: 30_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  return page.evaluate((source) => {
    const pattern = new RegExp(source);
    const entries = performance
      .getEntriesByType('resource')
      .filter((e) => pattern.test(new URL(e.name).pathname))
      .sort((a, b) => a.startTime - b.startTime);
    const first = entries[0];
    const g = /** @type {{ __shownAt?: number, __drawn?: number, __headingAt?: number }} */ (globalThis);
    return {
      askedMs: first ? Math.round(first.startTime) : null,
      answeredMs: first ? Math.round(first.responseEnd) : null,
      headingMs: g.__headingAt === undefined ? null : Math.round(g.__headingAt),
      shownMs: g.__shownAt === undefined ? null : Math.round(g.__shownAt),
      drawn: g.__drawn ?? null,
      bytes: first ? first.encodedBodySize || null : null,
      // BENCH_SCREENS_VERBOSE: every request of the load, in the order they began.
      chain: performance
        .getEntriesByType('resource')
        .map(
          (e) =>
            `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${new URL(e.name).pathname.replace(/^.*\/assets\//, '')}`,
        ),
    };
  }, screen.data.source);
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

// --reuse-fill: the hotel filled by an earlier run on this port, when it was filled today.
const filledFile = `${fillDir}.filled`;
let stays = reuseFill && existsSync(filledFile) ? JSON.parse(readFileSync(filledFile, 'utf8')) : null;
if (stays?.today !== hotelToday()) {
  console.log(`Filling a ${FULL_HOUSE.rooms}-room hotel…`);
  const filling = await startServer(null);
  const rooms = await fillThroughApi(base);
  await filling.stop();
  const fill = staysSql(rooms);
  await executeSql(fillDir, `screens-full-house-${port}`, fill.sql);
  stays = { today: hotelToday(), rooms: rooms.length, stays: fill.stays };
  writeFileSync(filledFile, JSON.stringify(stays));
}
console.log(`  ${stays.rooms} rooms, ${stays.stays} stays over the next ${FULL_HOUSE.daysAhead} nights`);
const server = await startServer(fillDir);
// (On the measured copy, made afresh from the filled hotel at each start.)
const made = await makeTodaysTasks(base);
console.log(`  today's housekeeping tasks made: ${JSON.stringify(made).slice(0, 120)}`);

const report = {
  measuredAt: new Date().toISOString(),
  build: outDir,
  hotel: { ...FULL_HOUSE, stays: stays.stays },
  budgets: BUDGET,
  machine: { cpus: cpus().length, loadAverage1m: [] },
  runs,
  screens: {},
};
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
let missed = 0;
try {
  // A first load of the server (workerd compiles the worker on its first request) outside the runs.
  await fetch(`${base}/`).then((res) => res.text());
  const results = Object.fromEntries(SCREENS.map((s) => [s.name, { cold: [], warm: [] }]));
  for (let run = 0; run < runs; run++) {
    for (const screen of run % 2 ? [...SCREENS].reverse() : SCREENS) {
      report.machine.loadAverage1m.push(Math.round(loadavg()[0] * 100) / 100);
      const context = await browser.newContext({
        baseURL: base,
        viewport: { width: 820, height: 1180 },
        hasTouch: true,
        extraHTTPHeaders: { 'cf-connecting-ip': nextAddress() },
      });
      // When the screen first shows its data, and how many of its data's elements are drawn then.
      await context.addInitScript((selector) => {
        const { document, MutationObserver } = globalThis;
        const observer = new MutationObserver(() => {
          if (globalThis.__headingAt === undefined && document.querySelector('main h1'))
            globalThis.__headingAt = performance.now();
          const drawn = document.querySelectorAll(selector).length;
          if (drawn === 0) return;
          globalThis.__shownAt = performance.now();
          globalThis.__drawn = drawn;
          observer.disconnect();
        });
        observer.observe(document, { childList: true, subtree: true });
      }, screen.shows);
      try {
        const login = await context.request.post('/api/auth/login', { data: screen.account ?? STAFF });
        if (!login.ok()) throw new Error(`login: ${login.status()} ${await login.text()}`);
        const page = await context.newPage();
        const cold = await measure(page, screen);
        await page.goto('about:blank');
        await page.waitForTimeout(11_000);
        const warm = await measure(page, screen);
        if (process.env.BENCH_SCREENS_VERBOSE)
          console.log(`  cold:\n    ${cold.chain.join('\n    ')}\n  warm:\n    ${warm.chain.join('\n    ')}`);
        delete cold.chain;
        delete warm.chain;
        results[screen.name].cold.push(cold);
        results[screen.name].warm.push(warm);
        console.log(
          `${screen.name} run ${run + 1}: cold asked ${cold.askedMs} shown ${cold.shownMs} (${cold.drawn} drawn), ` +
            `warm asked ${warm.askedMs} shown ${warm.shownMs}`,
        );
      } finally {
        await context.close();
      }
    }
  }
  const cell = (f, budget) => {
    const text = `${f.median} (${f.min}-${f.max})`;
    const over = budget !== undefined && (f.median === null || f.median > budget);
    if (over) missed++;
    return `${text}${over ? ' OVER' : ''}`;
  };
  console.log(
    `\n${'screen'.padEnd(14)} ${'kind'.padEnd(5)} ${'asked ms'.padStart(20)} ${'answered ms'.padStart(18)} ${'heading ms'.padStart(18)} ${'shown ms'.padStart(22)} drawn   bytes`,
  );
  for (const screen of SCREENS) {
    report.screens[screen.name] = {};
    for (const kind of ['cold', 'warm']) {
      const list = results[screen.name][kind];
      const figures = Object.fromEntries(
        ['askedMs', 'answeredMs', 'headingMs', 'shownMs', 'drawn', 'bytes'].map((key) => [
          key,
          summary(list, key),
        ]),
      );
      report.screens[screen.name][kind] = { ...figures, runs: list };
      console.log(
        `${screen.name.padEnd(14)} ${kind.padEnd(5)} ${cell(figures.askedMs, kind === 'cold' ? BUDGET.askedCold : BUDGET.askedWarm).padStart(20)} ` +
          `${cell(figures.answeredMs).padStart(18)} ${cell(figures.headingMs).padStart(18)} ${cell(figures.shownMs, BUDGET.shown).padStart(22)} ` +
          `${String(figures.drawn.median).padStart(5)} ${String(figures.bytes.median).padStart(7)}`,
      );
    }
  }
  report.missed = missed;
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `\nBudgets: asked <= ${BUDGET.askedCold} ms cold, <= ${BUDGET.askedWarm} ms warm; shown <= ${BUDGET.shown} ms. ` +
      `${missed ? `${missed} figure(s) OVER.` : 'All met.'}\nLoad average (1 min) during the runs: ` +
      `${report.machine.loadAverage1m.join(' ')}; ${cpus().length} CPUs; written to ${reportFile}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
process.exitCode = missed ? 1 : 0;
