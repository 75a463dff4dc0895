import { sql, type SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import type { BookingStatus } from '@shared/constants';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { addDays, hotelToday } from '@shared/dates';
import {
  ACTIVE_STATUSES,
  BOOKING_SOURCES,
  SOLD_STATUSES,
  STATISTICS_LIMITS,
  monthOf,
  nightsOf,
  kpisOf,
  statusCounts,
  yearOf,
  type BookingSource,
  type NightFigures,
} from '@shared/statistics';
import type { Db } from '../../platform/env';
import { isMessageCode, translate } from '../../platform/messages';

/** 'restaurant' -> 'Restaurants' / 'المطاعم'; a name with no words stays as it is. */
const serviceTypeName = (name: string, language: 'ar' | 'en') =>
  isMessageCode(`service_type_${name}`) ? translate(`service_type_${name}`, language) : name;

/**
 * The statistics dashboard in one D1 round trip: a handful of queries in one `db.batch()`,
 * reading totals kept as the data changes (migration 0020_statistics_rollups.sql, decision
 * 026): per night and month (sold room-nights, room revenue), per day made and source
 * (bookings, cancellations, lead times, lengths of stay), per status and room type, per day of
 * site and service visits, and the count of registered guests. Triggers keep them in the same
 * statement as the write that changes them, so a dashboard read costs the same rows with
 * 100,000 bookings as with 1,000 (`npm run bench:rows`). No booking or visit row reaches the
 * worker except the two lists of five. The definitions are shared/src/statistics.ts (and README
 * "Statistics"); the migration says them in SQL.
 */

const dialect = new SQLiteSyncDialect();
/** A raw query as a D1 statement, typed by the rows it answers (one batch reads them all). */
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

type Period = { from: string; to: string };
type PeriodTotals = { soldRoomNights: number; roomRevenue: number };

/** The first day of the month after the month of `day`. */
const nextMonthStart = (day: string) => addDays(monthOf(day).to, 1);

/**
 * Sold room-nights and room revenue of a period (`from` to `to`, both nights included): the
 * whole months inside it from rollup_months (a year is 12 rows), the nights before and after
 * them from rollup_nights (at most 30 each side). The same sums as night by night.
 */
function periodQuery(db: Db, { from, to }: Period) {
  const firstWhole = from.endsWith('-01') ? from : nextMonthStart(from);
  const lastWholeEnd = monthOf(to).to === to ? to : addDays(`${to.slice(0, 7)}-01`, -1);
  const parts =
    firstWhole <= lastWholeEnd
      ? sql`
        select room_nights, revenue from rollup_months
          where month >= ${firstWhole.slice(0, 7)} and month <= ${lastWholeEnd.slice(0, 7)}
        union all select room_nights, revenue from rollup_nights where night >= ${from} and night < ${firstWhole}
        union all select room_nights, revenue from rollup_nights where night > ${lastWholeEnd} and night <= ${to}`
      : sql`select room_nights, revenue from rollup_nights where night >= ${from} and night <= ${to}`;
  return rows<{ n: number; r: number }>(
    db,
    sql`select coalesce(sum(room_nights), 0) as n, coalesce(sum(revenue), 0) as r from (${parts})`,
  );
}
const periodTotals = (row: { n: number; r: number } | undefined): PeriodTotals => ({
  soldRoomNights: row?.n ?? 0,
  roomRevenue: row?.r ?? 0,
});

export type DashboardBooking = {
  id: number;
  reference: string;
  fullName: string;
  roomType: RoomTypeCode;
  checkInDate: string;
  checkOutDate: string;
  status: BookingStatus;
  totalPrice: number | null;
  isPointsBooking: boolean;
  createdAt: number;
};

const bookingColumns = sql.raw(`id, reference, full_name as fullName, room_type as roomType,
  check_in_date as checkInDate, check_out_date as checkOutDate, status, total_price as totalPrice,
  is_points_booking as isPointsBooking, created_at as createdAt`);
type ListedRow = Omit<DashboardBooking, 'isPointsBooking'> & { isPointsBooking: number };

/**
 * The newest bookings of some statuses: the newest few of each status (index status,
 * created_at), then the newest of those, so a read never walks every booking of a status.
 */
function activeList(db: Db, statuses: readonly string[]) {
  const limit = STATISTICS_LIMITS.activeBookings;
  const each = statuses.map(
    (status) => sql`select * from (select ${bookingColumns} from booking_submissions
      where status = ${status} order by created_at desc, id desc limit ${limit})`,
  );
  return rows<ListedRow>(
    db,
    sql`select * from (${sql.join(each, sql` union all `)}) order by createdAt desc, id desc limit ${limit}`,
  );
}

/** The latest cancelled bookings (index status, updated_at). */
function cancelledList(db: Db) {
  return rows<ListedRow>(
    db,
    sql`select ${bookingColumns} from booking_submissions where status = 'cancelled'
    order by updated_at desc, id desc limit ${STATISTICS_LIMITS.cancelledBookings}`,
  );
}

/**
 * The room-nights of [from, to] (nights, inclusive) that rooms spend out of order: each period
 * (`room_blocks`, its last night the day before `to_date`) counted for the nights it overlaps.
 * Those are not for sale, so they come off the rooms available (occupancy, RevPAR).
 */
function outOfOrderNights({ from, to }: Period) {
  const end = addDays(to, 1);
  return sql`(select coalesce(cast(sum(julianday(min(to_date, ${end})) - julianday(max(from_date, ${from}))) as integer), 0)
    from room_blocks where to_date > ${from} and from_date < ${end})`;
}

/** The dashboard's single figures: today's and all time's counts, the allotment, rooms out of order. */
function scalarsQuery(db: Db, today: string, month: Period, range: Period) {
  return rows<{
    bookingsToday: number;
    bookingsTotal: number;
    revenueTotal: number;
    visitsToday: number;
    registeredUsers: number;
    rooms: number;
    outOfOrderToday: number;
    outOfOrderMonth: number;
    outOfOrderRange: number;
  }>(
    db,
    sql`select
    (select coalesce(sum(made), 0) from rollup_booking_days where day >= ${today}) as bookingsToday,
    (select coalesce(sum(bookings), 0) from rollup_bookings) as bookingsTotal,
    (select coalesce(sum(revenue), 0) from rollup_bookings where status in (${sold})) as revenueTotal,
    (select coalesce(sum(visits), 0) from rollup_site_visit_days where visit_date = ${today}) as visitsToday,
    (select coalesce(sum(value), 0) from rollup_counts where name = 'registered_users') as registeredUsers,
    (select coalesce(sum(total_count), 0) from room_inventory) as rooms,
    ${outOfOrderNights({ from: today, to: today })} as outOfOrderToday,
    ${outOfOrderNights(month)} as outOfOrderMonth,
    ${outOfOrderNights(range)} as outOfOrderRange`,
  );
}

/** The series' rows: nights past and ahead, bookings made and site visits per day of the past. */
function seriesQueries(db: Db, pastFrom: string, today: string, futureTo: string) {
  return [
    rows<NightFigures>(
      db,
      sql`
      select night, room_nights as roomNights, revenue from rollup_nights
      where night >= ${pastFrom} and night <= ${futureTo}`,
    ),
    rows<{ day: string; count: number }>(
      db,
      sql`
      select day, sum(made) as count from rollup_booking_days where day >= ${pastFrom} group by day`,
    ),
    rows<{ day: string; count: number }>(
      db,
      sql`
      select visit_date as day, visits as count from rollup_site_visit_days
      where visit_date >= ${pastFrom} and visit_date <= ${today}`,
    ),
  ] as const;
}

/** Bookings by status, and the most booked room types. */
function countQueries(db: Db) {
  return [
    rows<{ status: string; count: number }>(
      db,
      sql`
      select status, sum(bookings) as count from rollup_bookings group by status`,
    ),
    rows<{ roomType: RoomTypeCode; count: number }>(
      db,
      sql`
      select room_type as roomType, sum(bookings) as count from rollup_bookings
      where status != 'cancelled' group by room_type having sum(bookings) > 0
      order by count desc, room_type limit ${STATISTICS_LIMITS.mostBookedRooms}`,
    ),
  ] as const;
}

/**
 * Service visits are written one per device, day and service; service_name is the service's slug
 * or id, else a category. All time from the per-service totals, today and this month from the
 * per-day rows of this month.
 */
function serviceVisitsQuery(db: Db, today: string, month: Period) {
  return rows<{
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
      coalesce(d.daily, 0) as dailyVisits, coalesce(d.monthly, 0) as monthlyVisits, v.visits as visits
    from (
      select service_name, max(case when visits > 0 then service_category end) as category,
        sum(visits) as visits
      from rollup_service_visits group by service_name having sum(visits) > 0
    ) v
    left join (
      select service_name, sum(case when visit_date = ${today} then visits else 0 end) as daily,
        sum(visits) as monthly
      from rollup_service_visit_days where visit_date >= ${month.from} and visit_date <= ${month.to}
      group by service_name
    ) d on d.service_name = v.service_name
    left join services s on s.slug = v.service_name or cast(s.id as text) = v.service_name
    order by v.visits desc, v.service_name`,
  );
}
type ServiceVisitRow = NonNullable<ReturnType<typeof serviceVisitsQuery>['__row']>;

/**
 * Bookings made in the range: how many, how many were cancelled, where they came from, and for
 * the others the lead time (check-in minus the hotel day it was made) and length.
 */
function rangeQuery(db: Db, range: Period) {
  return rows<{
    source: BookingSource;
    count: number;
    cancelled: number;
    kept: number;
    leadDays: number;
    stayNights: number;
  }>(
    db,
    sql`
    select source, sum(made) as count, sum(cancelled) as cancelled, sum(made - cancelled) as kept,
      sum(lead_days) as leadDays, sum(stay_nights) as stayNights
    from rollup_booking_days where day >= ${range.from} and day <= ${range.to}
    group by source`,
  );
}
type RangeRow = NonNullable<ReturnType<typeof rangeQuery>['__row']>;

/** The out-of-order periods over the next 30 nights, for the occupancy series. */
function blocksAheadQuery(db: Db, today: string, futureTo: string) {
  return rows<{ fromDate: string; toDate: string }>(
    db,
    sql`
    select from_date as fromDate, to_date as toDate from room_blocks
    where to_date > ${today} and from_date <= ${futureTo}`,
  );
}

/** The range's figures: bookings made and cancelled, lead time, length of stay, sources. */
function rangeFigures(range: Period, rangeRows: RangeRow[]) {
  const totals = rangeRows.reduce(
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
    from: range.from,
    to: range.to,
    bookings: totals.count,
    cancelled: totals.cancelled,
    cancellationRate: totals.count > 0 ? totals.cancelled / totals.count : null,
    leadTimeDays: totals.kept > 0 ? totals.leadDays / totals.kept : null,
    averageLengthOfStay: totals.kept > 0 ? totals.stayNights / totals.kept : null,
    sources: BOOKING_SOURCES.map((source) => ({
      source,
      count: rangeRows.find((r) => r.source === source)?.count ?? 0,
    })),
  };
}

/** A service's visits as the dashboard lists them, its names in both languages. */
const serviceVisits = (s: ServiceVisitRow) => ({
  serviceKey: s.serviceName,
  // Visits are counted per service type ('restaurant' or 'spa'), so a row names
  // the type in words unless it matches one service.
  serviceName: s.nameEn ?? serviceTypeName(s.serviceName, 'en'),
  serviceNameAr: s.nameAr ?? serviceTypeName(s.serviceName, 'ar'),
  category: s.category,
  description: s.descriptionEn ?? '',
  descriptionAr: s.descriptionAr ?? '',
  dailyVisits: s.dailyVisits,
  monthlyVisits: s.monthlyVisits,
  visits: s.visits,
});

type DayCount = { day: string; count: number };

/** The dashboard's two series, from the rows of the nights, days and out-of-order periods. */
function seriesOf(
  { pastFrom, today, futureTo, rooms }: { pastFrom: string; today: string; futureTo: string; rooms: number },
  nights: NightFigures[],
  bookedPerDay: DayCount[],
  visitsPerDay: DayCount[],
  blocksAhead: { fromDate: string; toDate: string }[],
) {
  const byNight = new Map(nights.map((n) => [n.night, n]));
  const booked = new Map(bookedPerDay.map((r) => [r.day, r.count]));
  const visited = new Map(visitsPerDay.map((r) => [r.day, r.count]));
  return {
    /** The last 30 days: bookings made, room revenue of the night, site visits. */
    daySeries: nightsOf(pastFrom, today).map((day) => ({
      date: day,
      bookings: booked.get(day) ?? 0,
      revenue: byNight.get(day)?.revenue ?? 0,
      siteVisits: visited.get(day) ?? 0,
    })),
    /** Tonight and the next 29 nights: occupancy on the books. */
    occupancySeries: nightsOf(today, futureTo).map((night) => {
      const soldNights = byNight.get(night)?.roomNights ?? 0;
      // The rooms for sale on a night: the allotment less the rooms out of order that night.
      const forSale = rooms - blocksAhead.filter((b) => b.fromDate <= night && night < b.toDate).length;
      return {
        date: night,
        soldRoomNights: soldNights,
        roomsForSale: forSale,
        occupancy: forSale > 0 ? soldNights / forSale : null,
      };
    }),
  };
}

const listed = (b: ListedRow) => ({ ...b, isPointsBooking: Boolean(b.isPointsBooking) });

export async function statisticsDashboard(db: Db, options: { now?: Date; from?: string; to?: string } = {}) {
  const now = options.now ?? new Date();
  const today = hotelToday(now);
  const month = monthOf(today);
  const pastFrom = addDays(today, -(STATISTICS_LIMITS.pastDays - 1));
  const futureTo = addDays(today, STATISTICS_LIMITS.futureNights - 1);
  const range = { from: options.from ?? pastFrom, to: options.to ?? today };

  const [
    [scalars],
    [todayRow],
    [monthRow],
    [yearRow],
    [rangeRow],
    nights,
    bookedPerDay,
    visitsPerDay,
    byStatus,
    byRoom,
    active,
    cancelled,
    serviceRows,
    rangeRows,
    blocksAhead,
  ] = await batchRows(db, [
    scalarsQuery(db, today, month, range),
    periodQuery(db, { from: today, to: today }),
    periodQuery(db, month),
    periodQuery(db, yearOf(today)),
    periodQuery(db, range),
    ...seriesQueries(db, pastFrom, today, futureTo),
    ...countQueries(db),
    activeList(db, ACTIVE_STATUSES),
    cancelledList(db),
    serviceVisitsQuery(db, today, month),
    rangeQuery(db, range),
    blocksAheadQuery(db, today, futureTo),
  ]);

  const rooms = scalars?.rooms ?? 0;
  const sums = { today: periodTotals(todayRow), month: periodTotals(monthRow), year: periodTotals(yearRow) };
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
    activeBookings: active.map(listed),
    cancelledBookings: cancelled.map(listed),
    bookingsByStatus: statusCounts(byStatus),
    mostBookedRooms: byRoom,
    nearbyServicesVisits: serviceRows.map(serviceVisits),
    roomsInAllotment: rooms,
    kpis: {
      today: kpisOf(sums.today, today, today, rooms, scalars?.outOfOrderToday ?? 0),
      month: kpisOf(sums.month, month.from, month.to, rooms, scalars?.outOfOrderMonth ?? 0),
      range: kpisOf(periodTotals(rangeRow), range.from, range.to, rooms, scalars?.outOfOrderRange ?? 0),
    },
    range: rangeFigures(range, rangeRows),
    ...seriesOf({ pastFrom, today, futureTo, rooms }, nights, bookedPerDay, visitsPerDay, blocksAhead),
  };
}

export type StatisticsDashboard = Awaited<ReturnType<typeof statisticsDashboard>>;
