import { sql, type SQL } from 'drizzle-orm';
import { BOOKS_ON_HAND_NIGHTS } from '@shared/books-on-hand';

/**
 * The books on hand's invariants, for the nightly integrity check (modules/operations), each an
 * aggregate query answering only the rows that break it (at most `perCheck`). They hold the
 * latest close's stored books to what that close counted in the same transaction: the rows
 * cannot be recounted from the bookings later (the bookings change), so each close also stored
 * every night's rooms and revenue counted without the grouping (books_on_hand_nights). The check
 * runs each night after the close, so every close is checked once while it is the latest; older
 * closes are not read again (their rows never change: nothing but the close writes them).
 */

const LATEST = sql`(select max(close_date) from books_on_hand_nights)`;

export function booksOnHandIntegrityChecks(perCheck: number): { name: string; query: SQL }[] {
  return [
    {
      // Each night of the latest close: its rows (by room type, segment, source and company) add
      // up to the rooms and revenue the close counted for that night.
      name: 'books_on_hand_night_not_rows',
      query: sql`
        select n.close_date as closeDate, n.night as night, n.rooms as rooms, n.revenue_baisa as revenue,
          coalesce(r.rooms, 0) as rowRooms, coalesce(r.revenue, 0) as rowRevenue
        from books_on_hand_nights n left join (
          select night, sum(definite_rooms + tentative_rooms + pending_rooms) as rooms,
            sum(definite_revenue_baisa + tentative_revenue_baisa + pending_revenue_baisa) as revenue
          from books_on_hand where close_date = ${LATEST} group by night
        ) r on r.night = n.night
        where n.close_date = ${LATEST}
          and (n.rooms <> coalesce(r.rooms, 0) or n.revenue_baisa <> coalesce(r.revenue, 0))
        limit ${perCheck}`,
    },
    {
      // The latest close counted each of the nights after its date, and has no row outside them.
      name: 'books_on_hand_nights_incomplete',
      query: sql`
        select close_date as closeDate, count(*) as nights, min(night) as first, max(night) as last,
          (select count(*) from books_on_hand b where b.close_date = n.close_date
            and (b.night < date(n.close_date, '+1 day')
              or b.night > date(n.close_date, '+${sql.raw(String(BOOKS_ON_HAND_NIGHTS))} days'))) as outside
        from books_on_hand_nights n where close_date = ${LATEST}
        group by close_date
        having count(*) <> ${BOOKS_ON_HAND_NIGHTS} or min(night) <> date(close_date, '+1 day')
          or max(night) <> date(close_date, '+${sql.raw(String(BOOKS_ON_HAND_NIGHTS))} days') or outside > 0
        limit ${perCheck}`,
    },
    {
      // Every day closed since the first close that stored its books stored them too (the close
      // writes them in its own batch: a closed day without them is a close that lost a part).
      name: 'day_closed_without_books',
      query: sql`
        select d.date as date from day_closes d
        where d.date > (select min(close_date) from books_on_hand_nights)
          and not exists (select 1 from books_on_hand_nights n where n.close_date = d.date)
        limit ${perCheck}`,
    },
  ];
}
