import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startLocalCrons, whenAnswering, wranglerCrons } from './local-crons.mjs';

/**
 * `npm start` runs wrangler.toml's crons at their times (scripts/local-crons.mjs), which wrangler
 * does not do locally: the clock calls the local scheduled endpoint with each cron when it is due,
 * and the worker's scheduled handler does the cron's work without any request of a user's.
 */

describe('the crons clock', () => {
  afterEach(() => vi.useRealTimers());

  it('calls the scheduled endpoint with each of wrangler.toml’s crons at its times, in UTC', async () => {
    const crons = wranglerCrons();
    expect(crons).toEqual(['* * * * *', '*/5 * * * *', '5 * * * *', '17 23 * * *', '0 23 * * *']);
    vi.useFakeTimers({
      now: new Date('2026-11-27T22:58:30Z'),
      toFake: ['Date', 'setTimeout', 'clearTimeout'],
    });
    const called: { at: string; cron: string }[] = [];
    const paths = new Set<string>();
    const fetch = async (url: string | URL | Request) => {
      const asked = new URL(String(url));
      paths.add(`${asked.origin}${asked.pathname}`);
      called.push({ at: new Date().toISOString().slice(11, 16), cron: asked.searchParams.get('cron')! });
      return new Response('Ran scheduled event');
    };
    const clock = startLocalCrons({ origin: 'http://127.0.0.1:1', crons, fetch, log: () => {} });
    try {
      await vi.advanceTimersByTimeAsync(90_000); // to 23:00:00
      expect(called).toEqual([
        { at: '22:59', cron: '* * * * *' },
        { at: '23:00', cron: '* * * * *' },
        { at: '23:00', cron: '*/5 * * * *' },
        { at: '23:00', cron: '0 23 * * *' },
      ]);
      called.length = 0;
      await vi.advanceTimersByTimeAsync(17 * 60_000); // to 23:17:00
      expect(called.filter((c) => c.cron !== '* * * * *')).toEqual([
        { at: '23:05', cron: '*/5 * * * *' },
        { at: '23:05', cron: '5 * * * *' },
        { at: '23:10', cron: '*/5 * * * *' },
        { at: '23:15', cron: '*/5 * * * *' },
        { at: '23:17', cron: '17 23 * * *' },
      ]);
      expect(called.filter((c) => c.cron === '* * * * *')).toHaveLength(17);
      // wrangler's local scheduled endpoint (wrangler dev --test-scheduled), on the server asked.
      expect([...paths]).toEqual(['http://127.0.0.1:1/__scheduled']);
    } finally {
      clock.stop();
    }
  });
});

describe('npm start’s server with the clock', () => {
  const run = promisify(execFile);
  const persistTo = mkdtempSync(join(tmpdir(), 'local-crons-'));
  const assets = join(persistTo, 'assets');
  mkdirSync(assets);
  let server: ChildProcess | undefined;
  afterAll(() => {
    // The server's whole process group (npx, wrangler and workerd), so nothing outlives the test.
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    rmSync(persistTo, { recursive: true, force: true });
  });

  const freePort = () =>
    new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });

  it('sends the channel manager what the seed changed by the minute cron alone, no request made', async () => {
    // The demo database as `npm start` makes it (the channel link on, the fake channel manager).
    await run('npx', ['tsx', 'scripts/seed-local.ts', '--migrate'], {
      env: {
        ...process.env,
        PERSIST_TO: persistTo,
        DEV_VARS: '.env.example',
        WRANGLER_SEND_METRICS: 'false',
      },
      timeout: 120_000,
    });
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    // As scripts/start.mjs serves it: wrangler dev with its local scheduled endpoint.
    server = spawn(
      'npx',
      [
        'wrangler',
        'dev',
        '--ip',
        '127.0.0.1',
        '--port',
        String(port),
        '--persist-to',
        persistTo,
        '--env-file',
        '.env.example',
        '--assets',
        assets,
        '--test-scheduled',
        '--show-interactive-dev-session=false',
        '--log-level',
        'warn',
      ],
      { stdio: 'ignore', env: { ...process.env, WRANGLER_SEND_METRICS: 'false' }, detached: true },
    );
    await whenAnswering(origin, 90_000);
    const tonight = new Date(Date.now() + 4 * 3600_000).toISOString().slice(0, 10);
    const ari = async () => {
      const q = new URLSearchParams({
        roomType: 'gold',
        ratePlan: 'standard:gold',
        from: tonight,
        to: tonight,
      });
      const res = await fetch(`${origin}/api/dev/channel/ari?${q}`);
      expect(res.status).toBe(200);
      return (await res.json()) as { availability: number | null }[];
    };
    // Seeded, not sent: the fake holds nothing for sale (a read sends nothing).
    expect((await ari()).filter((n) => n.availability !== null)).toEqual([]);
    // The minute cron run every second here, so the test need not wait for the minute.
    const clock = startLocalCrons({
      origin,
      pattern: (cron) => (cron === '* * * * *' ? '* * * * * *' : cron),
      log: () => {},
    });
    try {
      await expect
        .poll(async () => (await ari()).find((n) => n.availability !== null)?.availability, {
          timeout: 30_000,
          interval: 500,
        })
        .toBeGreaterThan(0);
    } finally {
      clock.stop();
    }
  }, 180_000);
});
