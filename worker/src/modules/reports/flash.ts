import { sql } from 'drizzle-orm';
import { MAX_STAY_NIGHTS } from '@shared/constants';
import { addDays } from '@shared/dates';
import type { FlashReport } from '@shared/flash-production';
import { omrDecimal } from '@shared/money';
import { NO_SHOW_REASON, hotelInstant } from '@shared/stay-policy';
import type { Db } from '../../platform/env';
import { toCsv } from '../../platform/csv';
import { hasText, text, type Language } from '../../platform/messages';
import { dayReport } from '../folio';
import { roomsOutOfOrderSql } from '../inventory';
import { csvHeaders, csvWord } from './report-csv';

/**
 * The flash report of a business date (docs/decisions/079-flash-and-production-reports.md): the
 * day close's own figures (rooms sold and for sale, occupancy, ADR, revenue per department,
 * payments, refunds, no-shows: the stored report of a closed date, the same expression so far for
 * an open one, read through the folio's `dayReport`), RevPAR derived from them, and the day's
 * movements the close does not keep (arrivals, departures, in house, cancellations, rooms out of
 * order), each counted along a date index of the bookings.
 */

const STAYING = sql.raw(`('approved', 'confirmed', 'completed')`);

type Movements = Pick<
  FlashReport,
  'arrivals' | 'arrived' | 'departures' | 'departed' | 'inHouse' | 'cancellations' | 'outOfOrder'
>;

/**
 * The day's movements in one read: arrivals and departures along the check-in and check-out
 * indexes, the stays in house along the check-in index (a stay is at most MAX_STAY_NIGHTS long),
 * the cancellations of the day along the (status, updated_at) index, the rooms out of order.
 */
async function movements(db: Db, date: string): Promise<Movements> {
  const dayStart = hotelInstant(date, '00:00').getTime();
  const nextDay = hotelInstant(addDays(date, 1), '00:00').getTime();
  return db.get<Movements>(sql`select
    (select count(*) from booking_submissions where check_in_date = ${date} and +status in ${STAYING}) as arrivals,
    (select count(*) from booking_submissions where check_in_date = ${date} and +status in ${STAYING}
      and checked_in_at is not null) as arrived,
    (select count(*) from booking_submissions where check_out_date = ${date} and status in ${STAYING}) as departures,
    (select count(*) from booking_submissions where check_out_date = ${date} and status in ${STAYING}
      and checked_out_at is not null) as departed,
    (select count(*) from booking_submissions where check_in_date >= ${addDays(date, -MAX_STAY_NIGHTS)}
      and check_in_date <= ${date} and check_out_date > ${date} and +status in ${STAYING}
      and checked_in_at is not null and (checked_out_at is null or checked_out_at >= ${nextDay})) as inHouse,
    (select count(*) from booking_submissions where status = 'cancelled' and updated_at >= ${dayStart}
      and updated_at < ${nextDay} and coalesce(status_reason, '') <> ${NO_SHOW_REASON}) as cancellations,
    ${roomsOutOfOrderSql(date)} as outOfOrder`);
}

/**
 * GET /api/admin/reports/flash?date: the flash report of `date` (three reads at most: the stored
 * close or the day's figures so far, and the movements).
 *
 * @example
 * const flash = await flashReport(db, '2026-03-10'); // flash.closed, flash.occupancy, flash.arrivals, ...
 */
export async function flashReport(db: Db, date: string): Promise<FlashReport> {
  const [report, moved] = await Promise.all([dayReport(db, date), movements(db, date)]);
  const { roomsSold, roomsForSale, adrBaisa } = report;
  return {
    date,
    closed: report.closed,
    closedAt: report.closedAt,
    roomsSold,
    roomsForSale,
    occupancy: report.occupancy,
    adrBaisa,
    revparBaisa: roomsForSale > 0 ? Math.round((adrBaisa * roomsSold) / roomsForSale) : 0,
    revenueBaisa: report.revenueBaisa,
    totalRevenueBaisa: Object.values(report.revenueBaisa).reduce((a, b) => a + b, 0),
    paymentsBaisa: report.paymentsBaisa,
    refundsBaisa: report.refundsBaisa,
    ...moved,
    noShows: report.noShows,
    outlets: report.outlets,
    extrasRevenueBaisa: report.extrasRevenueBaisa,
  };
}

const COLUMNS = ['figure', 'key', 'value'] as const;

/** A department's or payment method's name as the invoices write it, else its code. */
function detailName(language: Language, kind: 'department' | 'method' | 'tax', code: string): string {
  const id = `invoice.${kind}.${code}`;
  return hasText(language, id) ? text(language, id) : code;
}

/**
 * The flash report as CSV, in the request's language: one row per figure (and per department and
 * method, named), amounts in rials with three decimals, counts as they are, occupancy in percent.
 */
export function flashCsv(flash: FlashReport, language: Language) {
  const rows: Record<(typeof COLUMNS)[number], string>[] = [];
  const add = (figure: string, key: string, value: string) =>
    rows.push({ figure: csvWord(language, figure), key, value });
  add('date', '', flash.date);
  add('closed', '', csvWord(language, flash.closed ? 'yes' : 'no'));
  add('rooms_sold', '', String(flash.roomsSold));
  add('rooms_for_sale', '', String(flash.roomsForSale));
  add('occupancy', '', flash.occupancy === null ? '' : (flash.occupancy * 100).toFixed(2));
  add('adr', '', omrDecimal(flash.adrBaisa));
  add('revpar', '', omrDecimal(flash.revparBaisa));
  for (const [key, baisa] of Object.entries(flash.revenueBaisa))
    add('revenue', detailName(language, 'department', key), omrDecimal(baisa));
  for (const [figure, amounts] of [
    ['payments', flash.paymentsBaisa],
    ['refunds', flash.refundsBaisa],
  ] as const) {
    for (const [key, baisa] of Object.entries(amounts))
      add(figure, detailName(language, 'method', key), omrDecimal(baisa));
  }
  add('total_revenue', '', omrDecimal(flash.totalRevenueBaisa));
  // Each outlet's revenue (net) and taxes of the day, named in the report's language.
  for (const outlet of flash.outlets) {
    const name = language === 'ar' ? outlet.nameAr : outlet.nameEn;
    add('outlet_revenue', name, omrDecimal(outlet.revenueBaisa));
    for (const [code, baisa] of Object.entries(outlet.taxesBaisa))
      add('outlet_tax', `${name} · ${detailName(language, 'tax', code)}`, omrDecimal(baisa));
  }
  for (const [figure, value] of [
    ['arrivals', flash.arrivals],
    ['arrived', flash.arrived],
    ['departures', flash.departures],
    ['departed', flash.departed],
    ['in_house', flash.inHouse],
    ['no_shows', flash.noShows],
    ['cancellations', flash.cancellations],
    ['out_of_order', flash.outOfOrder],
  ] as const) {
    add(figure, '', String(value));
  }
  const headers = csvHeaders(language, COLUMNS, { figure: 'figure', key: 'detail', value: 'value' });
  return { body: toCsv([...COLUMNS], rows, headers), filename: `flash-${flash.date}.csv` };
}
