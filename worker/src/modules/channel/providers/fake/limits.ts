import { sql } from 'drizzle-orm';
import type { Db } from '../../../../platform/env';
import { FAKE_CHANNEX } from './constants';

/**
 * The fake's limits and faults. Channex answers 429 past 10 availability and 10 restrictions
 * calls a minute per property; the fake counts the calls of the last 60 seconds. A test may ask the fake to fail its next
 * calls (`POST /api/dev/channel/faults`): each call of the API takes one fault, whatever it is.
 */

const WINDOW_MS = 60_000;

/**
 * Takes a place for one call of `kind` in the rolling minute. Answers null when taken, or the
 * seconds until a place frees when the minute is full (the call is then not counted).
 */
export async function takeCallPlace(
  db: Db,
  kind: 'availability' | 'restrictions',
  now = Date.now(),
): Promise<number | null> {
  const since = now - WINDOW_MS;
  await db.run(sql`delete from fake_channex_calls where at <= ${since}`);
  // One statement: two calls at once cannot both take the last place.
  const taken = await db.all<{ id: number }>(sql`insert into fake_channex_calls (kind, at)
    select ${kind}, ${now}
    where (select count(*) from fake_channex_calls where kind = ${kind} and at > ${since}) < ${FAKE_CHANNEX.callsPerMinute}
    returning id`);
  if (taken.length > 0) return null;
  const oldest = await db.get<{ at: number | null }>(
    sql`select min(at) as at from fake_channex_calls where kind = ${kind} and at > ${since}`,
  );
  return Math.max(1, Math.ceil(((oldest?.at ?? now) + WINDOW_MS - now) / 1000));
}

/** Takes one of the faults a test asked for: the status to answer, or null when none is left. */
export async function takeFault(db: Db): Promise<number | null> {
  const rows = await db.all<{ status: number }>(sql`update fake_channex_faults
    set remaining = remaining - 1 where id = 1 and remaining > 0 returning status`);
  return rows[0]?.status ?? null;
}

/** The next `count` calls answer `status` (0 clears the faults). */
export async function setFaults(db: Db, status: number, count: number): Promise<void> {
  await db.run(sql`insert into fake_channex_faults (id, status, remaining) values (1, ${status}, ${count})
    on conflict (id) do update set status = excluded.status, remaining = excluded.remaining`);
}

/**
 * Takes one of the warnings a test asked for (`POST /api/dev/channel/faults` `{warnings: n}`):
 * true when this push must have a value ignored and warned, as Channex answers a push it takes in
 * part. Only pushes take them.
 */
export async function takeWarning(db: Db): Promise<boolean> {
  const rows = await db.all<{ id: number }>(sql`update fake_channex_faults
    set warnings = warnings - 1 where id = 1 and warnings > 0 returning id`);
  return rows.length > 0;
}

/** The next `count` pushes each have a value ignored with a warning (0 clears them). */
export async function setWarnings(db: Db, count: number): Promise<void> {
  await db.run(sql`insert into fake_channex_faults (id, status, remaining, warnings) values (1, 500, 0, ${count})
    on conflict (id) do update set warnings = excluded.warnings`);
}
