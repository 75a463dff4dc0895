// The landing page's budgets (docs/decisions/012-landing-performance.md):
//
//   npm run bench:web                  # builds dist/web, measures, runs Lighthouse five times per page
//   npm run bench:web -- --skip-build  # measures the dist/web already built
//   BENCH_WEB_RUNS=3 BENCH_WEB_PORT=8820 npm run bench:web
//   npm run bench:web -- --skip-build --taps-only  # step 4 alone (no Lighthouse), while working on taps
//
// 1. Sizes from the build: the entry script in dist/web/index.html and every file it imports
//    statically, gzip (zlib level 6, as the build prints them). The build also writes the bundle report,
//    every chunk's size and contents as numbers, to bench/bundle-report.json.
// 2. The JavaScript the landing page fetches by itself, in Chromium (Playwright), for `/` and
//    `/?lang=en` in a fresh context: "before interaction" is everything requested until the
//    load event and 500 ms without network traffic (Playwright's networkidle); "within 5 s"
//    adds what is fetched once the page is idle (the offline outbox, the footer), for honesty.
// 3. Lighthouse (mobile defaults: simulated slow 4G and a 4x slower CPU) on both pages, BENCH_WEB_RUNS
//    times each (default 5, as Lighthouse advises for its run-to-run variance), the median run by
//    performance score reported.
// 4. A tap on the first screen's controls (book: the quick booking card; language: the header's
//    switch; menu: the nearby services card, the cards' menu of services) in Chromium with its CPU
//    slowed 4x (CDP), as Lighthouse's mobile preset does: its interaction's duration from the
//    Event Timing API (what INP reports: from the touch to the next frame), for a tap as soon as
//    the page has loaded (before or while the app starts) and a tap once the app has started, in
//    a fresh context each, BENCH_INP_RUNS times (default BENCH_WEB_RUNS), the median reported; and
//    how long the tap took to show its result (the panel's dialog, the page in the other language).
// Against a fresh `wrangler dev` on 127.0.0.1 (migrated, seeded; stopped at the end). The figures
// go to bench/web-report.json with the machine's load average: Lighthouse's are pessimistic on a
// busy machine. Exits 1 when a budget fails.
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { findChromium } from '../scripts/chromium.mjs';
import { startBenchServer } from './server.mjs';

const port = Number(process.env.BENCH_WEB_PORT ?? 8820);
const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 5));
const inpRuns = Math.max(1, Number(process.env.BENCH_INP_RUNS ?? runs));
const skipBuild = process.argv.includes('--skip-build');
const tapsOnly = process.argv.includes('--taps-only');
const chromePath = findChromium();
if (!chromePath)
  throw new Error('Chromium not found (scripts/chromium.mjs): install it or set CHROMIUM_PATH');

const BUDGET = {
  entryKb: 100,
  beforeInteractionKb: 170,
  performance: 95,
  lcpMs: 1500,
  cls: 0.05,
  tbtMs: 200,
  inpMs: 200,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gzipKb = (buffer) => kb(gzipSync(buffer).length);

if (!skipBuild) {
  console.log('Building dist/web (and bench/bundle-report.json)…');
  const env = { ...process.env, BUNDLE_REPORT: 'bench/bundle-report.json' };
  delete env.WEB_OUT_DIR; // the server below serves dist/web
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env,
  });
}

// 1. The entry and every file it imports statically (what must arrive before it runs), whether
//    the HTML lists them as modulepreloads or not (since decision 020 it lists none, so the CSS
//    and the font are not competing with them before the first paint).
const html = readFileSync('dist/web/index.html', 'utf8');
const firstScripts = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map(
  (m) => m[1],
);
const staticGraph = [];
for (const queue = [...firstScripts]; queue.length > 0;) {
  const file = queue.shift();
  if (staticGraph.includes(file)) continue;
  staticGraph.push(file);
  const code = readFileSync(`dist/web${file}`, 'utf8');
  // Static imports of sibling chunks (`import{a}from"./x.js"`, `import"./x.js"`), not import().
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g)) queue.push(`/assets/${m[1]}`);
  // The landing page's boot script imports the app's entry once the first screen is shown
  // (web/build/prerender.ts, decision 053): that entry is the first script the budget means. The
  // entry imports React DOM and then the app (app/main.tsx), chunks the boot preloads with it
  // (the quoted names of its list): the budget counts them too, as one script before.
  if (/^\/assets\/boot-/.test(file)) {
    // (Minified: its strings may be in any quotes.)
    for (const m of code.matchAll(/\bimport\(\s*['"`]\.\/([^'"`]+\.js)['"`]\s*\)/g))
      queue.push(`/assets/${m[1]}`);
    for (const m of code.matchAll(/['"`]([\w.-]+\.js)['"`]/g)) queue.push(`/assets/${m[1]}`);
  }
}
const entry = staticGraph.map((file) => ({ file, gzipKb: gzipKb(readFileSync(`dist/web${file}`)) }));
const entryKb = Math.round(entry.reduce((sum, f) => sum + f.gzipKb, 0) * 10) / 10;

const { base, stop } = await startBenchServer({ port, persistTo: '.wrangler/bench-web-state' });
// Interrupted (Ctrl-C, a timeout): the server goes too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stop();
    process.exit(130);
  });
}
const report = {
  measuredAt: new Date().toISOString(),
  machine: { cpus: cpus().length, loadAverage1m: Math.round(loadavg()[0] * 100) / 100 },
  budgets: BUDGET,
  entry: { gzipKb: entryKb, files: entry },
  pages: {},
};

try {
  // 2. What the page fetches, in Chromium.
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
  for (const [language, path] of [
    ['ar', '/'],
    ['en', '/?lang=en'],
  ]) {
    if (tapsOnly) {
      report.pages[language] = { path };
      continue;
    }
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    const scripts = [];
    let settled = false;
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.origin !== base || !url.pathname.endsWith('.js') || response.request().serviceWorker()) return;
      const beforeInteraction = !settled;
      const body = await response.body().catch(() => null);
      if (body) scripts.push({ file: url.pathname, gzipKb: gzipKb(body), beforeInteraction });
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    settled = true;
    await page.waitForTimeout(5_000);
    const sum = (list) => Math.round(list.reduce((total, s) => total + s.gzipKb, 0) * 10) / 10;
    const before = scripts.filter((s) => s.beforeInteraction);
    report.pages[language] = {
      path,
      htmlLang: await page.evaluate(() => {
        const root = globalThis.document.documentElement;
        return `${root.lang} ${root.dir}`;
      }),
      js: {
        beforeInteractionKb: sum(before),
        beforeInteractionFiles: before.length,
        beforeInteraction: before.map((s) => `${s.file} ${s.gzipKb}`),
        within5sKb: sum(scripts),
        within5sFiles: scripts.length,
        later: scripts.filter((s) => !s.beforeInteraction).map((s) => s.file),
      },
    };
    await context.close();
  }
  // 4. A tap on the first screen's controls at a 4x slower CPU.
  for (const [language, path] of [
    ['ar', '/'],
    ['en', '/?lang=en'],
  ]) {
    report.pages[language].taps = await measureTaps(browser, base + path, language);
  }
  await browser.close();

  // 3. Lighthouse, mobile defaults, each run in a fresh Chromium (a first visit). The two pages
  // take turns (ar en, en ar, ar en, ...). Until 23 November every Arabic run came first, and
  // the two pages were measured in different minutes of a machine whose speed drifts: in one
  // such run the Arabic runs had a CPU benchmark index of 1148-1704 against 1579-1917 for the
  // English ones, and medians of 386 and 58 ms TBT; taking turns, the next run gave 332 and
  // 336 ms (decision 024, last addendum).
  const pages = [
    ['ar', '/'],
    ['en', '/?lang=en'],
  ];
  // Runs where Lighthouse could not measure the page (its runtimeError, or no performance
  // score): reported, and left out of the median, not counted as a score of 0.
  const measured = Object.fromEntries(pages.map(([language]) => [language, { results: [], failedRuns: [] }]));
  for (let run = 0; run < (tapsOnly ? 0 : runs); run++) {
    for (const [language, path] of run % 2 ? [...pages].reverse() : pages) {
      const { results, failedRuns } = measured[language];
      const chrome = await chromeLauncher.launch({
        chromePath,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      });
      try {
        const { lhr } = await lighthouse(base + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        if (lhr.runtimeError || lhr.categories.performance?.score == null) {
          failedRuns.push(lhr.runtimeError?.code ?? 'no performance score');
          continue;
        }
        const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const failing = Object.values(lhr.audits)
          .filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0)
          .map((a) => a.id);
        // What each failing audit found (first three items), to act on without opening a report.
        const failingDetails = Object.fromEntries(
          failing.map((id) => [
            id,
            (lhr.audits[id].details?.items ?? [])
              .slice(0, 3)
              .map((item) =>
                JSON.stringify(
                  item.description ?? item.node?.snippet ?? item.url ?? item.issueType ?? item,
                ).slice(0, 200),
              ),
          ]),
        );
        results.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
          fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
          cls: Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
          tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
          requests: lhr.audits['network-requests']?.details?.items?.length ?? null,
          // Lighthouse's measure of this machine's CPU (higher is faster): the simulated 4x
          // slowdown multiplies what this machine takes, so TBT on a slower machine is higher.
          benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
          failingAudits: failing,
          failingDetails,
        });
      } finally {
        chrome.kill();
      }
    }
  }
  for (const [language, path] of tapsOnly ? [] : pages) {
    const { results, failedRuns } = measured[language];
    if (results.length === 0)
      throw new Error(`Lighthouse measured no run of ${path}: ${failedRuns.join(', ')}`);
    results.sort((a, b) => a.performance - b.performance);
    report.pages[language].lighthouse = {
      median: results[Math.floor((results.length - 1) / 2)],
      runs: results,
      failedRuns,
    };
  }
} finally {
  stop();
}

// The budgets, PASS or FAIL.
const checks = [['entry and its static imports (KB gzip)', entryKb, BUDGET.entryKb, 'max']];
for (const [language, page] of Object.entries(report.pages)) {
  const taps = Object.entries(page.taps).map(([control, tap]) => [
    `${language}: tap on ${control}, INP (ms)`,
    Math.max(tap.atLoad.inpMs, tap.started.inpMs),
    BUDGET.inpMs,
    'max',
  ]);
  if (tapsOnly) {
    checks.push(...taps);
    continue;
  }
  const lh = page.lighthouse.median;
  checks.push(
    [
      `${language}: JS before interaction (KB gzip)`,
      page.js.beforeInteractionKb,
      BUDGET.beforeInteractionKb,
      'max',
    ],
    [`${language}: Lighthouse performance`, lh.performance, BUDGET.performance, 'min'],
    [`${language}: LCP (ms)`, lh.lcpMs, BUDGET.lcpMs, 'max'],
    [`${language}: CLS`, lh.cls, BUDGET.cls, 'max'],
    [`${language}: TBT (ms)`, lh.tbtMs, BUDGET.tbtMs, 'max'],
    ...taps,
    [`${language}: accessibility`, lh.accessibility, BUDGET.accessibility, 'min'],
    [`${language}: best practices`, lh.bestPractices, BUDGET.bestPractices, 'min'],
    [`${language}: SEO`, lh.seo, BUDGET.seo, 'min'],
  );
}
report.checks = checks.map(([name, value, budget, kind]) => ({
  name,
  value,
  budget: `${kind === 'max' ? '<=' : '>='} ${budget}`,
  pass: kind === 'max' ? value <= budget : value >= budget,
}));
// (--taps-only: printed, not written over the full report.)
if (!tapsOnly) writeFileSync('bench/web-report.json', JSON.stringify(report, null, 2) + '\n');

console.log(
  `\nLanding page budgets (load average ${report.machine.loadAverage1m} on ${report.machine.cpus} CPUs)`,
);
for (const c of report.checks) {
  console.log(
    `${c.pass ? 'PASS' : 'FAIL'}  ${c.name.padEnd(40)} ${String(c.value).padStart(8)}  (${c.budget})`,
  );
}
for (const [language, page] of tapsOnly ? [] : Object.entries(report.pages)) {
  console.log(
    `${language}: JS within 5 s ${page.js.within5sKb} KB in ${page.js.within5sFiles} files; Lighthouse runs (performance): ${page.lighthouse.runs.map((r) => r.performance).join(', ')} (TBT ms: ${page.lighthouse.runs.map((r) => r.tbtMs).join(', ')}; CPU benchmark index: ${page.lighthouse.runs.map((r) => r.benchmarkIndex).join(', ')})${page.lighthouse.failedRuns.length ? ` (not measured: ${page.lighthouse.failedRuns.join(', ')})` : ''}; failing audits: ${page.lighthouse.median.failingAudits.join(', ') || 'none'}`,
  );
}
for (const [language, page] of Object.entries(report.pages)) {
  for (const [control, tap] of Object.entries(page.taps))
    for (const [moment, figures] of Object.entries(tap))
      console.log(
        `${language}: tap on ${control} ${moment === 'atLoad' ? 'at load      ' : 'once started '} INP ms ${figures.runs.map((r) => r.inpMs).join(', ')}; result shown after ms ${figures.runs.map((r) => r.resultMs).join(', ')}`,
      );
}
if (!tapsOnly) console.log('Written: bench/web-report.json, bench/bundle-report.json');
process.exit(report.checks.every((c) => c.pass) ? 0 : 1);

/**
 * Taps on the landing's first screen at a 4x slower CPU (step 4): for each control, a tap as soon
 * as the page has loaded and a tap once the app has started, each in a fresh context, `inpRuns`
 * times. INP: the longest Event Timing entry of the tap's interaction (its input delay, handlers
 * and the time to the next frame). Result: from the tap until what it asked for is on screen.
 */
async function measureTaps(browser, url, language) {
  const controls = {
    book: { tap: (page) => page.getByTestId('landing-card-quick'), done: (page) => page.getByRole('dialog') },
    language: {
      tap: (page) => page.locator('header nav button').last(),
      done: (page) => page.locator(`html[lang="${language === 'ar' ? 'en' : 'ar'}"]`),
    },
    menu: {
      tap: (page) => page.getByTestId('landing-card-services'),
      done: (page) => page.getByRole('dialog'),
    },
  };
  const result = {};
  for (const [control, { tap, done }] of Object.entries(controls)) {
    result[control] = {};
    for (const moment of ['atLoad', 'started']) {
      const runsOf = [];
      for (let run = 0; run < inpRuns; run++) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          isMobile: true,
          hasTouch: true,
          serviceWorkers: 'block',
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.addInitScript(() => {
          const entries = [];
          Object.defineProperty(globalThis, '__tapEntries', { value: entries });
          new PerformanceObserver((list) => {
            for (const e of list.getEntries())
              if (e.interactionId) entries.push({ name: e.name, duration: e.duration });
          }).observe({ type: 'event', durationThreshold: 16, buffered: true });
        });
        await page.goto(url, { waitUntil: 'load' });
        if (moment === 'started') {
          // The app has taken the page over (React's props on the cards), and a moment's quiet.
          await page.mouse.move(1, 1);
          await page.mouse.move(2, 2);
          await page.waitForFunction(
            () => {
              const card = globalThis.document.querySelector('[data-testid^="landing-card-"]');
              return card && Object.keys(card).some((key) => key.startsWith('__reactProps'));
            },
            undefined,
            { timeout: 60_000 },
          );
          await page.waitForLoadState('networkidle');
          await page.waitForTimeout(1_000);
        }
        const tapped = Date.now();
        await tap(page).tap({ noWaitAfter: true });
        let resultMs = null;
        try {
          await done(page).first().waitFor({ state: 'visible', timeout: 30_000 });
          resultMs = Date.now() - tapped;
        } catch {
          // not shown within 30 s: reported as null
        }
        await page.waitForTimeout(500);
        const entries = await page.evaluate(() => globalThis.__tapEntries).catch(() => []);
        // Entries under 16 ms are not reported: such a tap counts as 16 ms.
        const inpMs = Math.round(Math.max(16, ...entries.map((e) => e.duration)));
        runsOf.push({ inpMs, resultMs });
        await context.close();
      }
      result[control][moment] = {
        inpMs: median(runsOf.map((r) => r.inpMs)),
        resultMs: median(runsOf.map((r) => r.resultMs ?? Infinity)),
        runs: runsOf,
      };
    }
  }
  return result;
}
