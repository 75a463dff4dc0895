import { eq, sql, type SQL } from 'drizzle-orm';
import { insertWhere } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import { users } from '../../platform/tables';
import type { FolioStatement } from './line-statements';
import { dayCloses } from './tables';

/**
 * The closed business dates (decision 069) as the day close (modules/day-close) reads and writes
 * them. The rows are the folio's: once a date's row exists the database refuses any folio line or
 * company payment dated that day, and the open business date is the day after the last one
 * (`lastClosedDateQuery`, `businessDateOf`).
 */

/**
 * The stored close of `date` with its closer's e-mail (`closedBy`, null for the cron), or
 * undefined if the day is open (one read along its key).
 *
 * @example
 * const stored = await storedDayClose(db, '2026-03-10');
 * if (stored) return JSON.parse(stored.report as string);
 */
export async function storedDayClose(db: Db, date: string) {
  return db
    .select({ report: dayCloses.report, closedAt: dayCloses.closedAt, closedBy: users.email })
    .from(dayCloses)
    .leftJoin(users, eq(users.id, dayCloses.closedBy))
    .where(eq(dayCloses.date, date))
    .get();
}

/**
 * The latest closed date, or null before the first close (one read).
 *
 * @example
 * const last = await lastClosedDate(db); // '2026-03-09'
 */
export async function lastClosedDate(db: Db): Promise<string | null> {
  const row = await db
    .select({ date: sql<string | null>`max(${dayCloses.date})` })
    .from(dayCloses)
    .get();
  return row?.date ?? null;
}

/**
 * The row that closes `date`, with `report` (an SQL expression the database computes from the
 * lines as they are at that point of the batch), inserted only if the date is still open and
 * `last` is still the latest closed date (days close in order), so it belongs last in the close's
 * one batch.
 *
 * @example
 * await db.batch([...roomNights,
 *   dayCloseStatement(db, { date, report: reportJson(date), closedAt, closedBy: actor?.id ?? null, last }),
 *   insertWhere(db, auditLog, entry, dayClosedAtSql(date, closedAt))]);
 */
export function dayCloseStatement(
  db: Db,
  close: { date: string; report: SQL; closedAt: number; closedBy: number | null; last: string | null },
): FolioStatement {
  const { date, last } = close;
  const inOrder = sql`not exists (select 1 from ${dayCloses} where ${dayCloses.date} >= ${date})
    and (${last} is null or exists (select 1 from ${dayCloses} where ${dayCloses.date} = ${last}))`;
  return insertWhere(
    db,
    dayCloses,
    { date, report: close.report, closedAt: new Date(close.closedAt), closedBy: close.closedBy },
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
