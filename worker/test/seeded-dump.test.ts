import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dumpDatabase, emptyStorage, migrateAndSeed, restoreDatabase } from './apply-migrations';

/**
 * Everything D1 holds for the app: the schema (sqlite_master but its page numbers, workerd's own
 * `_cf_` tables left out) and a SHA-256 of every table's rows, each row as SQLite's quote() of
 * every column (a REAL and an INTEGER differ, a blob is compared byte for byte), with its rowid in
 * a rowid table, in rowid order.
 */
async function fingerprint() {
  const { results: schema } = await env.DB.prepare(
    "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE '_cf_%' ORDER BY type, name",
  ).all<{ type: string; name: string; tbl_name: string; sql: string | null }>();
  const checksums: Record<string, string> = {};
  let rowCount = 0;
  for (const table of schema.filter((r) => r.type === 'table')) {
    const withRowid = !/\bWITHOUT\s+ROWID\s*$/i.test((table.sql ?? '').trim());
    const { results: columns } = await env.DB.prepare(
      'SELECT name FROM pragma_table_xinfo(?) WHERE hidden = 0',
    )
      .bind(table.name)
      .all<{ name: string }>();
    const names = [...(withRowid ? ['rowid'] : []), ...columns.map((c) => c.name)];
    const values = await env.DB.prepare(
      `SELECT ${names.map((n) => `quote("${n}")`).join(', ')} FROM "${table.name}"${withRowid ? ' ORDER BY rowid' : ''}`,
    ).raw<string[]>();
    const rows = values.map((row) => row.join(','));
    if (!withRowid) rows.sort();
    rowCount += rows.length;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(rows.join('\n')));
    checksums[table.name] = `${rows.length} rows ${Buffer.from(digest).toString('hex')}`;
  }
  return { schema, checksums, rowCount };
}

describe('the seeded database restored from its dump (worker/test/apply-migrations.ts)', () => {
  it('is the migrated and seeded database: the same schema and every table the same rows', async () => {
    await emptyStorage();
    await migrateAndSeed();
    const migrated = await fingerprint();
    const dump = await dumpDatabase();

    await emptyStorage();
    await restoreDatabase(dump);
    const restored = await fingerprint();

    expect(restored.schema).toEqual(migrated.schema);
    expect(restored.checksums).toEqual(migrated.checksums);
    // What was compared: the migrations' bookkeeping, the full-text indexes' shadow tables, the seed.
    expect(migrated.checksums).toHaveProperty('d1_migrations');
    expect(migrated.checksums).toHaveProperty('sqlite_sequence');
    expect(migrated.checksums).toHaveProperty('booking_search_data');
    expect(migrated.rowCount).toBeGreaterThan(100);
  });
});
