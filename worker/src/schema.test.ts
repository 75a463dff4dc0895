import { env } from 'cloudflare:workers';
import { is, SQL } from 'drizzle-orm';
import {
  getTableConfig,
  SQLiteBaseInteger,
  SQLiteSyncDialect,
  SQLiteTable,
  type SQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';

/**
 * The migrations in migrations/ are the truth (docs/decisions/003-schema-conventions.md): they
 * are written by hand, and the drizzle schema the code queries through must describe the
 * database they build. This test holds the two together: every table, column (name, type
 * affinity, NOT NULL, default, primary key, autoincrement), foreign key, index, unique
 * constraint and named CHECK of the migrated D1 (apply-migrations.ts) is compared with the
 * tables exported from the table files (worker/src/platform/tables.ts and each module's
 * tables.ts or <thing>-tables.ts), both ways. Not compared: triggers (drizzle
 * cannot express them; the tests of the rules they hold cover them, and the schema snapshot
 * shows every change to them), full-text indexes (virtual tables, read with SQL) and unnamed CHECKs (the one
 * on reviews.status, 0013): name a new CHECK and declare it with drizzle's check().
 */

// Every table file (tables.ts or <thing>-tables.ts), so a table in a new file or module is
// compared without editing this test.
const schemaModules = import.meta.glob<Record<string, unknown>>('./{platform,modules/*}/*tables.ts', {
  eager: true,
});
const drizzleTables = new Map<string, SQLiteTable>();
for (const mod of Object.values(schemaModules)) {
  for (const value of Object.values(mod)) {
    if (is(value, SQLiteTable)) drizzleTables.set(getTableConfig(value).name, value);
  }
}

/** Tables that are not the application's: wrangler's migration log and SQLite's/D1's own. */
const notOurs = (name: string) => name === 'd1_migrations' || /^(_cf_|sqlite_)/i.test(name);

const dialect = new SQLiteSyncDialect();

type ColumnInfo = {
  cid: number;
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
};
type IndexList = { seq: number; name: string; unique: number; origin: 'c' | 'u' | 'pk'; partial: number };
type IndexInfo = { seqno: number; cid: number; name: string | null };
type ForeignKeyInfo = {
  id: number;
  seq: number;
  table: string;
  from: string;
  to: string | null;
  on_update: string;
  on_delete: string;
};

async function all<T>(query: string): Promise<T[]> {
  return (await env.DB.prepare(query).all<T>()).results;
}

/** SQLite's type affinity of a declared column type (https://sqlite.org/datatype3.html 3.1). */
function affinity(declared: string): string {
  const type = declared.toUpperCase();
  if (type.includes('INT')) return 'INTEGER';
  if (/CHAR|CLOB|TEXT/.test(type)) return 'TEXT';
  if (type.includes('BLOB') || type === '') return 'BLOB';
  if (/REAL|FLOA|DOUB/.test(type)) return 'REAL';
  return 'NUMERIC';
}

/** The SQL a drizzle default stands for, as drizzle-kit would write it after DEFAULT. */
function drizzleDefault(column: SQLiteColumn): string | null {
  const value = column.default;
  if (value === undefined) return null; // no default, or a runtime $defaultFn the database never sees
  if (is(value, SQL)) return dialect.sqlToQuery(value).sql;
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return String(value.getTime());
  return `'${JSON.stringify(value).replaceAll("'", "''")}'`; // json mode
}

/**
 * An SQL expression in one spelling for comparison: no quotes, no `table.` before a column, no
 * white space, no outer parentheses, lower case. (drizzle writes "t"."c", hand-written SQL `c`.)
 */
function normalise(expr: string, table?: string): string {
  let text = expr.replace(/[`"]/g, '');
  if (table) text = text.replaceAll(`${table}.`, '');
  text = text.replace(/\s+/g, '').toLowerCase();
  while (/^\(.*\)$/.test(text) && balanced(text.slice(1, -1))) text = text.slice(1, -1);
  return text;
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** The named CHECK constraints of a CREATE TABLE statement: name -> expression. */
function namedChecks(createTable: string): Map<string, string> {
  const checks = new Map<string, string>();
  for (const match of createTable.matchAll(/constraint\s+[`"[]?(\w+)[`"\]]?\s+check\s*\(/gi)) {
    const start = match.index + match[0].length;
    let depth = 1;
    let end = start;
    while (end < createTable.length && depth > 0) {
      if (createTable[end] === '(') depth += 1;
      if (createTable[end] === ')') depth -= 1;
      end += 1;
    }
    checks.set(match[1]!, createTable.slice(start, end - 1));
  }
  return checks;
}

/** Two DEFAULT expressions agree when they read the same, or evaluate to the same value and type. */
async function sameDefault(a: string | null, b: string | null): Promise<boolean> {
  if (a === null || b === null) return a === b;
  if (normalise(a) === normalise(b)) return true;
  const row = await env.DB.prepare(
    `select (${a}) as a, typeof((${a})) as ta, (${b}) as b, typeof((${b})) as tb`,
  ).first<{ a: unknown; ta: string; b: unknown; tb: string }>();
  return row !== null && row.a === row.b && row.ta === row.tb;
}

/** A foreign key as "(from) -> table(to) on delete X on update Y", the same for both sides. */
const foreignKeyText = (from: string[], table: string, to: string[], onDelete: string, onUpdate: string) =>
  `(${from.join(',')}) -> ${table}(${to.join(',')}) on delete ${onDelete.toLowerCase()} on update ${onUpdate.toLowerCase()}`;

async function databaseTables(): Promise<Map<string, string>> {
  const rows = await all<{ name: string; sql: string }>(
    `select name, sql from sqlite_master where type = 'table' order by name`,
  );
  // A full-text index (an FTS5 virtual table and the shadow tables SQLite keeps for it) is read
  // with SQL, never through drizzle: the schema snapshot (schema-snapshot.test.ts) holds it.
  const virtual = rows.filter((row) => /^create virtual table/i.test(row.sql)).map((row) => row.name);
  const fullText = (name: string) =>
    virtual.some((v) => name === v || new RegExp(`^${v}_(data|idx|content|docsize|config)$`).test(name));
  return new Map(
    rows.filter((row) => !notOurs(row.name) && !fullText(row.name)).map((row) => [row.name, row.sql]),
  );
}

describe('the drizzle schema and the migrated database', () => {
  it('have the same tables', async () => {
    const inDatabase = [...(await databaseTables()).keys()].sort();
    const inDrizzle = [...drizzleTables.keys()].sort();
    expect(
      inDatabase.filter((name) => !drizzleTables.has(name)),
      'tables the migrations create that no tables file in worker/src/{platform,modules/*}/ exports',
    ).toEqual([]);
    expect(
      inDrizzle.filter((name) => !inDatabase.includes(name)),
      'tables in worker/src/{platform,modules/*}/*tables.ts that no migration creates',
    ).toEqual([]);
    expect(inDrizzle.length).toBeGreaterThan(20);
  });

  describe.each([...drizzleTables.keys()].sort())('table %s', (tableName) => {
    const table = drizzleTables.get(tableName)!;
    const config = getTableConfig(table);

    it('has the same columns: name, type affinity, NOT NULL, default, primary key', async () => {
      const rows = await all<ColumnInfo>(`pragma table_info(\`${tableName}\`)`);
      const compositeKey = config.primaryKeys[0]?.columns.map((c) => c.name) ?? [];
      const fromDatabase = rows.map((row) => ({
        name: row.name,
        affinity: affinity(row.type),
        notNull: row.notnull === 1,
        pk: row.pk > 0,
        dflt: row.dflt_value,
      }));
      const fromDrizzle = config.columns.map((column) => ({
        name: column.name,
        affinity: affinity(column.getSQLType()),
        notNull: column.notNull,
        pk: column.primary || compositeKey.includes(column.name),
        dflt: drizzleDefault(column),
      }));
      const byName = <T extends { name: string }>(list: T[]) =>
        [...list].sort((a, b) => a.name.localeCompare(b.name));
      const database = byName(fromDatabase);
      const drizzle = byName(fromDrizzle);
      expect(
        drizzle.map((c) => c.name),
        `columns of ${tableName} (+ drizzle schema, - migrated database)`,
      ).toEqual(database.map((c) => c.name));
      for (const [i, column] of drizzle.entries()) {
        const other = database[i]!;
        const { dflt: a, ...rest } = column;
        const { dflt: b, ...otherRest } = other;
        expect(rest, `${tableName}.${column.name} (+ drizzle schema, - migrated database)`).toEqual(
          otherRest,
        );
        expect(
          await sameDefault(a, b),
          `${tableName}.${column.name} default: drizzle ${a ?? 'none'}, database ${b ?? 'none'}`,
        ).toBe(true);
      }
    });

    it('has AUTOINCREMENT exactly where drizzle says so', async () => {
      const sql = (await databaseTables()).get(tableName) ?? '';
      const drizzleSays = config.columns.some((c) => is(c, SQLiteBaseInteger) && c.autoIncrement);
      expect(/autoincrement/i.test(sql), `${tableName} AUTOINCREMENT in the database`).toBe(drizzleSays);
    });

    it('has the same foreign keys', async () => {
      const rows = await all<ForeignKeyInfo>(`pragma foreign_key_list(\`${tableName}\`)`);
      const grouped = new Map<number, ForeignKeyInfo[]>();
      for (const row of rows) grouped.set(row.id, [...(grouped.get(row.id) ?? []), row]);
      const fromDatabase = [...grouped.values()].map((parts) => {
        parts.sort((a, b) => a.seq - b.seq);
        const first = parts[0]!;
        // A reference without columns means the other table's primary key; drizzle always names it.
        const to = parts.map((p) => p.to ?? 'id');
        return foreignKeyText(
          parts.map((p) => p.from),
          first.table,
          to,
          first.on_delete,
          first.on_update,
        );
      });
      const fromDrizzle = config.foreignKeys.map((fk) => {
        const ref = fk.reference();
        return foreignKeyText(
          ref.columns.map((c) => c.name),
          getTableConfig(ref.foreignTable).name,
          ref.foreignColumns.map((c) => c.name),
          fk.onDelete ?? 'no action',
          fk.onUpdate ?? 'no action',
        );
      });
      expect(
        fromDrizzle.sort(),
        `foreign keys of ${tableName} (+ drizzle schema, - migrated database)`,
      ).toEqual(fromDatabase.sort());
    });

    it('has the same indexes and unique constraints', async () => {
      const list = await all<IndexList>(`pragma index_list(\`${tableName}\`)`);
      const definitions = new Map(
        (
          await all<{ name: string; sql: string | null }>(
            `select name, sql from sqlite_master where type = 'index' and tbl_name = '${tableName}'`,
          )
        ).map((row) => [row.name, row.sql]),
      );
      const columnsOf = async (index: string) => {
        const info = await all<IndexInfo>(`pragma index_info(\`${index}\`)`);
        return info.sort((a, b) => a.seqno - b.seqno).map((c) => c.name ?? '(expression)');
      };
      // Indexes made by CREATE INDEX, by name.
      const fromDatabase = await Promise.all(
        list
          .filter((index) => index.origin === 'c')
          .map(async (index) => ({
            name: index.name,
            unique: index.unique === 1,
            columns: (await columnsOf(index.name)).join(','),
            where:
              index.partial === 1
                ? normalise(
                    /\swhere\s([\s\S]*)$/i.exec(definitions.get(index.name) ?? '')?.[1] ?? '?',
                    tableName,
                  )
                : null,
          })),
      );
      const fromDrizzle = config.indexes.map((index) => ({
        name: index.config.name,
        unique: index.config.unique,
        columns: index.config.columns.map((c) => (is(c, SQL) ? '(expression)' : c.name)).join(','),
        where: index.config.where ? normalise(dialect.sqlToQuery(index.config.where).sql, tableName) : null,
      }));
      const byName = <T extends { name: string }>(items: T[]) =>
        [...items].sort((a, b) => a.name.localeCompare(b.name));
      expect(byName(fromDrizzle), `indexes of ${tableName} (+ drizzle schema, - migrated database)`).toEqual(
        byName(fromDatabase),
      );

      // UNIQUE constraints in the table definition (SQLite names them sqlite_autoindex_*), by columns.
      const uniqueInDatabase = await Promise.all(
        list
          .filter((index) => index.origin === 'u')
          .map(async (index) => (await columnsOf(index.name)).join(',')),
      );
      const uniqueInDrizzle = [
        ...config.columns.filter((c) => c.isUnique).map((c) => c.name),
        ...config.uniqueConstraints.map((u) => u.columns.map((c) => c.name).join(',')),
      ];
      expect(uniqueInDrizzle.sort(), `unique constraints of ${tableName}`).toEqual(uniqueInDatabase.sort());
    });

    it('has the same named CHECK constraints', async () => {
      const sql = (await databaseTables()).get(tableName) ?? '';
      const inDatabase = Object.fromEntries(
        [...namedChecks(sql)].map(([name, expr]) => [name, normalise(expr, tableName)]),
      );
      const inDrizzle = Object.fromEntries(
        config.checks.map((check) => [check.name, normalise(dialect.sqlToQuery(check.value).sql, tableName)]),
      );
      expect(inDrizzle, `named checks of ${tableName} (+ drizzle schema, - migrated database)`).toEqual(
        inDatabase,
      );
    });
  });
});
