import { LADDER, type SuggestionLimit } from '@shared/revenue-prices';
import { roomsAtLead } from './booking-curves';
import type { MethodInput, NightForecast } from './forecast-method';

/**
 * The price ladder (docs/decisions/101, "The ladder"), on plain values: no database, no words (the
 * sentences are suggestions.ts's). For a night and room type: the base price x weekday x event x
 * pace against last year x forecast occupancy against the target, each factor damped and bounded;
 * then held to the step cap from the base, to the floor and ceiling, and rounded to the price step.
 *
 * The small hotel's trap is over-reacting to three bookings, so: a factor is half of what its
 * figures say; the pace adds two rooms to both sides of its ratio, shrinks a room type's ratio
 * toward the hotel's by its counts (n / (n + 10)), and is damped again by the hotel's counts; the
 * occupancy factor is damped by the forecast band's width; the step cap bounds the whole.
 */

const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : null);

export type WeekdayFactor = { factor: number; occupancy: number; average: number; nights: number };

/**
 * The weekday factors (0 = Sunday): each weekday's occupancy over the last LADDER.weekday.weeks
 * weeks of known nights (events' nights left out) against all of them. A weekday with fewer than
 * `minNights` known nights, or a hotel with no known night, is 1.
 */
export function weekdayFactors(input: MethodInput): (WeekdayFactor | null)[] {
  const byWeekday: number[][] = [[], [], [], [], [], [], []];
  for (let d = input.asOf - LADDER.weekday.weeks * 7; d < input.asOf; d++) {
    const final = input.nights.get(d)?.hotelFinal ?? null;
    const capacity = input.hotelCapacity(d);
    if (final === null || capacity <= 0 || input.eventOf(d)) continue;
    // Day 0 (1970-01-01) was a Thursday.
    byWeekday[(d + 4) % 7]!.push(final / capacity);
  }
  const average = mean(byWeekday.flat());
  return byWeekday.map((xs) => {
    const occupancy = mean(xs);
    if (occupancy === null || average === null || average <= 0 || xs.length < LADDER.weekday.minNights)
      return null;
    const w = LADDER.weekday;
    return {
      factor: clamp(1 + w.weight * (occupancy / average - 1), w.min, w.max),
      occupancy,
      average,
      nights: xs.length,
    };
  });
}

/** The weekday of a day number (0 = Sunday). */
export const weekdayOfDay = (day: number) => (day + 4) % 7;

export type EventFactor = {
  factor: number;
  /** Last year's event nights' occupancy and the ordinary nights' around them (null: not known). */
  lastYear: number | null;
  around: number | null;
};

/** The hotel's occupancy of the nights (those whose final is known). */
function occupancyOf(input: MethodInput, days: number[]): number | null {
  const xs: number[] = [];
  for (const d of days) {
    const final = d < input.asOf ? (input.nights.get(d)?.hotelFinal ?? null) : null;
    const capacity = input.hotelCapacity(d);
    if (final !== null && capacity > 0) xs.push(final / capacity);
  }
  return mean(xs);
}

/**
 * The event factor of a night: last year's same event's occupancy against the ordinary nights
 * within LADDER.event.aroundDays of it (null: the night is in no event; factor 1 when last year
 * is not known).
 */
export function eventFactor(input: MethodInput, day: number): EventFactor | null {
  const event = input.eventOf(day);
  if (!event) return null;
  const before = input.lastYearEventOf(event.kind, event.start);
  if (!before) return { factor: 1, lastYear: null, around: null };
  const nights: number[] = [];
  for (let d = before.start; d <= before.end; d++) nights.push(d);
  const around: number[] = [];
  for (let k = 1; k <= LADDER.event.aroundDays; k++) {
    for (const d of [before.start - k, before.end + k]) if (!input.eventOf(d)) around.push(d);
  }
  const lastYear = occupancyOf(input, nights);
  const ordinary = occupancyOf(input, around);
  if (lastYear === null || ordinary === null || ordinary <= 0)
    return { factor: 1, lastYear, around: ordinary };
  const e = LADDER.event;
  return {
    factor: clamp(1 + e.weight * (lastYear / ordinary - 1), e.min, e.max),
    lastYear,
    around: ordinary,
  };
}

export type PaceFactor = {
  factor: number;
  /** The room type's rooms on the books now and last year at the same lead, and its rooms for sale. */
  rooms: number;
  lastYearRooms: number;
  capacity: number;
  /** The aligned night last year. */
  lastYearNight: number;
};

/**
 * The pace of a night and room type: on the books now against the aligned night last year (the
 * forecast's: the same weekday, or the same night of last year's event) at the same lead. Null
 * when last year's night is not known (no history there).
 */
export function paceFactor(
  input: MethodInput,
  f: NightForecast,
  type: string,
  capacity: number,
): PaceFactor | null {
  const aligned = f.pickup.lastYear.night;
  const then = aligned === null ? undefined : input.nights.get(aligned);
  if (aligned === null || !then || then.hotelFinal === null) return null;
  const p = LADDER.pace;
  const nowHotel = f.onTheBooks;
  const thenHotel = roomsAtLead(then.hotel, f.lead);
  const nowType = f.byType.get(type)?.onTheBooks ?? 0;
  const typeCurve = then.types.get(type)?.curve;
  const thenType = typeCurve ? roomsAtLead(typeCurve, f.lead) : 0;
  const hotelRatio = (nowHotel + p.smoothing) / (thenHotel + p.smoothing);
  const typeRatio = (nowType + p.smoothing) / (thenType + p.smoothing);
  const typeCount = nowType + thenType;
  const typeWeight = typeCount / (typeCount + p.shrinkRooms);
  const ratio = typeWeight * typeRatio + (1 - typeWeight) * hotelRatio;
  const hotelCount = nowHotel + thenHotel;
  const confidence = hotelCount / (hotelCount + p.shrinkRooms);
  return {
    factor: clamp(1 + p.weight * (ratio - 1) * confidence, p.min, p.max),
    rooms: nowType,
    lastYearRooms: thenType,
    capacity,
    lastYearNight: aligned,
  };
}

export type OccupancyFactor = { factor: number; forecast: number; target: number };

/**
 * Forecast occupancy against the target: half the gap, damped by the band's width (a forecast
 * that may be 20 rooms either way moves the price less than one sure to a room).
 */
export function occupancyFactor(
  f: NightForecast,
  type: string,
  capacity: number,
  target: number,
): OccupancyFactor {
  const forecast = capacity > 0 ? (f.byType.get(type)?.forecast ?? 0) / capacity : 0;
  const confidence = clamp(1 - (f.high - f.low) / (2 * Math.max(1, f.capacity)), 0.5, 1);
  const o = LADDER.occupancy;
  return { factor: clamp(1 + o.weight * (forecast - target) * confidence, o.min, o.max), forecast, target };
}

export type LadderSettings = { stepCapPercent: number; priceStepBaisa: number };
export type LadderLimit = { floorBaisa: number; ceilingBaisa: number } | null;

export type LadderFactor = { step: 'weekday' | 'event' | 'pace' | 'occupancy'; factor: number };

export type LadderResult = {
  /** The price after each factor, then after the bounds and the rounding that moved it. */
  steps: { step: string; factor: number | null; priceBaisa: number }[];
  priceBaisa: number;
  limit: SuggestionLimit;
};

const roundTo = (x: number, step: number) => Math.round(x / step) * step;
const upTo = (x: number, step: number) => Math.ceil(x / step - 1e-9) * step;
const downTo = (x: number, step: number) => Math.floor(x / step + 1e-9) * step;

/**
 * The ladder from the base: each factor in turn, then the step cap (at most `stepCapPercent` from
 * the base either way), then the floor and ceiling (the manager's, which win over the cap), then
 * the rounding to the price step, kept inside the limits and the cap (it rounds toward the base
 * rather than past either).
 */
export function climb(
  base: number,
  factors: LadderFactor[],
  settings: LadderSettings,
  limits: LadderLimit,
): LadderResult {
  const steps: LadderResult['steps'] = [{ step: 'base', factor: null, priceBaisa: base }];
  let price = base;
  for (const f of factors) {
    price *= f.factor;
    steps.push({ step: f.step, factor: f.factor, priceBaisa: Math.round(price) });
  }
  let limit: SuggestionLimit = null;
  const cap = settings.stepCapPercent / 100;
  const low = base * (1 - cap);
  const high = base * (1 + cap);
  if (price > high || price < low) {
    price = clamp(price, low, high);
    limit = 'step_cap';
    steps.push({ step: 'step_cap', factor: null, priceBaisa: Math.round(price) });
  }
  if (limits && price < limits.floorBaisa) {
    price = limits.floorBaisa;
    limit = 'floor';
    steps.push({ step: 'floor', factor: null, priceBaisa: price });
  } else if (limits && price > limits.ceilingBaisa) {
    price = limits.ceilingBaisa;
    limit = 'ceiling';
    steps.push({ step: 'ceiling', factor: null, priceBaisa: price });
  }
  const step = settings.priceStepBaisa;
  const floor = limits?.floorBaisa ?? 0;
  const ceiling = limits?.ceilingBaisa ?? Infinity;
  // The bounds the rounded price keeps: the limits always, the cap unless a limit is past it.
  const lo = Math.max(floor, limit === 'ceiling' ? 0 : Math.min(low, ceiling));
  const hi = Math.min(ceiling, limit === 'floor' ? Infinity : Math.max(high, floor));
  let rounded = roundTo(price, step);
  if (rounded < lo) rounded = upTo(lo, step) <= hi ? upTo(lo, step) : Math.round(lo);
  if (rounded > hi) rounded = downTo(hi, step) >= lo ? downTo(hi, step) : Math.round(hi);
  rounded = Math.max(0, Math.round(rounded));
  if (rounded !== Math.round(price)) steps.push({ step: 'rounding', factor: null, priceBaisa: rounded });
  return { steps, priceBaisa: rounded, limit };
}

/**
 * The price response the expected revenue effect assumes (docs/decisions/101): the rooms still to
 * sell answer a price change with an elasticity of -2 + 1.5 x occupancy / target, within
 * [-2, -0.5].
 */
export function elasticityAt(occupancy: number, target: number): number {
  const e = LADDER.elasticity;
  return clamp(e.at0 + e.slope * (occupancy / Math.max(0.01, target)), e.min, e.max);
}

/**
 * The expected revenue effect of a room type's price moving from `current` to `suggested` on a
 * night: the rooms still to sell (the forecast less the books; where the hotel's demand passes its
 * rooms, the demand beyond them counted too) answer the change with `elasticityAt`, within the
 * rooms left; the rooms already booked keep their prices. Baisa, rounded.
 */
export function revenueEffect(
  f: NightForecast,
  type: string,
  capacity: number,
  current: number,
  suggested: number,
  target: number,
): { effectBaisa: number; elasticity: number } {
  const t = f.byType.get(type);
  if (!t || current <= 0 || capacity <= 0) return { effectBaisa: 0, elasticity: 0 };
  // Demand beyond the rooms: the hotel's unconstrained forecast against what it can sell.
  const demand = f.onTheBooks + f.pickup.pickup;
  const beyond = f.forecast > 0 && demand > f.forecast ? demand / f.forecast : 1;
  const wanted = Math.max(0, t.forecast * beyond - t.onTheBooks);
  const left = Math.max(0, capacity - t.onTheBooks);
  const sold = Math.min(left, wanted);
  const elasticity = elasticityAt(t.forecast / capacity, target);
  const after = Math.min(left, wanted * (suggested / current) ** elasticity);
  return { effectBaisa: Math.round(after * suggested - sold * current), elasticity };
}
