import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { seed } from '../src/seed/seed';
import { hashPassword } from '../src/modules/accounts/passwords';
import { forgetVersions } from '../src/platform/edge-cache';
import { forgetHotels } from '../src/platform/hotels';
import { forgetSessions } from './builders';

// Every test file starts from the real migrations and the demo seed, in workerd's D1. The test
// files of one vitest worker share one workerd and its storage (isolate: false in
// worker/vitest.config.ts: loading the worker's modules again for every file cost more than the
// tests themselves), so what an earlier file left is removed first: every table, with its
// indexes and triggers, and every stored file. The development accounts' password hashes were
// made once for the whole run (worker/vitest.config.ts).
//
// Running the ~70 migrations and the seed again for every file cost about 0.7 CPU-s a file: the
// first file of a vitest worker runs them and takes a dump of the result (the worker's module
// state outlives its files); every later file replays that dump, which gives the same database
// (seeded-dump.test.ts compares the two). A file that needs the migrations run one by one (the
// migration tests) empties D1 and runs them itself.

type SchemaRow = { type: 'table' | 'index' | 'trigger' | 'view'; name: string; sql: string | null };

/** What D1 holds besides the app's tables: workerd's own (`_cf_...`) and SQLite's (`sqlite_...`). */
const SCHEMA =
  "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid";

/** A full-text (FTS5) table makes its own shadow tables (`<name>_data`, `<name>_content`, ...). */
function virtualTables(schema: SchemaRow[]) {
  const virtual = schema.filter((r) => r.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(r.sql ?? ''));
  const names = virtual.map((r) => r.name);
  return { names, isShadow: (name: string) => names.some((v) => name.startsWith(`${v}_`)) };
}

/** Every table's foreign keys: the tables it references. */
async function references(db: D1Database): Promise<Map<string, Set<string>>> {
  const { results } = await db
    .prepare(
      `SELECT m.name AS child, p."table" AS parent FROM sqlite_master m, pragma_foreign_key_list(m.name) p
     WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_cf_%'`,
    )
    .all<{ child: string; parent: string }>();
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of results) {
    if (child !== parent) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  return parents;
}

/**
 * The tables in the order given (newest first), moved so that no table is dropped before a table
 * that references it: SQLite cannot drop a table whose foreign key names a table already gone (a
 * column added later may reference a table made after its own, as bookings' group does).
 */
function childrenFirst(tables: SchemaRow[], parents: Map<string, Set<string>>): SchemaRow[] {
  const left = [...tables];
  const ordered: SchemaRow[] = [];
  while (left.length > 0) {
    const referenced = new Set(left.flatMap((t) => [...(parents.get(t.name) ?? [])]));
    const i = left.findIndex((t) => !referenced.has(t.name));
    // A cycle of references (none today): the rest in the order given.
    ordered.push(...left.splice(i === -1 ? 0 : i, i === -1 ? left.length : 1));
  }
  return ordered;
}

/** Drops every table, index, trigger and view of a D1 database (the hotel's by default). */
export async function emptyDatabase(db: D1Database = env.DB) {
  // In the order the migrations made them; dropped the other way round, triggers and views first.
  const { results } = await db.prepare(SCHEMA).all<SchemaRow>();
  if (results.length > 0) {
    // A virtual table (FTS5) drops its own shadow tables.
    const { isShadow } = virtualTables(results);
    const of = (type: string) => results.filter((r) => r.type === type && !isShadow(r.name)).reverse();
    await db.batch([
      db.prepare('PRAGMA defer_foreign_keys = ON'),
      ...[...of('trigger'), ...of('view'), ...childrenFirst(of('table'), await references(db))].map((r) =>
        db.prepare(`DROP ${r.type.toUpperCase()} IF EXISTS "${r.name}"`),
      ),
    ]);
  }
}

async function emptyStorage() {
  await emptyDatabase(env.DB);
  for (let cursor: string | undefined, more = true; more;) {
    const listed = await env.IMAGES.list({ cursor });
    if (listed.objects.length > 0) await env.IMAGES.delete(listed.objects.map((o) => o.key));
    more = listed.truncated;
    cursor = listed.truncated ? listed.cursor : undefined;
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * A table's rows as INSERT statements of SQL literals made by SQLite's own quote() (a REAL stays
 * a REAL, a BLOB a blob literal, text exactly), with the rowid of a rowid table, so nothing is
 * bound (D1 binds at most 100 values a statement) and each statement stays far under D1's
 * 100 KB. Generated columns are left to SQLite.
 */
async function rowInserts(table: string, withRowid: boolean, db: D1Database): Promise<string[]> {
  const { results: columns } = await db
    .prepare('SELECT name, hidden FROM pragma_table_xinfo(?)')
    .bind(table)
    .all<{ name: string; hidden: number }>();
  const names = [
    ...(withRowid ? ['rowid'] : []),
    ...columns.filter((c) => c.hidden === 0).map((c) => c.name),
  ];
  // One column per value (a chain of `||` would pass SQLite's expression depth of 100).
  const rows = await db
    .prepare(
      `SELECT ${names.map((n) => `quote(${quoted(n)})`).join(', ')} FROM ${quoted(table)}${withRowid ? ' ORDER BY rowid' : ''}`,
    )
    .raw<string[]>();
  const head = `INSERT INTO ${quoted(table)} (${names.map(quoted).join(', ')}) VALUES `;
  const statements: string[] = [];
  let tuples: string[] = [];
  let size = head.length;
  for (const row of rows) {
    const v = row.join(',');
    if (tuples.length > 0 && size + v.length > 90_000) {
      statements.push(head + tuples.join(', '));
      tuples = [];
      size = head.length;
    }
    tuples.push(`(${v})`);
    size += v.length + 4;
  }
  if (tuples.length > 0) statements.push(head + tuples.join(', '));
  return statements;
}

/**
 * The migrated and seeded database as statements that make it again in an empty D1: the tables
 * (in the order they were made; a full-text table makes its shadow tables), every table's rows
 * (the shadow tables' replace what their full-text table began with; d1_migrations and
 * sqlite_sequence too), then the indexes, and the triggers and views in the order they were made
 * (after the rows, so no trigger fires on them).
 */
export async function dumpDatabase(db: D1Database = env.DB): Promise<string[]> {
  const { results: schema } = await db.prepare(SCHEMA).all<SchemaRow>();
  const { isShadow } = virtualTables(schema);
  const tables = schema.filter((r) => r.type === 'table');
  const statements = ['PRAGMA defer_foreign_keys = ON'];
  for (const table of tables) if (!isShadow(table.name)) statements.push(table.sql!);
  for (const table of tables) {
    if (isShadow(table.name)) continue;
    statements.push(...(await rowInserts(table.name, !/\bWITHOUT\s+ROWID\s*$/i.test(table.sql!.trim()), db)));
  }
  const sequence = await db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'")
    .first();
  if (sequence)
    statements.push('DELETE FROM sqlite_sequence', ...(await rowInserts('sqlite_sequence', true, db)));
  for (const r of schema) if (r.type === 'index' && r.sql) statements.push(r.sql);
  for (const r of schema) if ((r.type === 'trigger' || r.type === 'view') && r.sql) statements.push(r.sql);
  return statements;
}

/** Replays a dump in an empty D1 (the hotel's by default), in one batch (one transaction). */
export async function restoreDatabase(statements: string[], db: D1Database = env.DB) {
  await db.batch(statements.map((sql) => db.prepare(sql)));
}

/** The seeded dump this vitest worker took (every test file starts from it), for a second hotel's database. */
export function seededDump(): string[] {
  return kept.seededDump!;
}

/** The real migrations and the demo seed in an empty D1. */
export async function migrateAndSeed() {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  await seed(drizzle(env.DB), env, async (password, pepper) =>
    pepper === env.PASSWORD_PEPPER && env.TEST_SEED_PASSWORD_HASHES[password]
      ? env.TEST_SEED_PASSWORD_HASHES[password]
      : hashPassword(password, pepper),
  );
  // The seed's rooms, plans and inventory queued every night of every type for the channel
  // manager: left unsent, or every file's first write would send them all to the fake in the
  // background (1-2 s a file). The link is off too, or the sender would run after every test's
  // every write; a test of the link switches it on and starts from a full sync of its own.
  await env.DB.batch([
    env.DB.prepare('DELETE FROM channel_outbox'),
    env.DB.prepare('UPDATE channel_state SET enabled = 0'),
  ]);
}

export { emptyStorage };

/**
 * The chain's own database (docs/decisions/103): emptied, its migrations applied and the default
 * hotel (the binding DB) registered, for every file, as the hotel's database is. A test of several
 * hotels adds the others (worker/test/chain.ts).
 */
export async function resetChain() {
  const chain = env.CHAIN_DB!;
  await emptyDatabase(chain);
  await applyD1Migrations(chain, env.TEST_CHAIN_MIGRATIONS);
  await chain
    .prepare(
      `INSERT INTO hotels (code, name_ar, name_en, city_ar, city_en, binding, r2_prefix, hosts, sort_order)
     VALUES (?, 'فندق المعبيلة', 'Al Maabila Hotel', 'مسقط', 'Muscat', 'DB', '', '[]', 0)`,
    )
    .bind(env.DEFAULT_HOTEL ?? 'muscat')
    .run();
  forgetHotels();
}

// The dump lives as long as the vitest worker's isolate: this file is evaluated again before
// every test file, the global object is not.
const kept = globalThis as { seededDump?: string[] };

await emptyStorage();
await resetChain();
forgetSessions();
if (kept.seededDump) {
  await restoreDatabase(kept.seededDump);
} else {
  await migrateAndSeed();
  kept.seededDump = await dumpDatabase();
}
// The isolate keeps the public answers it cached (its memory and the data centre's cache) under
// keys made of the change counters: this file's counters start where no earlier file's were, so
// nothing an earlier file cached is an answer here.
forgetVersions();
await env.DB.prepare('UPDATE change_counters SET version = version + ?').bind(Date.now()).run();
