import { addDays } from '@shared/dates';
import type { Db } from '../../platform/env';
import { nightlyAvailability } from '../bookings';
import type { Mappings } from './mappings';
import type { AvailabilityValue, RestrictionValue } from './providers/channel-adapter';

/**
 * What the channel manager is told, computed now from the hotel's own rules (never from the
 * outbox rows, which only say what to look at again): a night's availability is the booking
 * calendar's (the allotment less the rooms held by bookings and the rooms out of order, never
 * below 0), its price and restrictions per plan those of a booking made now for the type's base
 * occupancy (modules/bookings `nightlyAvailability`, the one rule the site sells by). A retired
 * type is sent as 0 rooms and stop-sell; a plan that no longer sells the type as stop-sell. Runs
 * of equal nights become one range.
 */

/** Days ahead the channel manager is kept up to date (a full sync sends them all). */
export const HORIZON_DAYS = 500;

type NightValues = {
  available: number;
  plans: Map<string, Omit<RestrictionValue, 'roomTypeId' | 'ratePlanId' | 'dateFrom' | 'dateTo'>>;
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

/** Runs of consecutive nights with equal values, as ranges. */
function ranges<T>(nights: { date: string; value: T }[], same: (a: T, b: T) => boolean) {
  const out: { dateFrom: string; dateTo: string; value: T }[] = [];
  for (const n of nights) {
    const last = out[out.length - 1];
    if (last && nextDay(last.dateTo, n.date) && same(last.value, n.value)) last.dateTo = n.date;
    else out.push({ dateFrom: n.date, dateTo: n.date, value: n.value });
  }
  return out;
}

const sameRestrictions = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The values to send for the outbox's rows of one kind: `rows` are (room type or `*`, night or
 * `*`). Types without a mapping are skipped (nothing of theirs is on the channel).
 */
export async function valuesFor(
  db: Db,
  kind: 'availability' | 'restrictions',
  rows: { roomType: string; night: string }[],
  mappings: Mappings,
  today: string,
): Promise<AvailabilityValue[] | RestrictionValue[]> {
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
  const availability: AvailabilityValue[] = [];
  const restrictions: RestrictionValue[] = [];
  for (const [type, listed] of nightsByType) {
    const nights = nightsToSend(listed, today);
    const planIds = new Map(
      mappings.ratePlans.filter((m) => m.roomType === type).map((m) => [m.ratePlan, m.channelId]),
    );
    const values = await typeValues(db, type, nights, kind === 'restrictions' ? [...planIds.keys()] : []);
    const roomTypeId = typeIds.get(type)!;
    if (kind === 'availability') {
      const list = nights.map((date) => ({ date, value: values.get(date)!.available }));
      for (const r of ranges(list, (a, b) => a === b)) {
        availability.push({ roomTypeId, dateFrom: r.dateFrom, dateTo: r.dateTo, availability: r.value });
      }
      continue;
    }
    for (const [plan, ratePlanId] of planIds) {
      const list = nights.map((date) => ({
        date,
        value: values.get(date)!.plans.get(plan) ?? { stopSell: true },
      }));
      for (const r of ranges(list, sameRestrictions)) {
        restrictions.push({ roomTypeId, ratePlanId, dateFrom: r.dateFrom, dateTo: r.dateTo, ...r.value });
      }
    }
  }
  return kind === 'availability' ? availability : restrictions;
}
