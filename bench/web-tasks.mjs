// Long tasks of the landing page's start, from Chromium traces (Playwright, CDP Tracing) with the
// CPU slowed 4x as Lighthouse's mobile preset does: every main-thread task over 50 ms after the
// first contentful paint, and their sum over 50 ms (total blocking time, up to the end of the
// trace rather than Lighthouse's time to interactive). Against a fresh `wrangler dev` of the
// current dist/web (build first):
//   BENCH_WEB_PORT=8900 BENCH_TASK_RUNS=5 node bench/web-tasks.mjs
import { chromium } from '@playwright/test';
import { findChromium } from '../scripts/chromium.mjs';
import { startBenchServer } from './server.mjs';

const port = Number(process.env.BENCH_WEB_PORT ?? 8820);
const runs = Number(process.env.BENCH_TASK_RUNS ?? 5);
const base = process.env.BENCH_TASK_BASE;
const server = base ? undefined : await startBenchServer({ port, persistTo: '.wrangler/bench-tasks-state' });
const origin = base ?? server.base;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : NaN;
};

async function trace(browser, path) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,loading,v8.execute,blink.user_timing',
    transferMode: 'ReportEvents',
  });
  await page.goto(`${origin}${path}`, { waitUntil: 'load' });
  // The app starts after the hero's paint; wait until it has hydrated and the page is quiet.
  await page
    .waitForFunction(
      () => {
        const card = globalThis.document.querySelector('[data-testid^="landing-card-"]');
        return !card || Object.keys(card).some((key) => key.startsWith('__reactProps'));
      },
      undefined,
      { timeout: 30_000 },
    )
    .catch(() => {});
  await page.waitForTimeout(4_000);
  await cdp.send('Tracing.end');
  await done;
  await context.close();

  const main = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((f) => f.pid === e.pid && f.name === 'firstContentfulPaint'),
  );
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid);
  const tasks = events
    .filter(
      (e) =>
        e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.ph === 'X' && e.ts >= fcp.ts,
    )
    .filter((e) => e.dur / 1000 > 50);
  const inTask = (t) =>
    events
      .filter(
        (e) =>
          e.pid === main.pid &&
          e.tid === main.tid &&
          e.ph === 'X' &&
          e.ts >= t.ts &&
          e.ts + e.dur <= t.ts + t.dur &&
          e !== t &&
          [
            'v8.evaluateModule',
            'EvaluateScript',
            'FunctionCall',
            'v8.compileModule',
            'ParseHTML',
            'Layout',
            'UpdateLayoutTree',
            'TimerFire',
            'FireAnimationFrame',
            'RunMicrotasks',
            'v8.run',
          ].includes(e.name),
      )
      .filter((e) => e.dur > 5000)
      .map(
        (e) =>
          `${e.name}${e.args?.data?.url ? ' ' + e.args.data.url.replace(/.*\//, '') : ''}${e.args?.data?.functionName ? ' ' + e.args.data.functionName : ''} ${Math.round(e.dur / 1000)}`,
      )
      .slice(0, 6);
  const long = tasks.map((t) => ({
    at: Math.round((t.ts - fcp.ts) / 1000),
    ms: Math.round(t.dur / 1000),
    in: inTask(t),
  }));
  return { tbt: long.reduce((sum, t) => sum + t.ms - 50, 0), long };
}

const browser = await chromium.launch({ executablePath: findChromium() });
const result = {};
try {
  for (const path of ['/', '/?lang=en']) {
    const tbts = [];
    for (let i = 0; i < runs; i++) {
      const { tbt, long } = await trace(browser, path);
      tbts.push(tbt);
      console.log(`${path} run ${i + 1}: TBT ${tbt} ms, ${long.length} long tasks`, JSON.stringify(long));
    }
    result[path] = { median: median(tbts), tbts };
  }
} finally {
  await browser.close();
  server?.stop();
}
console.log(JSON.stringify(result));
