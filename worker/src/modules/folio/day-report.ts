import { eq, sql, type SQL } from 'drizzle-orm';
import { MAX_STAY_NIGHTS } from '@shared/constants';
import { addDays } from '@shared/dates';
import type { DayCloseReport } from '@shared/day-close';
import { NO_SHOW_REASON } from '@shared/stay-policy';
import type { Db } from '../../platform/env';
import { users } from '../../platform/tables';
import { roomsAllottedSql, roomsOutOfOrderSql } from '../inventory';
import { dayFiguresSql } from './day-figures';
import { dayCloses } from './tables';

/**
 * A business date's report (decision 069): the one SQL expression the day close stores in its
 * batch, and the one reader every report of a date goes through (the day close's own page and the
 * manager reports' flash), so no report of a date can disagree with its close: a closed date
 * answers its stored report, an open one the same expression computed now.
 */

const sum = (expr: SQL) => sql`coalesce(sum(${expr}), 0)`;

/**
 * The rooms for sale the night of `date`: the allotment less the rooms out of order that night, as
 * the statistics count them (an SQL scalar).
 */
const roomsForSaleSql = (date: string): SQL => sql`(${roomsAllottedSql()} - ${roomsOutOfOrderSql(date)})`;

/**
 * The report of `date` as one SQL expression (a JSON text): the folio's figures of the date
 * (`dayFiguresSql`: along the business-date index of the date's lines and company payments), the
 * in-house stays along the check-in index (a stay is at most MAX_STAY_NIGHTS long), the rooms for
 * sale.
 *
 * @example
 * db.get<{ report: string }>(sql`select ${dayReportSql('2026-03-10')} as report`);
 */
export function dayReportSql(date: string): SQL {
  const f = dayFiguresSql(date);
  const roomsSold = f.roomsSold;
  const roomsForSale = roomsForSaleSql(date);
  return sql`json_object(
    'date', ${date},
    'revenueBaisa', ${f.revenueBaisa},
    'taxesBaisa', ${f.taxesBaisa},
    'roundingBaisa', ${f.roundingBaisa},
    'paymentsBaisa', ${f.paymentsBaisa},
    'refundsBaisa', ${f.refundsBaisa},
    'transfersBaisa', ${f.transfersBaisa},
    'cityLedgerPaymentsBaisa', ${f.cityLedgerPaymentsBaisa},
    'inHouseBalanceBaisa', (select ${sum(sql`folio_balance_baisa`)} from booking_submissions
      where check_in_date >= ${addDays(date, -MAX_STAY_NIGHTS)} and check_in_date <= ${date}
      and +status in ('approved', 'confirmed') and checked_in_at is not null and checked_out_at is null),
    'cityLedgerBalanceBaisa', ${f.cityLedgerBalanceBaisa},
    'roomsSold', ${roomsSold},
    'roomsForSale', ${roomsForSale},
    'occupancy', case when ${roomsForSale} > 0 then cast(${roomsSold} as real) / ${roomsForSale} end,
    'adrBaisa', ${f.adrBaisa},
    'roomChargesBaisa', ${f.roomChargesBaisa},
    'noShows', (select count(*) from booking_submissions where check_in_date = ${date}
      and status = 'cancelled' and status_reason = ${NO_SHOW_REASON}),
    'onlinePayments', ${onlinePaymentsJson(f.onlinePaymentLines)},
    'outlets', ${outletsJson(date)},
    'extrasRevenueBaisa', ${extrasJson(date)}
  )`;
}

/**
 * The extras' net revenue of the date by kind (decision 098): the day's lines that name a purchase
 * (its charges, and the corrections a cancelled stay's extras took), along the business-date index.
 */
function extrasJson(date: string): SQL {
  return sql`(select json(coalesce(json_group_object(kind, net), '{}')) from (
    select p.kind as kind, sum(l.net_baisa) as net from folio_lines l
      join extra_purchases p on p.id = l.extra_purchase_id
      where l.business_date = ${date} and l.extra_purchase_id is not null and l.kind in ('charge', 'correction')
      group by p.kind))`;
}

/**
 * Each outlet's figures of the date (decision 090): its checks of the day (to rooms, on the folio
 * and so in the departments' revenue too, and paid at the outlet, which are not on any folio) less
 * the voids of the day, with each tax and what was paid there by method; along the business-date
 * indexes of the checks and the voids.
 */
function outletsJson(date: string): SQL {
  // A paid check's taxes are its tax invoice's (each once on the document's base), as the tax
  // report counts them: a check written before the check kept them so may differ from its lines'.
  const taxes = sql`coalesce(json_extract(c.invoice, '$.taxTotals'), c.taxes)`;
  const net = sql`case when c.invoice is null then c.net_baisa else c.total_baisa - (select
    coalesce(sum(json_extract(t.value, '$.amountBaisa')), 0) from json_each(c.invoice, '$.taxTotals') t) end`;
  return sql`(with m as (
      select c.outlet_id, 1 as sign, 1 as counted, c.settlement, c.method, ${net} as net_baisa, c.total_baisa,
        ${taxes} as taxes
        from outlet_checks c where c.business_date = ${date}
      union all
      select c.outlet_id, -1, 0, c.settlement, c.method, ${net}, c.total_baisa, ${taxes}
        from outlet_check_voids v join outlet_checks c on c.id = v.check_id where v.business_date = ${date}
    ), d as (
      select outlet_id, sum(counted) as checks, sum(sign * net_baisa) as net,
        sum(case when settlement = 'room' then sign * total_baisa else 0 end) as rooms,
        sum(case when settlement = 'paid' then sign * total_baisa else 0 end) as paid,
        sum(case when sign < 0 then total_baisa else 0 end) as voided
      from m group by outlet_id
    )
    select json(coalesce(json_group_array(json_object('outletId', o.id, 'nameAr', o.name_ar, 'nameEn', o.name_en,
      'checks', d.checks, 'revenueBaisa', d.net, 'taxesBaisa', json(coalesce((select json_group_object(code, amount)
        from (select json_extract(t.value, '$.code') as code, sum(m.sign * json_extract(t.value, '$.amountBaisa')) as amount
          from m, json_each(m.taxes) t where m.outlet_id = d.outlet_id group by 1)), '{}')),
      'toRoomsBaisa', d.rooms, 'paidBaisa', d.paid, 'paymentsBaisa', json(coalesce((select json_group_object(method, amount)
        from (select m.method, sum(m.sign * m.total_baisa) as amount from m
          where m.outlet_id = d.outlet_id and m.settlement = 'paid' group by 1)), '{}')),
      'voidedBaisa', d.voided)), '[]'))
    from d join outlets o on o.id = d.outlet_id)`;
}

/**
 * The day's online payments, one by one (decision 071): each line's checkout session (found among
 * its booking's few), the booking's reference and the provider's payment id, read along the
 * business-date index as the sums are.
 */
function onlinePaymentsJson(lines: SQL): SQL {
  return sql`(select json(coalesce(json_group_array(json_object('sessionId', s.id, 'bookingId', l.booking_id,
      'bookingReference', b.reference, 'amountBaisa', l.amount_baisa, 'providerPaymentId', l.provider_reference)), '[]'))
    from ${lines} l
    join booking_submissions b on b.id = l.booking_id
    left join payment_sessions s on s.booking_id = l.booking_id and s.payment_line_id = l.id)`;
}

type StoredReport = Omit<DayCloseReport, 'closed' | 'closedAt' | 'closedBy'>;

/**
 * The stored close of `date` with its closer's e-mail (`closedBy`, null for the cron), or
 * undefined if the day is open (one read along its key).
 *
 * @example
 * const stored = await storedDayClose(db, '2026-03-10');
 * if (stored) return closedDayReport(stored);
 */
async function storedDayClose(db: Db, date: string) {
  return db
    .select({ report: dayCloses.report, closedAt: dayCloses.closedAt, closedBy: users.email })
    .from(dayCloses)
    .leftJoin(users, eq(users.id, dayCloses.closedBy))
    .where(eq(dayCloses.date, date))
    .get();
}

/** A closed day's report from its stored row (`storedDayClose`). */
function closedDayReport(row: NonNullable<Awaited<ReturnType<typeof storedDayClose>>>): DayCloseReport {
  const report = (typeof row.report === 'string' ? JSON.parse(row.report) : row.report) as StoredReport;
  // A day closed before online payments has no list: none were taken.
  return {
    ...report,
    onlinePayments: report.onlinePayments ?? [],
    // A day closed before documents booked their rounding has none.
    roundingBaisa: report.roundingBaisa ?? 0,
    // A day closed before the outlets has none; before their payments by method, paid is all cash or card unknown.
    outlets: (report.outlets ?? []).map((o) => ({ ...o, paymentsBaisa: o.paymentsBaisa ?? {} })),
    // A day closed before the extras sold none.
    extrasRevenueBaisa: report.extrasRevenueBaisa ?? {},
    closed: true,
    closedAt: row.closedAt.toISOString(),
    closedBy: row.closedBy ?? null,
  };
}

/**
 * The stored report of `date` if the day is closed (with when and by whom), or undefined if it is
 * open (one read along its key).
 *
 * @example
 * const closed = await closedDay(db, '2026-03-10');
 * if (closed) return { report: closed, alreadyClosed: true };
 */
export async function closedDay(db: Db, date: string): Promise<DayCloseReport | undefined> {
  const stored = await storedDayClose(db, date);
  return stored && closedDayReport(stored);
}

/**
 * The report of `date`: the stored one of a closed day, or the figures so far of an open one
 * (computed by the same expression the close stores). Two reads at most, each along a key or the
 * date's indexes.
 *
 * @example
 * const report = await dayReport(db, '2026-03-10'); // report.closed, report.roomsSold, ...
 */
export async function dayReport(db: Db, date: string): Promise<DayCloseReport> {
  const closed = await closedDay(db, date);
  if (closed) return closed;
  const row = await db.get<{ report: string }>(sql`select ${dayReportSql(date)} as report`);
  return { ...(JSON.parse(row.report) as StoredReport), closed: false, closedAt: null, closedBy: null };
}
