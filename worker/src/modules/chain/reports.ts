import type { ChainDayFigures, ChainReport } from '@shared/chain-schemas';
import type { DayCloseReport } from '@shared/day-close';
import { addDays } from '@shared/dates';
import type { Env } from '../../platform/env';
import { chainDb, closedDaysBetween } from './chain-database';
import { activeHotels, shownHotel } from './hotels';

/**
 * The chain's reports (docs/decisions/103, "Closed days and the chain's reports"): each hotel's
 * closed days as its day close stored them and pushed them once, by hotel and in total. Money is
 * summed to the baisa (revenue, taxes, payments and refunds by their keys, room charges); rooms
 * sold and for sale are summed; occupancy is Σsold / Σfor sale; ADR is the room revenue of the
 * nights sold (each closed day's `adrBaisa × roomsSold`) over Σsold, RevPAR the same over Σfor
 * sale. Rows read: one per hotel and closed day shown.
 */

type Sum = Omit<ChainDayFigures, 'occupancy' | 'adrBaisa' | 'revparBaisa'> & { roomRevenueBaisa: number };

function empty(): Sum {
  return {
    revenueBaisa: {},
    taxesBaisa: {},
    paymentsBaisa: {},
    refundsBaisa: {},
    roomChargesBaisa: 0,
    roomsSold: 0,
    roomsForSale: 0,
    noShows: 0,
    totalRevenueBaisa: 0,
    roomRevenueBaisa: 0,
  };
}

function addInto(into: Record<string, number>, from: Record<string, number> | undefined) {
  for (const [key, value] of Object.entries(from ?? {})) into[key] = (into[key] ?? 0) + value;
}

function add(sum: Sum, day: DayCloseReport | Sum) {
  addInto(sum.revenueBaisa, day.revenueBaisa);
  addInto(sum.taxesBaisa, day.taxesBaisa);
  addInto(sum.paymentsBaisa, day.paymentsBaisa);
  addInto(sum.refundsBaisa, day.refundsBaisa);
  sum.roomChargesBaisa += day.roomChargesBaisa ?? 0;
  sum.roomsSold += day.roomsSold ?? 0;
  sum.roomsForSale += day.roomsForSale ?? 0;
  sum.noShows += day.noShows ?? 0;
  if ('roomRevenueBaisa' in day) {
    sum.totalRevenueBaisa += day.totalRevenueBaisa;
    sum.roomRevenueBaisa += day.roomRevenueBaisa;
  } else {
    sum.totalRevenueBaisa += Object.values(day.revenueBaisa ?? {}).reduce((a, b) => a + b, 0);
    sum.roomRevenueBaisa += (day.adrBaisa ?? 0) * (day.roomsSold ?? 0);
  }
}

/** A sum's figures: the ratios computed from its sums, never averaged. */
function figures({ roomRevenueBaisa, ...sum }: Sum): ChainDayFigures {
  return {
    ...sum,
    occupancy: sum.roomsForSale > 0 ? sum.roomsSold / sum.roomsForSale : null,
    adrBaisa: sum.roomsSold > 0 ? Math.round(roomRevenueBaisa / sum.roomsSold) : 0,
    revparBaisa: sum.roomsForSale > 0 ? Math.round(roomRevenueBaisa / sum.roomsForSale) : 0,
  };
}

/** The report of the closed days from `from` to `to` (inclusive), by hotel and in total. */
async function chainReport(
  env: Env,
  request: URL,
  period: string,
  from: string,
  to: string,
): Promise<ChainReport> {
  const chain = chainDb(env);
  const [hotels, days] = await Promise.all([activeHotels(env), closedDaysBetween(chain, from, to)]);
  let length = 1;
  for (let d = from; d < to; d = addDays(d, 1)) length += 1;
  const total = empty();
  let totalClosed = 0;
  const rows = hotels.map((hotel) => {
    const sum = empty();
    let closedDays = 0;
    for (const day of days) {
      if (day.hotel !== hotel.code) continue;
      add(sum, JSON.parse(day.report) as DayCloseReport);
      closedDays += 1;
    }
    add(total, sum);
    totalClosed += closedDays;
    return { hotel: shownHotel(hotel, request, env), closedDays, days: length, ...figures(sum) };
  });
  return { period, hotels: rows, total: { ...figures(total), closedDays: totalClosed } };
}

/** GET /api/admin/chain/flash?date=: one business date at every hotel. */
export function chainFlash(env: Env, request: URL, date: string): Promise<ChainReport> {
  return chainReport(env, request, date, date, date);
}

/** GET /api/admin/chain/month?month=YYYY-MM: the month's closed days at every hotel. */
export function chainMonth(env: Env, request: URL, month: string): Promise<ChainReport> {
  const from = `${month}-01`;
  const [year, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return chainReport(env, request, month, from, `${month}-${String(last).padStart(2, '0')}`);
}
