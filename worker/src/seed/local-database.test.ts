import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { getPlatformProxy } from 'wrangler';
import { afterAll, expect, it } from 'vitest';

/**
 * `npm start`'s database step (scripts/local.mjs migrateAndSeed: scripts/seed-local.ts --migrate):
 * one process applies every migration not yet applied and seeds, in well under the 22 s of a
 * `wrangler d1 migrations apply` per migration, keeping wrangler's own bookkeeping
 * (`d1_migrations`), so that `npm run db:migrate:local` and `npm start` agree on what is applied.
 * Run twice, it applies nothing the second time and seeds nothing twice; the second time as
 * `npm start` runs it (--demo-day), it also seeds the month before today as closed business days,
 * in the local runtime (scripts/closed-month-local.ts), each with its journal kept.
 */
const run = promisify(execFile);
const persistTo = mkdtempSync(join(tmpdir(), 'local-database-'));
afterAll(() => rmSync(persistTo, { recursive: true, force: true }));

const prepare = (...flags: string[]) =>
  run('npx', ['tsx', 'scripts/seed-local.ts', '--migrate', ...flags], {
    // The development settings as committed (a fresh clone has no .dev.vars yet).
    env: { ...process.env, PERSIST_TO: persistTo, DEV_VARS: '.env.example', WRANGLER_SEND_METRICS: 'false' },
    timeout: 120_000,
  });

it('migrates and seeds a fresh local database in one process, and again changes nothing', async () => {
  const migrations = readdirSync('migrations')
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const first = await prepare();
  // Every hotel of the chain migrated, the default one (DB) among them.
  expect(first.stdout).toContain(`(DB): applied ${migrations.length} migration(s)`);
  expect(first.stdout).toContain('Seeded the local database.');
  const again = await prepare('--demo-day');
  expect(again.stdout).toContain('(DB): no migrations to apply.');
  expect(again.stdout).toMatch(/Seeded \d{4}-\d{2}-01 to \d{4}-\d{2}-\d{2} as closed business days\./);

  // Read back through wrangler's own local D1 (the same file `wrangler dev` serves).
  const proxy = await getPlatformProxy<{ DB: D1Database; DB_SALALAH: D1Database }>({
    persist: { path: `${persistTo}/v3` },
  });
  try {
    const applied = await proxy.env.DB.prepare('SELECT name FROM d1_migrations ORDER BY id').all<{
      name: string;
    }>();
    expect(applied.results.map((row) => row.name)).toEqual(migrations);
    const table = await proxy.env.DB.prepare(
      "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'd1_migrations'",
    ).first<{ sql: string }>();
    // Made as wrangler makes it.
    expect(table?.sql).toMatch(/^CREATE TABLE "d1_migrations"\(\s+id\s+INTEGER PRIMARY KEY AUTOINCREMENT,/);
    const accounts = await proxy.env.DB.prepare(
      "SELECT count(*) AS n FROM users WHERE email IN ('admin@example.com', 'manager@example.com')",
    ).first<{ n: number }>();
    expect(accounts?.n).toBe(2);
    // The demo's staff are the chain's: Salalah keeps Muscat's password hash of each of them, so the
    // chain's first push changes no password and signs nobody out (docs/decisions/103).
    const hashes = (db: D1Database) =>
      db
        .prepare('SELECT email, password_hash FROM users WHERE password_hash IS NOT NULL ORDER BY email')
        .all<{ email: string; password_hash: string }>()
        .then((r) => r.results);
    const muscat = await hashes(proxy.env.DB);
    expect(muscat.length).toBeGreaterThanOrEqual(2);
    expect(await hashes(proxy.env.DB_SALALAH)).toEqual(muscat);
    const month = await proxy.env.DB.prepare(
      'SELECT (SELECT count(*) FROM day_closes) AS closed, (SELECT count(*) FROM accounting_journals) AS kept',
    ).first<{ closed: number; kept: number }>();
    expect(month?.closed).toBeGreaterThanOrEqual(28);
    expect(month?.kept).toBe(month?.closed);
  } finally {
    await proxy.dispose();
  }
}, 240_000);
