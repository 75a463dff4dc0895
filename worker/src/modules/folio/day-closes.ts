import { sql, type SQL } from 'drizzle-orm';
import { insertWhere } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import { dayReportSql } from './day-report';
import type { FolioStatement } from './line-statements';
import { dayCloses } from './tables';

/**
 * The closed business dates (decision 069) as the day close (modules/day-close) reads and writes
 * them. The rows are the folio's: once a date's row exists the database refuses any folio line or
 * company payment dated that day, and the open business date is the day after the last one
 * (`lastClosedDateQuery`, `businessDateOf`).
 */

/**
 * The row that closes `date`, with its report (`dayReportSql`: the database computes it from the
 * lines as they are at that point of the batch, the nights posted before it included), inserted
 * only if the date is still open and `last` is still the latest closed date (days close in
 * order), so it belongs last in the close's one batch.
 *
 * @example
 * const [closed] = await lastClosedDateQuery(db);
 * await db.batch([...roomNights,
 *   dayCloseStatement(db, { date, closedAt, closedBy: actor?.id ?? null, last: closed?.date ?? null }),
 *   insertWhere(db, auditLog, entry, dayClosedAtSql(date, closedAt))]);
 */
export function dayCloseStatement(
  db: Db,
  close: { date: string; closedAt: number; closedBy: number | null; last: string | null },
): FolioStatement {
  const { date, last } = close;
  const inOrder = sql`not exists (select 1 from ${dayCloses} where ${dayCloses.date} >= ${date})
    and (${last} is null or exists (select 1 from ${dayCloses} where ${dayCloses.date} = ${last}))`;
  return insertWhere(
    db,
    dayCloses,
    { date, report: dayReportSql(date), closedAt: new Date(close.closedAt), closedBy: close.closedBy },
    inOrder,
  );
}

/**
 * Whether `date` was closed at `closedAt` (by the batch that gave it that instant), as an SQL
 * condition.
 *
 * @example
 * insertWhere(db, auditLog, entry, dayClosedAtSql('2026-03-10', closedAt))
 */
export const dayClosedAtSql = (date: string, closedAt: number): SQL =>
  sql`exists (select 1 from day_closes where date = ${date} and closed_at = ${closedAt})`;

/**
 * The closed business dates from `from` to `to` (both counted), oldest first, along the closed days'
 * key (a month's worth at most: the accountant's journal's days, decision 100).
 *
 * @example
 * const closed = new Set((await closedDatesQuery(db, '2026-03-01', '2026-03-31')).map((r) => r.date));
 */
export function closedDatesQuery(db: Db, from: string, to: string) {
  return db
    .select({ date: dayCloses.date })
    .from(dayCloses)
    .where(sql`${dayCloses.date} between ${from} and ${to}`)
    .orderBy(dayCloses.date);
}
