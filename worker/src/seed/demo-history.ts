import { sql } from 'drizzle-orm';
import { hotelToday } from '@shared/dates';
import type { Db } from '../platform/env';
import { queueHistoryFile } from '../modules/revenue';
import { generateHistory, historyCsv } from './revenue-history';

/**
 * `npm start`'s imported history (scripts/seed-local.ts --demo-day; never the tests' or the
 * journeys' database; docs/decisions/094): the demo hotel's four years of bookings before today and
 * its bookings for the year ahead, as its old system would export them today (about 40,000 lines,
 * three of them refused), put in R2 and queued as an upload is: the server's minute cron reads it
 * in the background once it runs, as it reads a manager's file, so the revenue screens show an
 * import going on and then its history. Once a day: a second start the same day finds today's
 * import and does nothing; the next day's export agrees with the day before's on all it knew, so
 * only the day's new bookings and cancellations change anything.
 */
export async function seedDemoHistory(
  db: Db,
  images: R2Bucket,
  now = new Date(),
): Promise<{ lines: number; skipped: boolean }> {
  const today = hotelToday(now);
  const fileName = `demo-history-${today}.csv`;
  const queued = await db.get<{ id: number }>(
    sql`select id from revenue_imports where file_name = ${fileName} and status <> 'failed'`,
  );
  if (queued) return { lines: 0, skipped: true };
  const lines = generateHistory({ asOf: today, seed: 7, faults: true });
  await queueHistoryFile(db, images, null, fileName, new TextEncoder().encode(historyCsv(lines)));
  return { lines: lines.length, skipped: false };
}
