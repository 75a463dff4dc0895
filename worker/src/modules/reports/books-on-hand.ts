import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { BOOKS_ON_HAND_NIGHTS } from '@shared/books-on-hand';
import { addDays } from '@shared/dates';
import { taxesInForce, type Tax } from '@shared/taxes';
import type { Db } from '../../platform/env';
import { dayClosedAtSql } from '../folio';
import { booksOnHand, booksOnHandNights } from './tables';

/**
 * The books on hand (docs/decisions/078-books-on-hand.md): what is on the books for each night,
 * by room type, segment, source and company, definite, tentative and pending apart; as the day
 * close stores it for the 365 nights after the closed date, and as the live reports read it now.
 *
 * - A booked night is a row of booking_nights (a pending, approved or confirmed booking holds
 *   one per night): definite for an approved or confirmed booking, pending for a request the
 *   hotel has not answered (never "tentative": that is a group's word); its revenue is the night's price as the folio will post it (its nightly price, or
 *   its total spread evenly, nothing for a free night on points) without the taxes in force on
 *   that night.
 * - An unpicked hold of a group block (held less its members' nights) counts as the block is:
 *   definite or tentative; segment and source 'group', the block's company; no revenue (the
 *   block's plan price is not kept per night).
 * Read along booking_nights' (room_type, night) index and group_block_nights' (room_type, night)
 * index, one range per room type: rows in proportion to the nights ahead, never to history.
 */

/** What a booking's night is priced without taxes: whether prices include them, and the taxes. */
export type NetRule = { pricesIncludeTaxes: boolean; taxes: readonly Tax[] };

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/**
 * Each room tax in force on `date` as a reduced fraction of a price that includes the taxes (the
 * folio's `splitLine`: tax i = price x c_i / (1 + sum c), c_i its rate, on the taxes before it
 * when it is charged on them).
 */
function taxFractions(taxes: readonly Tax[], date: string): { n: bigint; d: bigint }[] {
  const inForce = taxesInForce(taxes, 'room', date);
  const coefficients: { n: bigint; d: bigint }[] = [];
  let earlier = { n: 0n, d: 1n };
  for (const tax of inForce) {
    const base = tax.onEarlierTaxes ? { n: earlier.d + earlier.n, d: earlier.d } : { n: 1n, d: 1n };
    const c = { n: base.n * BigInt(tax.rateBp), d: base.d * 10_000n };
    coefficients.push(c);
    earlier = { n: earlier.n * c.d + c.n * earlier.d, d: earlier.d * c.d };
  }
  const whole = { n: earlier.d + earlier.n, d: earlier.d };
  return coefficients.map((c) => {
    const n = c.n * whole.d;
    const d = c.d * whole.n;
    const g = gcd(n, d);
    return { n: n / g, d: d / g };
  });
}

/**
 * The net of `price` (an SQL integer, >= 0) for the night `night` (an SQL date): the price less
 * each tax in force that night, each rounded half up as the folio rounds it; the price itself
 * when prices exclude the taxes. The nights `from`..`to` may span a new rate: one branch per rate.
 */
export function netRoomPriceSql(price: SQL, night: SQL, rule: NetRule, from: string, to: string): SQL {
  // Integer arithmetic throughout (a bound number arrives as a real).
  const whole = sql`cast(${price} as integer)`;
  if (!rule.pricesIncludeTaxes) return whole;
  const starts = [
    from,
    ...[...new Set(rule.taxes.map((t) => t.effectiveFrom))].filter((d) => d > from && d <= to).sort(),
  ];
  const net = (date: string) => {
    const taxes = taxFractions(rule.taxes, date).map(
      ({ n, d }) =>
        sql`((2 * ${whole} * ${sql.raw(String(n))} + ${sql.raw(String(d))}) / ${sql.raw(String(2n * d))})`,
    );
    return taxes.length ? sql`(${whole} - ${sql.join(taxes, sql` - `)})` : whole;
  };
  if (starts.length === 1) return net(from);
  const branches = starts.slice(1).map((start, i) => sql`when ${night} < ${start} then ${net(starts[i]!)}`);
  return sql`(case ${sql.join(branches, sql` `)} else ${net(starts[starts.length - 1]!)} end)`;
}

/** The price of booking `b`'s night `bn.night`, as the folio's `stayNightPrices` has it. */
const NIGHT_PRICE = sql`(case
  when b.is_points_booking then 0
  when json_valid(b.night_prices) and json_array_length(b.night_prices)
      = cast(julianday(b.check_out_date) - julianday(b.check_in_date) as integer)
    then coalesce(json_extract(b.night_prices,
      '$[' || cast(julianday(bn.night) - julianday(b.check_in_date) as integer) || ']'), 0)
  when b.total_price > 0 then
    b.total_price / cast(julianday(b.check_out_date) - julianday(b.check_in_date) as integer)
    + (cast(julianday(bn.night) - julianday(b.check_in_date) as integer)
      < b.total_price % cast(julianday(b.check_out_date) - julianday(b.check_in_date) as integer))
  else 0 end)`;

/** A booking's segment, as staff set it or as its kind implies (a booking from before segments). */
const SEGMENT = sql`coalesce(b.segment, case when b.group_id is not null then 'group'
  when b.channel_booking_id is not null then 'ota' when b.company_id is not null then 'corporate'
  else 'leisure' end)`;

/**
 * Every booked night and unpicked hold of the nights `from`..`to` (both included), one row each:
 * night, room_type, segment, source, company_id (0: none), kind ('definite', 'tentative': a
 * tentative block's hold, 'pending': a request), rooms, revenue.
 */
function countedSql(from: string, to: string, rule: NetRule): SQL {
  const price = NIGHT_PRICE;
  return sql`
    select bn.night as night, bn.room_type as room_type, ${SEGMENT} as segment,
      coalesce(b.source, 'website') as source, coalesce(b.company_id, 0) as company_id,
      (case when b.status = 'pending' then 'pending' else 'definite' end) as kind, 1 as rooms,
      ${netRoomPriceSql(sql`${price}`, sql`bn.night`, rule, from, to)} as revenue
    from booking_nights bn join booking_submissions b on b.id = bn.booking_id
    where bn.room_type in (select room_type from room_inventory) and bn.night >= ${from} and bn.night <= ${to}
      and +b.status in ('pending', 'approved', 'confirmed')
    union all
    select night, room_type, 'group', 'group', company_id, kind, rooms, 0 from (
      select g.night as night, g.room_type as room_type, coalesce(gb.company_id, 0) as company_id,
        (case when gb.status = 'definite' then 'definite' else 'tentative' end) as kind,
        g.held - (select count(*) from booking_nights p
          where p.group_id = g.group_id and p.room_type = g.room_type and p.night = g.night) as rooms
      from group_block_nights g join group_blocks gb on gb.id = g.group_id
      where g.room_type in (select room_type from room_inventory) and g.night >= ${from} and g.night <= ${to}
        and gb.status in ('tentative', 'definite') and gb.released_at is null and gb.cancelled_at is null
    ) where rooms > 0`;
}

/**
 * The books of the nights `from`..`to` grouped by night, room type, segment, source and company:
 * the rows a close stores (its columns in books_on_hand's order), and what the live reports
 * group further.
 */
export function booksSql(from: string, to: string, rule: NetRule): SQL {
  const of = (kind: string, value: string) =>
    sql.raw(`sum(case when kind = '${kind}' then ${value} else 0 end)`);
  return sql`
    select night, room_type, segment, source, company_id,
      ${of('definite', 'rooms')} as definite_rooms,
      ${of('definite', 'revenue')} as definite_revenue_baisa,
      ${of('tentative', 'rooms')} as tentative_rooms,
      ${of('tentative', 'revenue')} as tentative_revenue_baisa,
      ${of('pending', 'rooms')} as pending_rooms,
      ${of('pending', 'revenue')} as pending_revenue_baisa
    from (${countedSql(from, to, rule)})
    group by night, room_type, segment, source, company_id`;
}

/**
 * The statements that store the books on hand as the close of `date` finds them, for the close's
 * own batch, after the row that closes the day: they write only if that row is this close's
 * (`closedAt`), so closing twice stores nothing twice (and the primary keys refuse a second
 * copy). Two statements over the same nights in the same transaction: the rows by night, room
 * type, segment, source and company; and every night's rooms and revenue (0 for an empty night)
 * counted apart, without the grouping, which the integrity check holds the rows to; a close has
 * BOOKS_ON_HAND_NIGHTS of those, so a stored close is known by them.
 */
export function booksOnHandStatements(
  db: Db,
  close: { date: string; closedAt: number; settings: NetRule },
): BatchItem<'sqlite'>[] {
  const from = addDays(close.date, 1);
  const to = addDays(close.date, BOOKS_ON_HAND_NIGHTS);
  const ours = dayClosedAtSql(close.date, close.closedAt);
  return [
    db
      .insert(booksOnHand)
      .select(sql`select ${close.date}, * from (${booksSql(from, to, close.settings)}) where ${ours}`)
      .onConflictDoNothing(),
    db
      .insert(booksOnHandNights)
      .select(
        sql`with recursive nights(night) as (
        select ${from} union all select date(night, '+1 day') from nights where night < ${to}
      ), counted as (
        select night, sum(rooms) as rooms, sum(revenue) as revenue
        from (${countedSql(from, to, close.settings)}) group by night
      )
      select ${close.date}, n.night, coalesce(c.rooms, 0), coalesce(c.revenue, 0)
      from nights n left join counted c on c.night = n.night
      where ${ours}`,
      )
      .onConflictDoNothing(),
  ];
}

/**
 * For the revenue forecast's curves (modules/revenue, docs/decisions/094): the definite rooms the
 * close of `closeDate` stored, per night and room type (along the primary key: one close's rows).
 */
export function storedRoomsByTypeQuery(db: Db, closeDate: string) {
  return db.all<{ night: string; roomType: string; rooms: number }>(
    sql`select night, room_type as roomType, sum(definite_rooms) as rooms from books_on_hand
      where close_date = ${closeDate} group by night, room_type`,
  );
}

/** Which of `dates` had their books stored by their close (one primary-key probe each). */
export function storedCloseDatesQuery(db: Db, dates: string[]) {
  return db.all<{ date: string }>(
    sql`select value as date from json_each(${JSON.stringify(dates)})
      where exists (select 1 from books_on_hand_nights where close_date = value and night = date(value, '+1 day'))`,
  );
}

/** The rooms each room type sold the night `closeDate` closed (the close's stored guest nights, by stay). */
export function stayedRoomsByTypeQuery(db: Db, closeDate: string) {
  return db.all<{ roomType: string; rooms: number }>(
    sql`select b.room_type as roomType, sum(g.rooms) as rooms from day_close_guest_nights g
      join booking_submissions b on b.id = g.booking_id where g.close_date = ${closeDate} group by b.room_type`,
  );
}

/** The definite rooms on the books now, per night `from`..`to` and room type (the live books' rows). */
export function liveRoomsByTypeQuery(db: Db, from: string, to: string) {
  const noTaxes: NetRule = { pricesIncludeTaxes: false, taxes: [] };
  return db.all<{ night: string; roomType: string; rooms: number }>(
    sql`select night, room_type as roomType, sum(rooms) as rooms from (${countedSql(from, to, noTaxes)})
      where kind = 'definite' group by night, room_type`,
  );
}

/** The first and last closes that stored their books (two seeks along the primary key). */
export function storedCloseRangeQuery(db: Db) {
  return db.get<{ first: string | null; last: string | null }>(
    sql`select (select min(close_date) from books_on_hand_nights) as first,
      (select max(close_date) from books_on_hand_nights) as last`,
  );
}
