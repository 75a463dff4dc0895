// A fresh local worker (wrangler, workerd) for a benchmark: its own database (migrated and
// seeded), on 127.0.0.1 only, in its own process group so that stopping it stops workerd too.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDevVars, env, migrate, seedLocal } from '../scripts/local.mjs';

export async function startBenchServer({ port, persistTo, prepare }) {
  const base = `http://127.0.0.1:${port}`;
  rmSync(persistTo, { recursive: true, force: true });
  mkdirSync('dist/web', { recursive: true });
  ensureDevVars();
  await migrate(persistTo);
  await seedLocal(persistTo);
  // Data of the caller's own (e.g. the statistics' year of bookings and visits).
  if (prepare) await prepare(persistTo);

  // The app as `wrangler dev` runs it, with no debugger attached (bench/dev-worker.mjs).
  // The count of request log lines the worker wrote (bench/dev-worker.mjs).
  const logLinesFile = join(persistTo, 'request-log-lines');
  // The worker's own address, the one wrangler's dev proxy forwards to (bench/dev-worker.mjs):
  // the benchmarks load it, not the proxy.
  const directUrlFile = join(persistTo, 'direct-url');
  const server = spawn('node', ['bench/dev-worker.mjs', String(port), persistTo], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, BENCH_LOG_LINES_FILE: logLinesFile, BENCH_DIRECT_URL_FILE: directUrlFile },
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

  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok && existsSync(directUrlFile)) {
        const direct = readFileSync(directUrlFile, 'utf8').replace(/\/$/, '');
        return { base, direct, stop, pgid: server.pid, logLinesFile };
      }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error('server did not start');
}
