import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { seed } from '../src/seed/seed';
import { hashPassword } from '../src/modules/accounts/passwords';
import { forgetVersions } from '../src/platform/edge-cache';
import { forgetSessions } from './builders';

// Every test file starts from the real migrations and the demo seed, in workerd's D1. The test
// files of one vitest worker share one workerd and its storage (isolate: false in
// worker/vitest.config.ts: loading the worker's modules again for every file cost more than the
// tests themselves), so what an earlier file left is removed first: every table, with its
// indexes and triggers, and every stored file. The development accounts' password hashes were
// made once for the whole run (worker/vitest.config.ts).
async function emptyStorage() {
  // In the order the migrations made them; dropped the other way round, triggers and views first.
  const { results } = await env.DB.prepare(
    "SELECT type, name, sql FROM sqlite_master WHERE type IN ('trigger', 'view', 'table') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid",
  ).all<{ type: 'trigger' | 'view' | 'table'; name: string; sql: string | null }>();
  if (results.length > 0) {
    // A virtual table (FTS5) drops its own shadow tables.
    const virtual = results.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql ?? '')).map((r) => r.name);
    const shadow = (name: string) => virtual.some((v) => name.startsWith(`${v}_`));
    const of = (type: string) => results.filter((r) => r.type === type && !shadow(r.name)).reverse();
    await env.DB.batch([
      env.DB.prepare('PRAGMA defer_foreign_keys = ON'),
      ...[...of('trigger'), ...of('view'), ...of('table')].map((r) =>
        env.DB.prepare(`DROP ${r.type.toUpperCase()} IF EXISTS "${r.name}"`),
      ),
    ]);
  }
  for (let cursor: string | undefined, more = true; more;) {
    const listed = await env.IMAGES.list({ cursor });
    if (listed.objects.length > 0) await env.IMAGES.delete(listed.objects.map((o) => o.key));
    more = listed.truncated;
    cursor = listed.truncated ? listed.cursor : undefined;
  }
}

await emptyStorage();
forgetSessions();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seed(drizzle(env.DB), env, async (password, pepper) =>
  pepper === env.PASSWORD_PEPPER && env.TEST_SEED_PASSWORD_HASHES[password]
    ? env.TEST_SEED_PASSWORD_HASHES[password]
    : hashPassword(password, pepper),
);
// The isolate keeps the public answers it cached (its memory and the data centre's cache) under
// keys made of the change counters: this file's counters start where no earlier file's were, so
// nothing an earlier file cached is an answer here.
forgetVersions();
await env.DB.prepare('UPDATE change_counters SET version = version + ?').bind(Date.now()).run();
