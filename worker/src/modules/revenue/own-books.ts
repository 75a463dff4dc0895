import { eq, sql } from 'drizzle-orm';
import { addDays, hotelToday } from '@shared/dates';
import type { Db } from '../../platform/env';
import { revenueBookings } from '../bookings';
import {
  storedCloseDatesQuery,
  storedCloseRangeQuery,
  storedRoomsByTypeQuery,
  stayedRoomsByTypeQuery,
} from '../reports';
import { curveOfChanges, dayOf, withPoint, type Curve } from './booking-curves';
import { runBatch, type Statement } from './d1-batch';
import { revenueState } from './tables';

/**
 * The hotel's own books in the nights' curves (docs/decisions/094, "The hotel's own books"): as
 * each day close stored them (reports' books on hand: the definite rooms of the 365 nights after
 * the closed day, by room type; the rooms that stayed the closed night), folded in once each by the
 * minute cron after the close; before the first stored close, rebuilt once from the bookings'
 * dates (when each was made and cancelled). On the books as of a past day is then the close's own
 * figure where one was stored, and the rebuild where none was.
 */

/** Closes folded in one run (a hotel adopting the forecast with a year of closes catches up in minutes). */
const CLOSES_PER_RUN = 31;
const ROWS_PER_STATEMENT = 500;

type OwnRow = { night: string; roomType: string; own: Curve; ownFinal: number | null };

/** Statements writing nights' own curves and finals (the history's part untouched). */
function ownStatements(rows: OwnRow[]): Statement[] {
  const statements: Statement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const part = rows
      .slice(i, i + ROWS_PER_STATEMENT)
      .map((r) => [r.night, r.roomType, JSON.stringify(r.own), r.ownFinal]);
    statements.push(
      sql`insert into revenue_nights (night, room_type, own, own_final)
          select json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]')
          from json_each(${JSON.stringify(part)}) where true
          on conflict (night, room_type) do update set own = excluded.own, own_final = excluded.own_final`,
    );
  }
  return statements;
}

/**
 * The hotel's own books before `limit` (the first stored close; today when none), rebuilt from its
 * bookings' dates: each night's curve of the as-of days before `limit`, and the rooms that stayed
 * the nights before it. Read once: every booking, in the background.
 */
async function rebuildOwnBooks(db: Db, limit: string): Promise<OwnRow[]> {
  const bookings = await revenueBookings.bookingDatesQuery(db);
  const limitDay = dayOf(limit);
  const nights = new Map<
    string,
    Map<string, { changes: { lead: number; rooms: number }[]; final: number }>
  >();
  for (const b of bookings) {
    const made = dayOf(hotelToday(new Date(Number(b.createdAt))));
    if (made >= limitDay) continue;
    const cancelled = b.status === 'cancelled' ? dayOf(hotelToday(new Date(Number(b.updatedAt)))) : null;
    const stayed = b.status === 'completed' || (Boolean(Number(b.checkedIn)) && b.status !== 'cancelled');
    for (let night = b.checkIn; night < b.checkOut; night = addDays(night, 1)) {
      const day = dayOf(night);
      let types = nights.get(night);
      if (!types) nights.set(night, (types = new Map()));
      let entry = types.get(b.roomType);
      if (!entry) types.set(b.roomType, (entry = { changes: [], final: 0 }));
      entry.changes.push({ lead: day - made, rooms: 1 });
      if (cancelled !== null && cancelled < limitDay)
        entry.changes.push({ lead: day - cancelled, rooms: -1 });
      if (stayed && day < limitDay) entry.final += 1;
    }
  }
  const rows: OwnRow[] = [];
  for (const [night, types] of nights) {
    for (const [roomType, e] of types) {
      rows.push({
        night,
        roomType,
        own: curveOfChanges(e.changes),
        ownFinal: dayOf(night) < limitDay ? e.final : null,
      });
    }
  }
  return rows;
}

/** The books one stored close adds to the curves: a point per night ahead and type, the closed night's final. */
async function foldClose(db: Db, date: string): Promise<OwnRow[]> {
  const last = addDays(date, 365);
  const [stored, stayed, current] = await Promise.all([
    storedRoomsByTypeQuery(db, date),
    stayedRoomsByTypeQuery(db, date),
    db.all<{ night: string; roomType: string; own: string; ownFinal: number | null }>(
      sql`select night, room_type as roomType, own, own_final as ownFinal from revenue_nights
        where night >= ${date} and night <= ${last}`,
    ),
  ]);
  const closeDay = dayOf(date);
  const rows = new Map<string, OwnRow>();
  const key = (night: string, type: string) => `${night}|${type}`;
  for (const r of current) {
    rows.set(key(r.night, r.roomType), {
      night: r.night,
      roomType: r.roomType,
      own: JSON.parse(r.own) as Curve,
      ownFinal: r.ownFinal === null ? null : Number(r.ownFinal),
    });
  }
  const changed = new Map<string, OwnRow>();
  const storedRooms = new Map(stored.map((s) => [key(s.night, s.roomType), Number(s.rooms)]));
  // Every night ahead and type either stored now or with rooms on the books before.
  const keys = new Set([...storedRooms.keys(), ...[...rows.keys()].filter((k) => !k.startsWith(`${date}|`))]);
  for (const k of keys) {
    const [night, roomType] = k.split('|') as [string, string];
    const row = rows.get(k) ?? { night, roomType, own: [], ownFinal: null };
    const own = withPoint(row.own, dayOf(night) - closeDay, storedRooms.get(k) ?? 0);
    if (JSON.stringify(own) !== JSON.stringify(row.own)) changed.set(k, { ...row, own });
  }
  // The closed night: what each type sold (0 for a type with books and no stay).
  const sold = new Map(stayed.map((s) => [s.roomType, Number(s.rooms)]));
  const typesOfNight = new Set([
    ...sold.keys(),
    ...[...rows.values()].filter((r) => r.night === date).map((r) => r.roomType),
  ]);
  for (const roomType of typesOfNight) {
    const k = key(date, roomType);
    const row = changed.get(k) ?? rows.get(k) ?? { night: date, roomType, own: [], ownFinal: null };
    changed.set(k, { ...row, ownFinal: sold.get(roomType) ?? 0 });
  }
  return [...changed.values()];
}

/**
 * The minute cron's work on the hotel's own books: the rebuild before the first stored close
 * (once), then each stored close not folded yet, oldest first (at most CLOSES_PER_RUN a run),
 * each in one batch with the state that says how far the fold went.
 */
export async function foldOwnBooks(
  db: Db,
  now = new Date(),
): Promise<{ rebuilt: boolean; folded: string[] }> {
  const [state] = await db.select().from(revenueState).where(eq(revenueState.id, 1));
  const range = await storedCloseRangeQuery(db);
  let rebuilt = false;
  if (!state?.ownRebuilt) {
    const rows = await rebuildOwnBooks(db, range?.first ?? hotelToday(now));
    await runBatch(db, [
      ...ownStatements(rows),
      db
        .update(revenueState)
        .set({ ownRebuilt: true, ownFoldedThrough: null, updatedAt: new Date() })
        .where(eq(revenueState.id, 1)),
    ]);
    rebuilt = true;
  }
  const folded: string[] = [];
  if (!range?.first || !range.last) return { rebuilt, folded };
  const through = rebuilt ? null : (state?.ownFoldedThrough ?? null);
  const from = through ? addDays(through, 1) : range.first;
  const dates: string[] = [];
  for (let d = from; d <= range.last && dates.length < CLOSES_PER_RUN; d = addDays(d, 1)) dates.push(d);
  if (dates.length === 0) return { rebuilt, folded };
  const stored = new Set((await storedCloseDatesQuery(db, dates)).map((r) => r.date));
  for (const date of dates) {
    const rows = stored.has(date) ? await foldClose(db, date) : [];
    await runBatch(db, [
      ...ownStatements(rows),
      db
        .update(revenueState)
        .set({ ownFoldedThrough: date, updatedAt: new Date() })
        .where(eq(revenueState.id, 1)),
    ]);
    if (stored.has(date)) folded.push(date);
  }
  return { rebuilt, folded };
}
