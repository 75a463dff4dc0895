import { sql, type SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import type { BookingStatus, RoomType } from '../../../shared/src/constants';
import { addDays, hotelToday } from '../../../shared/src/dates';
import {
  ACTIVE_STATUSES,
  BOOKING_SOURCES,
  HOTEL_UTC_OFFSET_HOURS,
  SOLD_STATUSES,
  STATISTICS_LIMITS,
  hotelDayStartMs,
  monthOf,
  nightsOf,
  kpisOf,
  statusCounts,
  yearOf,
  type BookingSource,
  type NightFigures,
} from '../../../shared/src/statistics';
import type { Db } from '../env';
import { isMessageCode, translate } from './messages';

/** 'restaurant' -> 'Restaurants' / 'المطاعم'; a name with no words stays as it is. */
const serviceTypeName = (name: string, language: 'ar' | 'en') =>
  isMessageCode(`service_type_${name}`) ? translate(`service_type_${name}`, language) : name;

/**
 * The statistics dashboard in one D1 round trip: a handful of aggregate queries in one
 * `db.batch()`; no booking or visit row reaches the worker except the two lists of five.
 * The definitions are shared/src/statistics.ts (and README "Statistics"); this file only
 * says them in SQL.
 */

/** The hotel day (YYYY-MM-DD) of a millisecond timestamp column. */
const hotelDayOf = (column: string) =>
  sql.raw(`date(${column} / 1000, 'unixepoch', '+${HOTEL_UTC_OFFSET_HOURS} hours')`);
const dialect = new SQLiteSyncDialect();
/** A raw aggregate query as a D1 statement, typed by the rows it answers (one batch reads them all). */
/** The D1 binding under drizzle (`drizzle(d1)` keeps it as `$client`; the metered one in the bench). */
const d1 = (db: Db) => (db as Db & { $client: D1Database }).$client;
function rows<T>(db: Db, query: SQL) {
  const q = dialect.sqlToQuery(query);
  return d1(db)
    .prepare(q.sql)
    .bind(...q.params) as D1PreparedStatement & { __row?: T };
}
type RowsOf<S> = S extends { __row?: infer T } ? T[] : never;

/** Runs the statements in one D1 batch (one round trip) and answers each one's rows. */
async function batchRows<const S extends readonly (D1PreparedStatement & { __row?: unknown })[]>(
  db: Db,
  statements: S,
): Promise<{ [K in keyof S]: RowsOf<S[K]> }> {
  const results = await d1(db).batch([...statements]);
  return results.map((r) => r.results) as { [K in keyof S]: RowsOf<S[K]> };
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const sold = list(SOLD_STATUSES);

/** The SQL twin of shared bookingSource(). */
const sourceCase = sql.raw(`case
  when is_points_booking = 1 or booking_type = 'free_night' then 'points'
  when booking_type = 'chat_assistant' then 'assistant'
  when created_by_staff_id is not null then 'desk'
  when booking_type = 'quick_management' then 'quick'
  else 'guest_form' end`);

/**
 * Sold room-nights and room revenue per night from `from` to `to` (inclusive): each sold
 * booking overlapping the window is walked night by night (a recursive CTE; a stay is at
 * most 30 nights), each night carrying total / nights (0 for points), then grouped by night.
 * Uses booking_submissions_stay_idx (status, check_out_date, check_in_date).
 */
function nightlyQuery(db: Db, from: string, to: string) {
  const end = addDays(to, 1);
  return rows<NightFigures>(
    db,
    sql`
    with recursive stay(night, check_out, rate) as (
      select max(check_in_date, ${from}), min(check_out_date, ${end}),
        case when is_points_booking = 1 or total_price is null then 0
          else total_price / cast(julianday(check_out_date) - julianday(check_in_date) as integer) end
      from booking_submissions
      where status in (${sold}) and check_out_date > ${from} and check_in_date < ${end}
      union all
      select date(night, '+1 day'), check_out, rate from stay where date(night, '+1 day') < check_out
    )
    select night, count(*) as roomNights, sum(rate) as revenue from stay group by night`,
  );
}

type Period = { from: string; to: string };
type PeriodTotals = { soldRoomNights: number; roomRevenue: number };

/**
 * Sold room-nights and room revenue of several periods in one pass, without walking nights:
 * a sold booking's nights inside a period are the overlap of [check-in, check-out) with
 * [from, to + 1), each carrying total / nights (the same rule as the nightly walk).
 */
function periodsQuery<K extends string>(db: Db, periods: Record<K, Period>) {
  const entries = Object.entries(periods) as [K, Period][];
  const windowFrom = entries.map(([, p]) => p.from).sort()[0]!;
  const windowEnd = addDays(
    entries
      .map(([, p]) => p.to)
      .sort()
      .at(-1)!,
    1,
  );
  const columns = entries.map(([, p], i) => {
    const overlap = sql`max(0, min(co, julianday(${addDays(p.to, 1)})) - max(ci, julianday(${p.from})))`;
    return sql`cast(total(${overlap}) as integer) as ${sql.raw(`n${i}`)},
      cast(total(rate * ${overlap}) as integer) as ${sql.raw(`r${i}`)}`;
  });
  return {
    statement: rows<Record<string, number>>(
      db,
      sql`
      with sold as (
        select julianday(check_in_date) as ci, julianday(check_out_date) as co,
          case when is_points_booking = 1 or total_price is null then 0
            else total_price / cast(julianday(check_out_date) - julianday(check_in_date) as integer) end as rate
        from booking_submissions
        where status in (${sold}) and check_out_date > ${windowFrom} and check_in_date < ${windowEnd}
      )
      select ${sql.join(columns, sql`, `)} from sold`,
    ),
    read: (row: Record<string, number> | undefined) =>
      Object.fromEntries(
        entries.map(([key], i) => [
          key,
          { soldRoomNights: row?.[`n${i}`] ?? 0, roomRevenue: row?.[`r${i}`] ?? 0 },
        ]),
      ) as Record<K, PeriodTotals>,
  };
}

export type DashboardBooking = {
  id: number;
  reference: string;
  fullName: string;
  roomType: RoomType;
  checkInDate: string;
  checkOutDate: string;
  status: BookingStatus;
  totalPrice: number | null;
  isPointsBooking: boolean;
  createdAt: number;
};

function bookingList(db: Db, statuses: readonly string[], orderBy: 'created_at' | 'updated_at') {
  return rows<Omit<DashboardBooking, 'isPointsBooking'> & { isPointsBooking: number }>(
    db,
    sql`
    select id, reference, full_name as fullName, room_type as roomType, check_in_date as checkInDate,
      check_out_date as checkOutDate, status, total_price as totalPrice,
      is_points_booking as isPointsBooking, created_at as createdAt
    from booking_submissions where status in (${list(statuses)})
    order by ${sql.raw(orderBy)} desc, id desc limit ${STATISTICS_LIMITS.activeBookings}`,
  );
}

export async function statisticsDashboard(db: Db, options: { now?: Date; from?: string; to?: string } = {}) {
  const now = options.now ?? new Date();
  const today = hotelToday(now);
  const month = monthOf(today);
  const year = yearOf(today);
  const pastFrom = addDays(today, -(STATISTICS_LIMITS.pastDays - 1));
  const futureTo = addDays(today, STATISTICS_LIMITS.futureNights - 1);
  const range = { from: options.from ?? pastFrom, to: options.to ?? today };
  // Night by night only for the two series (60 nights); the periods' sums in one pass.
  const periods = periodsQuery(db, { today: { from: today, to: today }, month, year, range });
  const todayStart = hotelDayStartMs(today);
  const rangeStart = hotelDayStartMs(range.from);
  const rangeEnd = hotelDayStartMs(addDays(range.to, 1));
  const pastStart = hotelDayStartMs(pastFrom);

  const [
    [scalars],
    [periodRow],
    nights,
    bookedPerDay,
    visitsPerDay,
    byStatus,
    byRoom,
    active,
    cancelled,
    serviceRows,
    rangeRows,
  ] = await batchRows(db, [
    rows<{
      bookingsToday: number;
      bookingsTotal: number;
      revenueTotal: number;
      visitsToday: number;
      registeredUsers: number;
      rooms: number;
    }>(
      db,
      sql`select
      (select count(*) from booking_submissions where created_at >= ${todayStart}) as bookingsToday,
      (select count(*) from booking_submissions) as bookingsTotal,
      (select coalesce(sum(total_price), 0) from booking_submissions
        where status in (${sold}) and is_points_booking = 0) as revenueTotal,
      (select count(*) from site_visits where visit_date = ${today}) as visitsToday,
      (select count(*) from users where role = 'guest' and is_verified = 1) as registeredUsers,
      (select coalesce(sum(total_count), 0) from room_inventory) as rooms`,
    ),
    periods.statement,
    nightlyQuery(db, pastFrom, futureTo),
    rows<{ day: string; count: number }>(
      db,
      sql`
      select ${hotelDayOf('created_at')} as day, count(*) as count from booking_submissions
      where created_at >= ${pastStart} group by day`,
    ),
    rows<{ day: string; count: number }>(
      db,
      sql`
      select visit_date as day, count(*) as count from site_visits
      where visit_date >= ${pastFrom} and visit_date <= ${today} group by visit_date`,
    ),
    rows<{ status: string; count: number }>(
      db,
      sql`
      select status, count(*) as count from booking_submissions group by status`,
    ),
    rows<{ roomType: RoomType; count: number }>(
      db,
      sql`
      select room_type as roomType, count(*) as count from booking_submissions
      where status != 'cancelled' group by room_type order by count desc, room_type
      limit ${STATISTICS_LIMITS.mostBookedRooms}`,
    ),
    bookingList(db, ACTIVE_STATUSES, 'created_at'),
    bookingList(db, ['cancelled'], 'updated_at'),
    // Service visits are written by issue 13 (one per device, day and service); service_name is
    // the service's slug or id, else a category.
    rows<{
      serviceName: string;
      nameAr: string | null;
      nameEn: string | null;
      category: string;
      descriptionAr: string | null;
      descriptionEn: string | null;
      dailyVisits: number;
      monthlyVisits: number;
      visits: number;
    }>(
      db,
      sql`
      select v.service_name as serviceName, s.name_ar as nameAr, s.name_en as nameEn,
        coalesce(s.category, v.category) as category,
        s.description_ar as descriptionAr, s.description_en as descriptionEn,
        v.daily as dailyVisits, v.monthly as monthlyVisits, v.visits as visits
      from (
        select service_name, max(service_category) as category,
          sum(visit_date = ${today}) as daily,
          sum(visit_date >= ${month.from} and visit_date <= ${month.to}) as monthly,
          count(*) as visits
        from service_visits group by service_name
      ) v
      left join services s on s.slug = v.service_name or cast(s.id as text) = v.service_name
      order by v.visits desc, v.service_name`,
    ),
    // Bookings made in the range: how many, how many were cancelled, where they came from,
    // and for the others the lead time (check-in minus the hotel day it was made) and length.
    rows<{
      source: BookingSource;
      count: number;
      cancelled: number;
      kept: number;
      leadDays: number;
      stayNights: number;
    }>(
      db,
      sql`
      select ${sourceCase} as source, count(*) as count,
        sum(status = 'cancelled') as cancelled,
        sum(status != 'cancelled') as kept,
        coalesce(sum(case when status != 'cancelled' then
          julianday(check_in_date) - julianday(${hotelDayOf('created_at')}) end), 0) as leadDays,
        coalesce(sum(case when status != 'cancelled' then
          julianday(check_out_date) - julianday(check_in_date) end), 0) as stayNights
      from booking_submissions where created_at >= ${rangeStart} and created_at < ${rangeEnd}
      group by source`,
    ),
  ]);

  const byNight = new Map(nights.map((n) => [n.night, n]));
  const rooms = scalars?.rooms ?? 0;
  const sums = periods.read(periodRow);
  const kpis = (key: keyof typeof sums, p: { from: string; to: string }) =>
    kpisOf(sums[key], p.from, p.to, rooms);
  const booked = new Map(bookedPerDay.map((r) => [r.day, r.count]));
  const visited = new Map(visitsPerDay.map((r) => [r.day, r.count]));

  const rangeTotals = rangeRows.reduce(
    (t, r) => ({
      count: t.count + r.count,
      cancelled: t.cancelled + r.cancelled,
      kept: t.kept + r.kept,
      leadDays: t.leadDays + r.leadDays,
      stayNights: t.stayNights + r.stayNights,
    }),
    { count: 0, cancelled: 0, kept: 0, leadDays: 0, stayNights: 0 },
  );

  return {
    today,
    lastUpdated: now.toISOString(),
    daily: {
      bookings: scalars?.bookingsToday ?? 0,
      siteVisits: scalars?.visitsToday ?? 0,
      revenue: sums.today.roomRevenue,
    },
    monthly: { revenue: sums.month.roomRevenue },
    yearly: { revenue: sums.year.roomRevenue },
    totals: { bookings: scalars?.bookingsTotal ?? 0, revenue: scalars?.revenueTotal ?? 0 },
    registeredUsers: scalars?.registeredUsers ?? 0,
    activeBookings: active.map((b) => ({ ...b, isPointsBooking: Boolean(b.isPointsBooking) })),
    cancelledBookings: cancelled.map((b) => ({ ...b, isPointsBooking: Boolean(b.isPointsBooking) })),
    bookingsByStatus: statusCounts(byStatus),
    mostBookedRooms: byRoom,
    nearbyServicesVisits: serviceRows.map((s) => ({
      serviceKey: s.serviceName,
      // Visits are counted per service type (issue 13: 'restaurant' or 'spa'), so a row names
      // the type in words unless it matches one service.
      serviceName: s.nameEn ?? serviceTypeName(s.serviceName, 'en'),
      serviceNameAr: s.nameAr ?? serviceTypeName(s.serviceName, 'ar'),
      category: s.category,
      description: s.descriptionEn ?? '',
      descriptionAr: s.descriptionAr ?? '',
      dailyVisits: s.dailyVisits,
      monthlyVisits: s.monthlyVisits,
      visits: s.visits,
    })),
    roomsInAllotment: rooms,
    kpis: {
      today: kpis('today', { from: today, to: today }),
      month: kpis('month', month),
      range: kpis('range', range),
    },
    range: {
      from: range.from,
      to: range.to,
      bookings: rangeTotals.count,
      cancelled: rangeTotals.cancelled,
      cancellationRate: rangeTotals.count > 0 ? rangeTotals.cancelled / rangeTotals.count : null,
      leadTimeDays: rangeTotals.kept > 0 ? rangeTotals.leadDays / rangeTotals.kept : null,
      averageLengthOfStay: rangeTotals.kept > 0 ? rangeTotals.stayNights / rangeTotals.kept : null,
      sources: BOOKING_SOURCES.map((source) => ({
        source,
        count: rangeRows.find((r) => r.source === source)?.count ?? 0,
      })),
    },
    /** The last 30 days: bookings made, room revenue of the night, site visits. */
    daySeries: nightsOf(pastFrom, today).map((day) => ({
      date: day,
      bookings: booked.get(day) ?? 0,
      revenue: byNight.get(day)?.revenue ?? 0,
      siteVisits: visited.get(day) ?? 0,
    })),
    /** Tonight and the next 29 nights: occupancy on the books. */
    occupancySeries: nightsOf(today, futureTo).map((night) => {
      const sold = byNight.get(night)?.roomNights ?? 0;
      return { date: night, soldRoomNights: sold, occupancy: rooms > 0 ? sold / rooms : null };
    }),
  };
}

export type StatisticsDashboard = Awaited<ReturnType<typeof statisticsDashboard>>;
