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
    // The database by its binding: http://local/<BINDING> (every hotel's, and the chain's).
    const db = env[new URL(request.url).pathname.slice(1) || 'DB'];
    const done = await appliedIn(db);
    if (request.method === 'GET') return Response.json([...done]);
    const applied = [];
    for (const migration of await request.json()) {
      if (done.has(migration.name)) continue;
      try {
        await db.batch([
          ...migration.queries.map((query) => db.prepare(query)),
          db.prepare('INSERT INTO d1_migrations (name) VALUES (?)').bind(migration.name),
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
// `--hotel <code>`: seed that hotel only (npm run hotel:add); every hotel is migrated all the same.
const onlyHotel = process.argv.includes('--hotel')
  ? process.argv[process.argv.indexOf('--hotel') + 1]
  : undefined;
const config = unstable_readConfig({ config: 'wrangler.toml' });
type D1Config = {
  binding: string;
  database_id?: string;
  preview_database_id?: string;
  migrations_dir?: string;
};
const databases = config.d1_databases as D1Config[];
const d1 = databases.find((database) => database.binding === 'DB');
if (!d1) throw new Error('wrangler.toml has no D1 database bound to DB');
/**
 * Several hotels (docs/decisions/103): the chain's database (CHAIN_DB, chain-migrations/) and each
 * hotel's (DB, the default one, and a DB_<CODE> per other hotel, migrations/), as hotels.json names
 * them; a hotel of hotels.json whose binding wrangler.toml lacks is named and left out.
 */
type HotelEntry = {
  code: string;
  nameAr: string;
  nameEn: string;
  cityAr?: string;
  cityEn?: string;
  binding: string;
  hosts?: string[];
};
const chainConfig = databases.find((database) => database.binding === 'CHAIN_DB');
const registered: HotelEntry[] = existsSync('hotels.json')
  ? (JSON.parse(readFileSync('hotels.json', 'utf8')) as { hotels: HotelEntry[] }).hotels
  : [];
const hotels = registered.filter((hotel) => {
  const bound = databases.some((database) => database.binding === hotel.binding);
  if (!bound) console.log(`Hotel ${hotel.code}: wrangler.toml has no D1 binding ${hotel.binding}; left out.`);
  return bound;
});
if (!hotels.some((hotel) => hotel.binding === 'DB')) {
  hotels.unshift({ code: config.vars?.DEFAULT_HOTEL ?? 'main', nameAr: '', nameEn: '', binding: 'DB' });
}
const localId = (database: D1Config) => database.preview_database_id ?? database.database_id!;
/** The runtime with `script` as its worker, on the local D1s (the seed's own worker reuses it). */
const runtime = (script: string) =>
  convertV4MiniflareOptions({
    modules: true,
    script,
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    // As wrangler maps a local D1 (the preview id when there is one) and where it keeps it.
    name: config.name,
    d1Databases: Object.fromEntries(
      [...hotels.map((hotel) => hotel.binding), ...(chainConfig ? ['CHAIN_DB'] : [])].map((binding) => [
        binding,
        localId(databases.find((database) => database.binding === binding)!),
      ]),
    ),
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

/** Applies the migrations of `dir` not yet applied to the database bound as `binding`: their names. */
async function applyMigrations(binding = 'DB', dir = d1!.migrations_dir ?? 'migrations'): Promise<string[]> {
  const done = new Set((await (await mf.dispatchFetch(`http://local/${binding}`)).json()) as string[]);
  const pending = readdirSync(dir).filter((file) => file.endsWith('.sql') && !done.has(file));
  if (pending.length === 0) return [];
  // Read and split only when there is something to apply (the parser's module takes a second or two to load).
  const { readD1Migrations } = await import('@cloudflare/vitest-plugin');
  const migrations: Migration[] = await readD1Migrations(dir);
  const answer = await mf.dispatchFetch(`http://local/${binding}`, {
    method: 'POST',
    body: JSON.stringify(migrations.filter((migration) => !done.has(migration.name))),
  });
  const result = (await answer.json()) as { applied: string[]; failed?: string; error?: string };
  if (result.failed) throw new MigrationFailed(result.failed, result.error ?? '', result.applied);
  return result.applied;
}

class MigrationFailed extends Error {
  constructor(
    readonly migration: string,
    readonly reason: string,
    readonly applied: string[],
  ) {
    super(`migration ${migration} failed: ${reason}`);
  }
}

/** The last migration applied to a database (its state for hotel_migrations). */
async function lastApplied(binding: string): Promise<string | null> {
  const done = (await (await mf.dispatchFetch(`http://local/${binding}`)).json()) as string[];
  return done.sort().at(-1) ?? null;
}

type HotelOutcome = {
  hotel: HotelEntry;
  state: 'migrated' | 'failed';
  last: string | null;
  failed?: string;
  error?: string;
  applied: number;
};

/**
 * Every hotel's migrations, one hotel after the other; a hotel that fails stops no other and is
 * named (docs/decisions/103, "Migrations and a new hotel").
 */
async function migrateHotels(): Promise<HotelOutcome[]> {
  const outcomes: HotelOutcome[] = [];
  for (const hotel of hotels) {
    try {
      const applied = await applyMigrations(hotel.binding);
      outcomes.push({
        hotel,
        state: 'migrated',
        last: await lastApplied(hotel.binding),
        applied: applied.length,
      });
      console.log(
        applied.length === 0
          ? `Hotel ${hotel.code} (${hotel.binding}): no migrations to apply.`
          : `Hotel ${hotel.code} (${hotel.binding}): applied ${applied.length} migration(s) (${applied[0]} to ${applied.at(-1)}).`,
      );
    } catch (error) {
      const failed = error instanceof MigrationFailed ? error : null;
      outcomes.push({
        hotel,
        state: 'failed',
        last: await lastApplied(hotel.binding).catch(() => null),
        failed: failed?.migration,
        error: failed?.reason ?? String(error),
        applied: failed?.applied.length ?? 0,
      });
      console.error(
        `Hotel ${hotel.code} (${hotel.binding}) FAILED at ${failed?.migration ?? '?'}: ${failed?.reason ?? String(error)}`,
      );
    }
  }
  return outcomes;
}

/** The chain's database migrated, every hotel registered (upsert) and each hotel's migration state written. */
async function registerHotels(outcomes: HotelOutcome[]) {
  if (!chainConfig) return;
  const applied = await applyMigrations('CHAIN_DB', chainConfig.migrations_dir ?? 'chain-migrations');
  if (applied.length > 0) console.log(`The chain's database: applied ${applied.length} migration(s).`);
  const chain = await mf.getD1Database('CHAIN_DB');
  await chain.batch([
    ...hotels.map((hotel, order) =>
      chain
        .prepare(
          `INSERT INTO hotels (code, name_ar, name_en, city_ar, city_en, binding, r2_prefix, hosts, sort_order)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
           ON CONFLICT (code) DO UPDATE SET name_ar = ?2, name_en = ?3, city_ar = ?4, city_en = ?5,
             binding = ?6, hosts = ?8, sort_order = ?9, updated_at = cast(unixepoch('subsec') * 1000 as integer)`,
        )
        .bind(
          hotel.code,
          hotel.nameAr,
          hotel.nameEn,
          hotel.cityAr ?? '',
          hotel.cityEn ?? '',
          hotel.binding,
          hotel.binding === 'DB' ? '' : `hotels/${hotel.code}/`,
          JSON.stringify(hotel.hosts ?? []),
          order,
        ),
    ),
    ...outcomes.map((o) =>
      chain
        .prepare(
          `INSERT INTO hotel_migrations (hotel, state, last_migration, failed_migration, error, applied, at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
           ON CONFLICT (hotel) DO UPDATE SET state = ?2, last_migration = ?3, failed_migration = ?4,
             error = ?5, applied = ?6, at = ?7`,
        )
        .bind(o.hotel.code, o.state, o.last, o.failed ?? null, o.error ?? null, o.applied, Date.now()),
    ),
  ]);
}

/** wrangler.toml's vars under the local settings file's (.dev.vars; DEV_VARS names another, e.g. .env.example). */
function localSettings(): Env {
  const file = process.env.DEV_VARS ?? '.dev.vars';
  const vars = existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
  return { ...(config.vars as Record<string, string>), ...vars } as unknown as Env;
}

try {
  let failedHotels: string[] = [];
  if (migrate) {
    const outcomes = await migrateHotels();
    await registerHotels(outcomes);
    failedHotels = outcomes.filter((o) => o.state === 'failed').map((o) => o.hotel.code);
  }
  if (seedModule) {
    const { seed, seedHotelSite } = await seedModule;
    for (const hotel of hotels) {
      if (hotel.binding === 'DB' || failedHotels.includes(hotel.code)) continue;
      if (onlyHotel && hotel.code !== onlyHotel) continue;
      // Each other hotel gets the demo's data under its own name (its own database: its own ids).
      const db = await mf.getD1Database(hotel.binding);
      await seed(drizzle(db), localSettings());
      if (demoDayModule) await (await demoDayModule).seedDemoDay(drizzle(db));
      await seedHotelSite(drizzle(db), hotel);
      console.log(`Seeded hotel ${hotel.code} (${hotel.binding}).`);
    }
  }
  if (seedModule && !(onlyHotel && onlyHotel !== hotels.find((h) => h.binding === 'DB')?.code)) {
    const { seed } = await seedModule!;
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
  if (seedModule) {
    // The demo's accounts are the chain's (docs/decisions/103): every hotel keeps the default
    // hotel's password hash of the same e-mail, so the chain's first push finds no password changed
    // and signs nobody out (each hotel's seed hashed the same passwords with salts of its own).
    const main = await mf.getD1Database('DB');
    const accounts = await main
      .prepare('SELECT email, password_hash FROM users WHERE password_hash IS NOT NULL')
      .all<{ email: string; password_hash: string }>();
    for (const hotel of hotels) {
      if (hotel.binding === 'DB' || failedHotels.includes(hotel.code)) continue;
      const other = await mf.getD1Database(hotel.binding);
      const same = accounts.results.map((a) =>
        other
          .prepare('UPDATE users SET password_hash = ? WHERE email = ? AND password_hash IS NOT ?')
          .bind(a.password_hash, a.email, a.password_hash),
      );
      if (same.length > 0) await other.batch(same);
    }
  }
  if (failedHotels.length > 0) {
    console.error(`Migrations failed at: ${failedHotels.join(', ')} (the other hotels are migrated).`);
    process.exitCode = 1;
  }
} finally {
  await mf.dispose();
}
