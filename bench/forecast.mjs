// The revenue forecast's speed and D1 rows read (docs/decisions/094): the forecast of 365 nights,
// as of today and as of past days, on the demo hotel with its imported history (about 40,000
// bookings over four years and the year ahead, worker/src/seed/demo-history.ts), and a backtest.
//
//   npm run bench:forecast
//   BENCH_PORT=8880 npm run bench:forecast      # another port when 8866 is taken
//   BENCH_FORECAST_RUNS=9 npm run bench:forecast
//
// It makes its own local D1 (.wrangler/bench-forecast, never the dev one): migrated and seeded as
// `npm start` seeds it (the demo day and the imported history), starts the app on 127.0.0.1 only
// (bench/dev-worker.mjs, no debugger), signs the demo manager in through the real API and reads
// each call once to warm it, then five times (BENCH_FORECAST_RUNS), each with `x-d1-meter: 1`
// (X-D1-Rows-Read, development only). It prints each call's median wall time and its rows read,
// and exits 1 when the forecast of 365 nights takes a second or more (the speed budget). The
// server is stopped at the end.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDevVars, env, migrateAndSeed } from '../scripts/local.mjs';

const port = Number(process.env.BENCH_PORT ?? 8866);
const persistTo = process.env.BENCH_PERSIST_TO ?? '.wrangler/bench-forecast';
const runs = Number(process.env.BENCH_FORECAST_RUNS ?? 5);
const BUDGET_MS = 1000;

const day = (offset) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Muscat' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

async function startServer() {
  const urlFile = join(persistTo, 'direct-url');
  rmSync(urlFile, { force: true });
  const server = spawn('node', ['bench/dev-worker.mjs', String(port), persistTo], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, BENCH_DIRECT_URL_FILE: urlFile, BENCH_TEST_SCHEDULED: '1' },
    detached: true,
  });
  const stop = async () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      return;
    }
    for (let i = 0; i < 40; i++) {
      try {
        process.kill(-server.pid, 0);
      } catch {
        return;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // gone
    }
  };
  process.on('exit', () => {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  });
  for (let i = 0; i < 240; i++) {
    try {
      if (existsSync(urlFile) && (await fetch(`${readFileSync(urlFile, 'utf8').trim()}api/health`)).ok)
        return { stop, base: readFileSync(urlFile, 'utf8').trim().replace(/\/$/, '') };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('server did not start');
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

ensureDevVars();
mkdirSync(persistTo, { recursive: true });
const seedStarted = performance.now();
// The database as `npm start` makes it: the migrations, the seed, the demo day and its history.
await migrateAndSeed(persistTo, ['--demo-day']);
const seedSeconds = (performance.now() - seedStarted) / 1000;
const { stop, base } = await startServer();
let failed = false;
try {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@example.com', password: 'change-me-manager' }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  // The demo's history waits in R2 for the minute cron (worker/src/seed/demo-history.ts): run it
  // until the import is done, as `npm start`'s clock would.
  const importStarted = performance.now();
  let history;
  for (let i = 0; ; i++) {
    history = await (await fetch(`${base}/api/admin/revenue/history`, { headers: { cookie } })).json();
    if (history.imports.every((row) => row.status !== 'running')) break;
    if (i > 600) throw new Error('the demo history was not imported in time');
    await fetch(`${base}/__scheduled?cron=${encodeURIComponent('* * * * *')}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const latest = history.imports[0];
  if (latest)
    console.log(
      `The demo history's import: ${latest.status}, ${latest.rows} lines (${latest.refusedCount} refused); waited ${((performance.now() - importStarted) / 1000).toFixed(1)} s for the cron.`,
    );
  const calls = [
    ['forecast, 365 nights as of today', `/api/admin/revenue/forecast?from=${day(0)}&to=${day(364)}`, true],
    [
      'forecast, 365 nights as of 200 days ago',
      `/api/admin/revenue/forecast?from=${day(-200)}&to=${day(164)}&asOf=${day(-200)}`,
      true,
    ],
    [
      'forecast, 365 nights as of a year ago',
      `/api/admin/revenue/forecast?from=${day(-365)}&to=${day(-1)}&asOf=${day(-365)}`,
      true,
    ],
    ['forecast, 90 nights as of today', `/api/admin/revenue/forecast?from=${day(0)}&to=${day(89)}`, false],
    ['backtest, 90 as-of days', `/api/admin/revenue/backtest?from=${day(-90)}&to=${day(-1)}`, false],
  ];
  console.log(
    `The demo hotel: ${history.history.lines} history lines, arrivals ${history.history.firstArrival} to ${history.history.lastArrival}; seeded in ${seedSeconds.toFixed(1)} s.`,
  );
  console.log(`call | median ms (of ${runs}) | each run | D1 rows read`);
  for (const [name, path, budgeted] of calls) {
    const ask = async () => {
      const started = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { cookie, 'x-d1-meter': '1' } });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${name}: ${res.status}`);
      return { ms: performance.now() - started, rows: Number(res.headers.get('x-d1-rows-read')) };
    };
    await ask();
    const measured = [];
    for (let i = 0; i < runs; i++) measured.push(await ask());
    const ms = median(measured.map((m) => m.ms));
    const verdict = budgeted ? (ms < BUDGET_MS ? ' (within 1 s)' : ' OVER 1 s') : '';
    if (budgeted && ms >= BUDGET_MS) failed = true;
    console.log(
      `${name} | ${Math.round(ms)}${verdict} | ${measured.map((m) => Math.round(m.ms)).join(', ')} | ${measured[0].rows}`,
    );
  }
} finally {
  await stop();
}
process.exit(failed ? 1 : 0);
