import type { SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../platform/env';

/**
 * D1's own batch (one transaction) for statements built with drizzle's builders or its `sql`
 * template: drizzle-orm 0.45's batch cannot run a raw statement with bound values (its raw query
 * has no prepared statement to bind; modules/rates/rates-admin.ts meets the same), and the
 * revenue module writes its rows from one bound JSON parameter each (`json_each`).
 */
const d1 = (db: Db) => (db as Db & { $client: D1Database }).$client;
const dialect = new SQLiteSyncDialect();

export type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

function prepared(db: Db, statement: Statement): D1PreparedStatement {
  const query = 'toSQL' in statement ? statement.toSQL() : dialect.sqlToQuery(statement);
  return d1(db)
    .prepare(query.sql)
    .bind(...query.params);
}

/** Runs the statements in one batch: all or none. Answers each statement's result. */
export function runBatch(db: Db, statements: Statement[]): Promise<D1Result[]> {
  return d1(db).batch(statements.map((s) => prepared(db, s)));
}
