/**
 * Seeds the local D1 database (the one `wrangler dev` uses) with the demo data, through the real
 * D1 binding of a local runtime (wrangler's Miniflare), on disk under .wrangler/ (or PERSIST_TO).
 * Idempotent; refuses outside development (the settings of .dev.vars over wrangler.toml's vars,
 * as `wrangler dev` reads them).
 *
 * `--migrate` first applies the migrations not yet applied, in the same runtime: as
 * `wrangler d1 migrations apply DB --local` does, each migration's statements and its row in
 * `d1_migrations` in one batch, the statements split by the parser the worker tests use
 * (readD1Migrations), on the same database file (wrangler.toml's database id under the same
 * persistence folder), so either way of applying sees the other's. Wrangler starts a local runtime
 * for each migration (about 0.4 s each: 22 s for 54 migrations on a fresh clone), and through a
 * binding in Node every statement is a blocking call into the runtime (10-16 ms each, 900
 * statements); here they run inside the runtime, in a small worker of its own, in one request.
 * `--no-seed` stops after the migrations.
 */
import { drizzle } from 'drizzle-orm/d1';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parseEnv } from 'node:util';
import { unstable_readConfig } from 'wrangler';
import type { Env } from '../worker/src/platform/env';
import { seedClosedMonthLocally } from './closed-month-local';

type Migration = { name: string; queries: string[] };

/** The Miniflare wrangler itself runs on (npm may keep another version beside it for the tests). */
const { Miniflare, convertV4MiniflareOptions } = createRequire(
  createRequire(import.meta.url).resolve('wrangler'),
)('miniflare') as typeof import('miniflare');

/**
 * The runtime's worker: GET answers the migrations applied; POST applies those it is sent not yet
 * applied, in order, and answers their names (and the first that failed, with its error).
 */
const MIGRATOR = `const TABLE = \`CREATE TABLE IF NOT EXISTS "d1_migrations"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);\`;
async function appliedIn(db) {
  // The table wrangler (and the tests' applyD1Migrations) keep, made the same way.
  await db.prepare(TABLE).run();
  const { results } = await db.prepare('SELECT name FROM d1_migrations').all();
  return new Set(results.map((row) => row.name));
}
export default {
  async fetch(request, env) {
    const done = await appliedIn(env.DB);
    if (request.method === 'GET') return Response.json([...done]);
    const applied = [];
    for (const migration of await request.json()) {
      if (done.has(migration.name)) continue;
      try {
        await env.DB.batch([
          ...migration.queries.map((query) => env.DB.prepare(query)),
          env.DB.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(migration.name),
        ]);
      } catch (error) {
        return Response.json({ applied, failed: migration.name, error: String(error?.message ?? error) });
      }
      applied.push(migration.name);
    }
    return Response.json({ applied });
  },
};`;

const migrate = process.argv.includes('--migrate');
const seeding = !process.argv.includes('--no-seed');
// The journeys' server: the channel manager link switched off and its queue emptied after the seed,
// so the sender does not run after every write of every journey; the channel's own journey
// switches it on (e2e/channel.after.ts).
const channelOff = process.argv.includes('--channel-off');
// `npm start` and `npm run dev`: a day of stays and housekeeping tasks around today (worker/src/seed/demo-day.ts).
const demoDay = process.argv.includes('--demo-day');
const persistTo = process.env.PERSIST_TO;
// The seed's modules load (tsx) while the runtime starts.
const seedModule = seeding ? import('../worker/src/seed/seed') : undefined;
const demoDayModule = seeding && demoDay ? import('../worker/src/seed/demo-day') : undefined;
// And the demo hotel's imported history for the revenue screens (worker/src/seed/demo-history.ts).
const demoHistoryModule = seeding && demoDay ? import('../worker/src/seed/demo-history') : undefined;
const config = unstable_readConfig({ config: 'wrangler.toml' });
const d1 = config.d1_databases.find((database: { binding: string }) => database.binding === 'DB');
if (!d1) throw new Error('wrangler.toml has no D1 database bound to DB');
/** The runtime with `script` as its worker, on the local D1 (the seed's own worker reuses it). */
const runtime = (script: string) =>
  convertV4MiniflareOptions({
    modules: true,
    script,
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    // As wrangler maps a local D1 (the preview id when there is one) and where it keeps it.
    name: config.name,
    d1Databases: { DB: d1.preview_database_id ?? d1.database_id! },
    // The photos' bucket, where the demo's history file waits for the server's cron (demo-history.ts).
    r2Buckets: Object.fromEntries(
      config.r2_buckets.map(
        (bucket: { binding: string; bucket_name?: string; preview_bucket_name?: string }) => [
          bucket.binding,
          bucket.preview_bucket_name ?? bucket.bucket_name!,
        ],
      ),
    ),
    resourcePersistencePath: persistTo ? `${persistTo}/v3` : '.wrangler/state/v3',
  });
const mf = new Miniflare(runtime(MIGRATOR));

/** Applies the migrations in migrations/ not yet applied: their names. */
async function applyMigrations(): Promise<string[]> {
  const done = new Set((await (await mf.dispatchFetch('http://local/')).json()) as string[]);
  const dir = d1!.migrations_dir ?? 'migrations';
  const pending = readdirSync(dir).filter((file) => file.endsWith('.sql') && !done.has(file));
  if (pending.length === 0) return [];
  // Read and split only when there is something to apply (the parser's module takes a second or two to load).
  const { readD1Migrations } = await import('@cloudflare/vitest-plugin');
  const migrations: Migration[] = await readD1Migrations(dir);
  const answer = await mf.dispatchFetch('http://local/', {
    method: 'POST',
    body: JSON.stringify(migrations.filter((migration) => !done.has(migration.name))),
  });
  const result = (await answer.json()) as { applied: string[]; failed?: string; error?: string };
  if (result.failed) throw new Error(`migration ${result.failed} failed: ${result.error}`);
  return result.applied;
}

/** wrangler.toml's vars under the local settings file's (.dev.vars; DEV_VARS names another, e.g. .env.example). */
function localSettings(): Env {
  const file = process.env.DEV_VARS ?? '.dev.vars';
  const vars = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  return { ...(config.vars as Record<string, string>), ...vars } as unknown as Env;
}

try {
  if (migrate) {
    const applied = await applyMigrations();
    console.log(
      applied.length === 0
        ? 'No migrations to apply.'
        : `Applied ${applied.length} migration(s) to the local database (${applied[0]} to ${applied.at(-1)}).`,
    );
  }
  if (seedModule) {
    const { seed } = await seedModule;
    const db = await mf.getD1Database('DB');
    await seed(drizzle(db), localSettings());
    if (demoDayModule) await (await demoDayModule).seedDemoDay(drizzle(db));
    if (demoHistoryModule) {
      const started = performance.now();
      const images = await mf.getR2Bucket('IMAGES');
      const { seedDemoHistory } = await demoHistoryModule;
      // Miniflare's bucket is the Workers R2 binding, typed apart.
      const history = await seedDemoHistory(
        drizzle(db),
        images as unknown as Parameters<typeof seedDemoHistory>[1],
      );
      if (!history.skipped)
        console.log(
          `Queued the demo hotel's history (${history.lines} lines) in ${((performance.now() - started) / 1000).toFixed(1)} s: the server's minute cron imports it.`,
        );
    }
    if (channelOff) {
      await db.batch([
        db.prepare('UPDATE channel_state SET enabled = 0'),
        db.prepare('DELETE FROM channel_outbox'),
      ]);
    }
    console.log(`Seeded the local database${channelOff ? ' (the channel manager link off)' : ''}.`);
    // `npm start`: the month before today as closed business days (worker/src/seed/closed-month.ts).
    if (demoDay) await seedClosedMonthLocally({ mf, options: runtime });
  }
} finally {
  await mf.dispose();
}
