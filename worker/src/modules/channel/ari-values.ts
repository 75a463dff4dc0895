import { addDays } from '@shared/dates';
import type { Db } from '../../platform/env';
import { nightlyAvailability } from '../inventory';
import type { Mappings } from './mappings';
import type { AvailabilityValue, RestrictionValue } from './providers/channel-adapter';

/**
 * What the channel manager is told, computed now from the hotel's own rules (never from the
 * outbox rows, which only say what to look at again): a night's availability is the booking
 * calendar's (the allotment less the rooms held by bookings and the rooms out of order, never
 * below 0), its price and restrictions per plan those of a booking made now for the type's base
 * occupancy (modules/inventory `nightlyAvailability`, the one rule the site sells by). A retired
 * type is sent as 0 rooms and stop-sell; a plan that no longer sells the type as stop-sell.
 * `seriesFor` answers each night's value per channel room type (and rate plan), `canonical` its
 * text (what `channel_sent` keeps of the last value Channex accepted), `rangesOf` the runs of equal
 * nights to send as ranges, leaving out the nights the sender keeps back (unchanged since).
 */

/** Days ahead the channel manager is kept up to date (a full sync sends them all). */
export const HORIZON_DAYS = 500;

/** A restriction value's own fields (what a night of a plan is). */
export type RestrictionFields = Omit<RestrictionValue, 'roomTypeId' | 'ratePlanId' | 'dateFrom' | 'dateTo'>;

type NightValues = {
  available: number;
  plans: Map<string, RestrictionFields>;
};

/** The nights of one room type to send: `*` is every night of the horizon; past nights are dropped. */
export function nightsToSend(nights: Iterable<string>, today: string): string[] {
  const last = addDays(today, HORIZON_DAYS - 1);
  const set = new Set<string>();
  for (const night of nights) {
    if (night === '*') {
      for (let d = today; d <= last; d = addDays(d, 1)) set.add(d);
    } else if (night >= today && night <= last) set.add(night);
  }
  return [...set].sort();
}

/** One type's values on `nights` (sorted) for the plans given (codes), one D1 batch per plan. */
async function typeValues(db: Db, roomType: string, nights: string[], plans: string[]) {
  const values = new Map<string, NightValues>(nights.map((n) => [n, { available: 0, plans: new Map() }]));
  if (nights.length === 0) return values;
  const w = { from: nights[0]!, to: addDays(nights[nights.length - 1]!, 1) };
  let availabilityRead = false;
  // The standard plan first: it sells every type, so availability is read even with no plan mapped.
  for (const plan of ['standard', ...plans.filter((p) => p !== 'standard')]) {
    const wanted = plans.includes(plan);
    let read: Awaited<ReturnType<typeof nightlyAvailability>> | null = null;
    try {
      read = await nightlyAvailability(db, roomType, w, { ratePlan: plan });
    } catch {
      // A retired type or a plan that does not sell it: not for sale on this plan.
      read = null;
    }
    const byDate = new Map(read?.nights.map((n) => [n.date, n]) ?? []);
    for (const [date, v] of values) {
      const night = byDate.get(date);
      if (night && !availabilityRead) v.available = night.available;
      if (!wanted) continue;
      v.plans.set(
        plan,
        night
          ? {
              rateBaisa: night.priceBaisa,
              minStay: night.restrictions.minStay ?? 1,
              maxStay: night.restrictions.maxStay ?? 0,
              stopSell: night.restrictions.closed,
              closedToArrival: night.restrictions.closedToArrival,
              closedToDeparture: night.restrictions.closedToDeparture,
            }
          : { stopSell: true },
      );
    }
    if (read) availabilityRead = true;
  }
  return values;
}

const nextDay = (a: string, b: string) => addDays(a, 1) === b;

/**
 * One channel room type's availability (`ratePlan` and `ratePlanId` ''), or one channel rate plan's
 * prices and restrictions, night by night: our codes (for staff) and the channel's ids.
 */
export type Series<V = number | RestrictionFields> = {
  roomType: string;
  ratePlan: string;
  roomTypeId: string;
  ratePlanId: string;
  nights: { date: string; value: V }[];
};

/** A value to send, with what the sender keeps of it: our codes and its canonical text. */
export type Outgoing = {
  roomType: string;
  ratePlan: string;
  value: AvailabilityValue | RestrictionValue;
  canon: string;
};

/** A night's value as text: equal values, equal texts (what `channel_sent.value` holds). */
export function canonical(value: number | RestrictionFields): string {
  if (typeof value === 'number') return String(value);
  const bit = (b: boolean | undefined) => (b === undefined ? '' : b ? '1' : '0');
  return [
    value.rateBaisa ?? '',
    value.minStay ?? '',
    value.maxStay ?? '',
    bit(value.stopSell),
    bit(value.closedToArrival),
    bit(value.closedToDeparture),
  ].join('|');
}

/**
 * The night-by-night values for the outbox's rows of one kind: `rows` are (room type or `*`,
 * night or `*`). Types without a mapping are skipped (nothing of theirs is on the channel).
 */
export async function seriesFor(
  db: Db,
  kind: 'availability' | 'restrictions',
  rows: { roomType: string; night: string }[],
  mappings: Mappings,
  today: string,
): Promise<Series[]> {
  const typeIds = new Map(mappings.roomTypes.map((m) => [m.code, m.channelId]));
  const nightsByType = new Map<string, string[]>();
  for (const row of rows) {
    const types = row.roomType === '*' ? [...typeIds.keys()] : [row.roomType];
    for (const type of types) {
      if (!typeIds.has(type)) continue;
      const list = nightsByType.get(type) ?? [];
      list.push(row.night);
      nightsByType.set(type, list);
    }
  }
  const series: Series[] = [];
  for (const [type, listed] of nightsByType) {
    const nights = nightsToSend(listed, today);
    if (nights.length === 0) continue;
    const planIds = new Map(
      mappings.ratePlans.filter((m) => m.roomType === type).map((m) => [m.ratePlan, m.channelId]),
    );
    const values = await typeValues(db, type, nights, kind === 'restrictions' ? [...planIds.keys()] : []);
    const roomTypeId = typeIds.get(type)!;
    if (kind === 'availability') {
      series.push({
        roomType: type,
        ratePlan: '',
        roomTypeId,
        ratePlanId: '',
        nights: nights.map((date) => ({ date, value: values.get(date)!.available })),
      });
      continue;
    }
    for (const [plan, ratePlanId] of planIds) {
      series.push({
        roomType: type,
        ratePlan: plan,
        roomTypeId,
        ratePlanId,
        nights: nights.map((date) => ({
          date,
          value: values.get(date)!.plans.get(plan) ?? { stopSell: true },
        })),
      });
    }
  }
  return series;
}

/**
 * The values to send for `series`: runs of consecutive nights with equal values become one range;
 * a night `send` refuses (unchanged since Channex last accepted it) is left out and breaks its run.
 */
export function rangesOf(
  series: Series[],
  send: (s: Series, date: string, canon: string) => boolean,
): Outgoing[] {
  const out: Outgoing[] = [];
  for (const s of series) {
    let run: { from: string; to: string; canon: string; value: number | RestrictionFields } | null = null;
    const flush = () => {
      if (!run) return;
      const span = { dateFrom: run.from, dateTo: run.to };
      const value =
        typeof run.value === 'number'
          ? { roomTypeId: s.roomTypeId, ...span, availability: run.value }
          : { roomTypeId: s.roomTypeId, ratePlanId: s.ratePlanId, ...span, ...run.value };
      out.push({ roomType: s.roomType, ratePlan: s.ratePlan, value, canon: run.canon });
      run = null;
    };
    for (const night of s.nights) {
      const canon = canonical(night.value);
      if (!send(s, night.date, canon)) {
        flush();
        continue;
      }
      if (run && nextDay(run.to, night.date) && run.canon === canon) run.to = night.date;
      else {
        flush();
        run = { from: night.date, to: night.date, canon, value: night.value };
      }
    }
    flush();
  }
  return out;
}
