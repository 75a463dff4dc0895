// `npm test`: the build, typecheck, format and import cycles beside the unit tests, then the
// worker integration tests, then the browser journeys with the lint beside them at the lowest
// priority. Prints each step's time as it ends and a table of all of them at the end (also when
// a step fails). Output is printed as each step ends, not interleaved. While the unit and worker
// tests run, the journeys' server migrates and seeds its fresh database (scripts/serve-e2e.mjs),
// so Playwright finds it ready.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ensureChromium } from './chromium.mjs';
import { e2eServers } from './e2e-servers.mjs';
import { env, run } from './local.mjs';

const started = Date.now();

/**
 * The machine's busy CPU time so far, in seconds (Linux's /proc/stat: user, nice, system, irq,
 * softirq and steal of every core), or undefined elsewhere. The 2-core machine's budget is CPU:
 * each phase's figure says what it cost, whatever ran beside it (e2e/TIMINGS.md).
 */
function busySeconds() {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .split(/\s+/)
      .map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return undefined;
  }
}
/** @type {{ name: string, busy: number | undefined }[]} */
const marks = [{ name: 'start', busy: busySeconds() }];
const mark = (name) => marks.push({ name, busy: busySeconds() });
/** @type {{ name: string, seconds: number, ok: boolean, side?: boolean }[]} */
const times = [];
const seconds = (since) => (Date.now() - since) / 1000;
/** @type {(() => void)[]} */
const cleanups = [];
// Stopped from outside (Ctrl-C, CI's time limit): the steps and servers run in process groups of
// their own, so they are stopped here rather than left running.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const cleanup of cleanups) cleanup();
    process.exit(130);
  });
}

/** The slowest journeys of the run (Playwright's JSON report), and the sum of all their times. */
function slowestJourneys(count = 15) {
  const report = 'test-results/journeys.json';
  if (!existsSync(report)) return;
  const results = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        for (const r of t.results) {
          results.push({ s: r.duration / 1000, name: `${spec.file} › ${spec.title}`, retry: r.retry });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of JSON.parse(readFileSync(report, 'utf8')).suites ?? []) walk(suite);
  const sum = results.reduce((total, r) => total + r.s, 0);
  console.log(`\nJourneys: ${results.length} runs, their times add up to ${sum.toFixed(0)} s; the slowest:`);
  for (const r of results.sort((a, b) => b.s - a.s).slice(0, count)) {
    console.log(
      `  ${r.s.toFixed(1).padStart(6)} s  ${r.name.slice(0, 110)}${r.retry ? ` (retry ${r.retry})` : ''}`,
    );
  }
}

function summary(outcome) {
  const width = Math.max(...times.map((t) => t.name.length), 'total'.length);
  const line = (name, s, note = '') => `  ${name.padEnd(width)}  ${s.toFixed(1).padStart(7)} s${note}`;
  if (times.some((t) => t.name === 'browser journeys')) slowestJourneys();
  console.log(`\nnpm test ${outcome}:`);
  for (const t of times) console.log(line(t.name, t.seconds, t.ok ? '' : '  FAILED'));
  console.log(line('total', seconds(started)));
  if (marks.every((m) => m.busy !== undefined) && marks.length > 1) {
    console.log('\nThe machine’s busy CPU time (every core, whatever ran beside):');
    for (let i = 1; i < marks.length; i++) {
      console.log(
        `  ${marks[i].name.padEnd(width)}  ${(marks[i].busy - marks[i - 1].busy).toFixed(0).padStart(7)} CPU-s`,
      );
    }
    console.log(
      `  ${'total'.padEnd(width)}  ${(marks.at(-1).busy - marks[0].busy).toFixed(0).padStart(7)} CPU-s`,
    );
  }
}

function fail(err) {
  for (const cleanup of cleanups) cleanup();
  summary('failed');
  console.error(`\n${err instanceof Error ? err.message : err}`);
  process.exit(1);
}

/**
 * Runs `command`, its output kept and printed in one piece when it ends. In its own process group,
 * stopped with all its children if npm test ends first (a failed phase while the lint still runs).
 */
function quiet(command, args, { background = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    if (background) lowestPriority(child.pid);
    cleanups.push(() => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => {
      const shown = output
        .split('\n')
        .filter((l) => !/^npm warn Unknown (user|env) config/.test(l))
        .join('\n')
        .trim();
      if (shown) console.log(shown);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}`));
    });
  });
}

/**
 * The lowest CPU priority for what a step runs under `nice -n 19`: where the kernel groups
 * processes by session (autogroup; each step here has a session of its own, which would otherwise
 * get as much CPU as all the rest together), its session's nice 19 as well.
 */
function lowestPriority(pid) {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, '19');
  } catch {
    // no autogroup scheduling on this kernel: the nice value above is what counts
  }
}

async function step(name, fn) {
  const t0 = Date.now();
  try {
    await fn();
  } catch (err) {
    times.push({ name, seconds: seconds(t0), ok: false });
    throw err;
  }
  times.push({ name, seconds: seconds(t0), ok: true });
  console.log(`✔ ${name} in ${seconds(t0).toFixed(1)} s`);
}

/** Steps side by side; all are waited for, and the first failure is reported after. */
async function together(steps) {
  const t0 = Date.now();
  console.log(`\n▶ ${steps.map(([name]) => name).join(', ')} (side by side)`);
  const results = await Promise.allSettled(steps.map(([name, fn]) => step(name, fn)));
  times.push({ name: '  = wall time of the above', seconds: seconds(t0), ok: true });
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/** Steps one after another, each run whatever the one before did; the first failure is reported after. */
async function inTurn(steps) {
  /** @type {Error | undefined} */
  let failure;
  for (const [name, fn] of steps) {
    try {
      await step(name, fn);
    } catch (err) {
      failure ??= err instanceof Error ? err : new Error(String(err));
    }
  }
  if (failure) throw failure;
}

/** Starts `node script` with `extraEnv`; answers when `url` answers (or throws if it exits or times out). */
function startServer(script, url, extraEnv) {
  const child = spawn('node', [script], {
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let err = '';
  child.stderr.on('data', (d) => (err = (err + d).slice(-4000)));
  cleanups.push(() => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  });
  return (async () => {
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${err}`);
      const ok = await fetch(url).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${script} did not answer ${url} within 150 s:\n${err}`);
  })();
}

/**
 * The journeys' app servers and test issuer (as playwright.config.ts would start them), until
 * ready: the first server migrates and seeds, then the others start from a copy of its state.
 */
function startE2EServers() {
  const issuerPort = String(process.env.TEST_ISSUER_PORT ?? 8799);
  const [first, ...others] = e2eServers();
  const server = (s) =>
    startServer('scripts/serve-e2e.mjs', `${s.url}/api/health`, { ...s.env, TEST_ISSUER_PORT: issuerPort });
  const issuer = startServer(
    'e2e/support/test-issuer.mjs',
    `http://127.0.0.1:${issuerPort}/.well-known/openid-configuration`,
    {
      TEST_ISSUER_PORT: issuerPort,
    },
  );
  issuer.catch(() => undefined); // reported where it is awaited
  const ready = (async () => {
    await server(first);
    await Promise.all([issuer, ...others.map(server)]);
  })();
  ready.catch(() => undefined); // reported where it is awaited
  return ready;
}

try {
  // Check for Chromium first: a missing browser is reported before minutes of other work.
  const chromium = ensureChromium();
  // The lint (ESLint, then the type-aware rules of oxlint on TypeScript 7's checker, .oxlintrc.json)
  // runs beside the journeys at the lowest priority: it takes the CPU they leave idle while they
  // wait on their pages. Beside the worker tests it took as much from them as it used (118 s alone,
  // 153 s with it; e2e/TIMINGS.md "TypeScript 7"), and the first two phases keep both cores busy.
  // Its result is reported with the others at the end.
  const startLint = () => {
    const lint = step('lint (lowest priority, beside the journeys)', () =>
      inTurn([
        ['eslint', () => quiet('nice', ['-n', '19', 'npx', 'eslint', '.'], { background: true })],
        [
          'type-aware lint',
          () => quiet('nice', ['-n', '19', 'npx', 'oxlint', '--type-aware'], { background: true }),
        ],
      ]),
    );
    lint.catch(() => undefined); // reported where it is awaited
    return lint;
  };
  // Three phases, one after the other, each keeping both cores busy. Everything side by side at
  // one priority (lint beside vitest beside the journeys) thrashed the 2-core machine: 1,006 s
  // with lint alone at 688 s and worker tests past their time limits ("Test headroom").
  // 1. Two lines of work side by side: the build, typecheck, format and import cycles one after
  //    another, each mostly one thread, and the unit tests. The journeys' server migrates, seeds
  //    and starts as soon as the app is built.
  let e2eReady;
  await together([
    [
      'build, typecheck, format, import cycles',
      () =>
        inTurn([
          [
            'build',
            async () => {
              await quiet('node', ['scripts/build-web.mjs', '--quiet']);
              e2eReady = startE2EServers();
              e2eReady.catch(() => undefined); // reported where it is awaited
            },
          ],
          ['typecheck', () => quiet('node', ['node_modules/typescript7/bin/tsc', '-b'])],
          ['format', () => quiet('npx', ['prettier', '--check', '.', '--log-level', 'warn'])],
          [
            'import cycles',
            () => quiet('npx', ['depcruise', 'worker/src', '--config', '.dependency-cruiser.cjs']),
          ],
        ]),
    ],
    [
      'unit tests',
      () =>
        quiet('npx', [
          'vitest',
          'run',
          ...['web', 'web-dom', 'web-dom-alone', 'shared'].flatMap((project) => ['--project', project]),
          // Two files at a time: vitest's default on two cores is one (44-47 s against 61-83 s
          // alone, the same CPU; e2e/TIMINGS.md "TypeScript 7").
          '--maxWorkers=2',
        ]),
    ],
  ]);
  // 2. The worker's integration tests, two files at a time (one per core: three took more CPU
  //    and no less time, e2e/TIMINGS.md "TypeScript 7"), while the journeys' server finishes
  //    seeding. Only the command line's --maxWorkers reaches the worker project (its own config
  //    wins otherwise).
  mark('phase one');
  console.log('\n▶ worker tests');
  await step('worker tests', () =>
    quiet('npx', ['vitest', 'run', '--project', 'worker', '--project', 'worker-node', '--maxWorkers=2']),
  );
  // 3. The browser journeys, once their server answers.
  mark('worker tests');
  await step('journeys’ servers ready', () => e2eReady);
  const lint = startLint();
  console.log('\n▶ browser journeys');
  await step('browser journeys', () =>
    run('npx', ['playwright', 'test'], {
      CHROMIUM_PATH: chromium.full,
      CHROMIUM_HEADLESS_SHELL_PATH: chromium.shell,
      E2E_SERVERS_STARTED: '1',
    }),
  );
  mark('journeys (with the lint beside)');
  await lint;
  mark('the lint’s end');
} catch (err) {
  fail(err);
}
for (const cleanup of cleanups) cleanup();
summary('passed');
