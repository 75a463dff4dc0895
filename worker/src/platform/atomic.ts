import { getTableColumns, is, sql, SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './env';

/**
 * One atomic write per state change (docs/decisions/009-atomic-state-changes.md).
 *
 * D1 has no interactive transactions, but a `db.batch()` commits all of its
 * statements or none. So a state change is ONE batch: its first statement is the
 * conditional change that only one request can win (`... WHERE status = 'pending'`),
 * and it stamps a fresh random token on the row it changed; every statement that
 * follows from the change runs only `WHERE EXISTS` a row carrying this request's
 * token. The losing request's batch changes nothing, and a request that dies
 * midway leaves either everything or nothing.
 */
export function newChangeToken(): string {
  return crypto.randomUUID();
}

/** `exists (select 1 from <table> where <condition>)`: the guard of a dependent statement. */
export function rowExists(table: SQLiteTable, condition: SQL): SQL {
  return sql`exists (select 1 from ${table} where ${condition})`;
}

type Values<T extends SQLiteTable> = { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL };

/**
 * `INSERT INTO <table> SELECT <values> [FROM ...] WHERE <guard>`: an insert that
 * happens only if the guard holds when the batch reaches it. Values may be plain
 * (mapped like a normal insert: JSON, booleans, dates) or SQL expressions over
 * the `from` rows. Columns left out get their default, or null.
 */
export function insertWhere<T extends SQLiteTable>(
  db: Db,
  table: T,
  values: Values<T>,
  guard: SQL,
  from?: SQL,
) {
  const now = Date.now();
  const columns = getTableColumns(table) as Record<
    string,
    { name: string; primary: boolean; default?: unknown; mapToDriverValue(v: unknown): unknown }
  >;
  const given = values as Record<string, unknown>;
  const parts = Object.entries(columns).map(([key, column]) => {
    const value = given[key];
    if (value !== undefined) {
      return is(value, SQL) ? value : sql`${value === null ? null : column.mapToDriverValue(value)}`;
    }
    if (column.primary) return sql`null`;
    if (column.name === 'created_at' || column.name === 'updated_at') return sql`${now}`;
    if (column.default !== undefined) {
      return is(column.default, SQL) ? column.default : sql`${column.mapToDriverValue(column.default)}`;
    }
    return sql`null`;
  });
  return db
    .insert(table)
    .select(sql`select ${sql.join(parts, sql`, `)} ${from ? sql`from ${from} ` : sql``}where ${guard}`);
}
