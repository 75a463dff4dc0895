import { sql, type SQL } from 'drizzle-orm';
import type { OnTheBooksKey, OnTheBooksReport, PaceReport, PickupReport } from '@shared/books-on-hand';
import { addDays } from '@shared/dates';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { companyNamesQuery } from '../companies';
import { businessDateQuery, readTaxSettings } from '../folio';
import { outOfOrderPeriodsQuery, roomsAllottedSql } from '../inventory';
import { booksSql } from './books-on-hand';

/**
 * The reports on the books on hand (docs/decisions/078-books-on-hand.md): on the books ahead,
 * pickup between two closes, pace against the same date a year before. Each reads the books of
 * the nights it shows: live, grouped from booking_nights and the blocks' holds of those nights;
 * or stored, along books_on_hand's primary key (the close, then the night). Never the history.
 */

/** Which books a report reads: now (live), or as the close of `closeDate` stored them. */
type Books = { live: true } | { live: false; closeDate: string };

const KEY_COLUMN: Record<OnTheBooksKey, string> = {
  roomType: 'room_type',
  segment: 'segment',
  source: 'source',
  company: 'company_id',
};

/** Whether the close of `date` stored its books (every close stores its nights' totals). */
async function storedClose(db: Db, date: string): Promise<boolean> {
  const row = await db.get<{ found: number } | undefined>(
    sql`select 1 as found from books_on_hand_nights where close_date = ${date} limit 1`,
  );
  return row !== undefined && row !== null;
}

/**
 * The books `asOf` names: none, or the open business date or later, reads them live; an earlier
 * date, as its close stored them (404 `books_not_stored`: that day was not closed with them).
 */
async function booksAsOf(db: Db, asOf: string | undefined, businessDate: string): Promise<Books> {
  if (asOf === undefined || asOf >= businessDate) return { live: true };
  if (!(await storedClose(db, asOf))) throw new ApiError(404, 'books_not_stored');
  return { live: false, closeDate: asOf };
}

/** The grouped rows of the books of `from`..`to`: live (computed) or stored (one close's rows). */
async function booksRows(db: Db, books: Books, from: string, to: string): Promise<SQL> {
  if (books.live) return booksSql(from, to, await readTaxSettings(db));
  return sql`select night, room_type, segment, source, company_id, definite_rooms, definite_revenue_baisa,
      tentative_rooms, tentative_revenue_baisa, pending_rooms, pending_revenue_baisa
    from books_on_hand where close_date = ${books.closeDate} and night >= ${from} and night <= ${to}`;
}

/** Each night's definite rooms and revenue, `from`..`to` (nights with none absent). */
async function nightTotals(db: Db, books: Books, from: string, to: string) {
  const rows = await db.all<{ night: string; rooms: number; revenue: number }>(
    sql`select night, sum(definite_rooms) as rooms, sum(definite_revenue_baisa) as revenue
      from (${await booksRows(db, books, from, to)}) group by night`,
  );
  return new Map(rows.map((r) => [r.night, { rooms: Number(r.rooms), revenue: Number(r.revenue) }]));
}

/** The nights `from`..`to`, both included. */
function nightsOf(from: string, to: string): string[] {
  const nights: string[] = [];
  for (let night = from; night <= to; night = addDays(night, 1)) nights.push(night);
  return nights;
}

/**
 * The hotel's rooms for sale each night `from`..`to`: the allotment less the rooms out of order
 * that night (as the day close counts them); the allotment as it is now.
 */
async function roomsForSale(db: Db, from: string, to: string): Promise<Map<string, number>> {
  const [total, blocks] = await Promise.all([
    db.get<{ rooms: number }>(sql`select ${roomsAllottedSql()} as rooms`),
    outOfOrderPeriodsQuery(db, from, to),
  ]);
  return new Map(
    nightsOf(from, to).map((night) => [
      night,
      Number(total.rooms) - blocks.filter((b) => b.from <= night && b.to > night).length,
    ]),
  );
}

/**
 * GET /api/admin/reports/on-the-books: per night and key (room type, segment, source or
 * company), the definite rooms and net revenue on the books and their share of the night's rooms
 * for sale, the tentative blocks' holds and the pending requests apart; rows only for the nights
 * and keys with something on the books, and every night of the window with its rooms for sale.
 */
export async function onTheBooksReport(
  db: Db,
  q: { from: string; to: string; by: OnTheBooksKey; asOf?: string },
): Promise<OnTheBooksReport> {
  const books = await booksAsOf(db, q.asOf, await businessDateQuery(db));
  const key = sql.raw(KEY_COLUMN[q.by]);
  const [rows, forSale] = await Promise.all([
    db.all<{
      night: string;
      key: string | number;
      rooms: number;
      revenue: number;
      tRooms: number;
      tRevenue: number;
      pRooms: number;
      pRevenue: number;
    }>(
      sql`select night, ${key} as key, sum(definite_rooms) as rooms, sum(definite_revenue_baisa) as revenue,
          sum(tentative_rooms) as tRooms, sum(tentative_revenue_baisa) as tRevenue,
          sum(pending_rooms) as pRooms, sum(pending_revenue_baisa) as pRevenue
        from (${await booksRows(db, books, q.from, q.to)})
        group by night, ${key} order by night, ${key}`,
    ),
    roomsForSale(db, q.from, q.to),
  ]);
  const names =
    q.by === 'company'
      ? await companyNames(
          db,
          rows.map((r) => Number(r.key)),
        )
      : null;
  return {
    asOf: books.live ? null : books.closeDate,
    live: books.live,
    by: q.by,
    nights: [...forSale].map(([date, roomsForSale]) => ({ date, roomsForSale })),
    rows: rows.map((r) => {
      const rooms = Number(r.rooms);
      const sale = forSale.get(r.night) ?? 0;
      const key = q.by === 'company' ? (Number(r.key) === 0 ? '' : String(r.key)) : String(r.key);
      return {
        date: r.night,
        key,
        label: names ? (names.get(Number(r.key)) ?? '') : key,
        rooms,
        revenueBaisa: Number(r.revenue),
        occupancy: sale > 0 ? rooms / sale : null,
        tentativeRooms: Number(r.tRooms),
        tentativeRevenueBaisa: Number(r.tRevenue),
        pendingRooms: Number(r.pRooms),
        pendingRevenueBaisa: Number(r.pRevenue),
      };
    }),
  };
}

/** The companies' names by id (the few the report shows). */
const companyNames = companyNamesQuery;

/**
 * GET /api/admin/reports/pickup: per night `from`..`to`, the definite rooms and net revenue at
 * `asOf` (today or later: now) less those the close of `compareTo` stored.
 */
export async function pickupReport(
  db: Db,
  q: { from: string; to: string; asOf: string; compareTo: string },
): Promise<PickupReport> {
  const businessDate = await businessDateQuery(db);
  const books = await booksAsOf(db, q.asOf, businessDate);
  const compare = await booksAsOf(db, q.compareTo, businessDate);
  if (compare.live) throw new ApiError(404, 'books_not_stored');
  const [now, then] = await Promise.all([
    nightTotals(db, books, q.from, q.to),
    nightTotals(db, compare, q.from, q.to),
  ]);
  return {
    asOf: q.asOf,
    live: books.live,
    compareTo: q.compareTo,
    rows: nightsOf(q.from, q.to).map((date) => {
      const a = now.get(date) ?? { rooms: 0, revenue: 0 };
      const b = then.get(date) ?? { rooms: 0, revenue: 0 };
      return {
        date,
        rooms: a.rooms,
        compareRooms: b.rooms,
        pickupRooms: a.rooms - b.rooms,
        revenueBaisa: a.revenue,
        compareRevenueBaisa: b.revenue,
        pickupRevenueBaisa: a.revenue - b.revenue,
      };
    }),
  };
}

/** The same date a year before (29 February: the 28th). */
export function sameDateYearBefore(date: string): string {
  const year = String(Number(date.slice(0, 4)) - 1).padStart(4, '0');
  const monthDay = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
  return `${year}-${monthDay}`;
}

/**
 * GET /api/admin/reports/pace: per night `from`..`to`, the definite rooms and net revenue on the
 * books at `asOf` (default now: as the last close would have them) against the same night a year
 * before as the close of the same date a year before stored it (null when none was stored).
 */
export async function paceReport(
  db: Db,
  q: { from: string; to: string; asOf?: string },
): Promise<PaceReport> {
  const businessDate = await businessDateQuery(db);
  const books = await booksAsOf(db, q.asOf, businessDate);
  const asOf = books.live ? addDays(businessDate, -1) : books.closeDate;
  const lastYearAsOf = sameDateYearBefore(asOf);
  const lastYearStored = await storedClose(db, lastYearAsOf);
  const lastFrom = sameDateYearBefore(q.from);
  const lastTo = sameDateYearBefore(q.to);
  const [now, then] = await Promise.all([
    nightTotals(db, books, q.from, q.to),
    lastYearStored
      ? nightTotals(db, { live: false, closeDate: lastYearAsOf }, lastFrom, lastTo)
      : Promise.resolve(null),
  ]);
  return {
    asOf,
    live: books.live,
    lastYearAsOf,
    lastYearStored,
    rows: nightsOf(q.from, q.to).map((date) => {
      const a = now.get(date) ?? { rooms: 0, revenue: 0 };
      const lastYearDate = sameDateYearBefore(date);
      const b = then ? (then.get(lastYearDate) ?? { rooms: 0, revenue: 0 }) : null;
      return {
        date,
        rooms: a.rooms,
        revenueBaisa: a.revenue,
        lastYearDate,
        lastYearRooms: b ? b.rooms : null,
        lastYearRevenueBaisa: b ? b.revenue : null,
      };
    }),
  };
}
