import { sql } from 'drizzle-orm';
import { BOOKING_REFERENCE_ALPHABET } from '@shared/booking-reference';
import { addDays, hotelToday } from '@shared/dates';
import type { Db } from '../platform/env';

/**
 * Whether `npm start`'s closed month (closed-month.ts) is due, on its own (no module of the worker
 * loads with it: scripts/closed-month-local.ts asks it from Node before it bundles anything).
 */

/** The month before `today`: its first and last dates. */
export function monthBefore(today: string) {
  const first = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
  return { first, last: addDays(`${today.slice(0, 7)}-01`, -1), month: first.slice(0, 7) };
}

/** A seeded stay's reference: 'J', the month in three letters, 'M', the stay's two. */
export function reference(month: string, index: number) {
  const a = BOOKING_REFERENCE_ALPHABET;
  const [y, m] = month.split('-').map(Number) as [number, number];
  let n = y * 12 + m;
  let code = '';
  for (let i = 0; i < 3; i++) {
    code = a[n % a.length]! + code;
    n = Math.floor(n / a.length);
  }
  return `J${code}M${a[index % a.length]!}${a[(index + 7) % a.length]!}`;
}

/**
 * Whether the month before `today` is to be seeded: no day after the month before it is closed,
 * and its first stay is not there (two reads).
 *
 * @example if (await closedMonthDue(db)) await seedClosedMonth(db, workerSeeding());
 */
export async function closedMonthDue(db: Db, today = hotelToday()): Promise<boolean> {
  const { first, month } = monthBefore(today);
  const closed = await db.get<{ date: string | null }>(sql`select max(date) as date from day_closes`);
  const lastClosed = closed?.date ?? null;
  if (lastClosed !== null && lastClosed !== addDays(first, -1)) return false;
  const done = await db.get<{ id: number }>(
    sql`select id from booking_submissions where reference = ${reference(month, 0)}`,
  );
  return !done;
}
