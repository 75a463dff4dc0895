import type { EventKind } from '@shared/revenue';
import { roomsAtLead, type Curve } from './booking-curves';

/**
 * The forecast's method (docs/decisions/094), on plain values: no database, so the worker, the
 * backtest and the offline measurement (`npm run history:generate -- --backtest`) run the same code.
 *
 * For a night d seen from the as-of day a (lead L = d - a): forecast = on the books at a + the
 * pickup expected from L to the night, additive (a ratio explodes on three bookings):
 * - recent pickup: the mean pickup from lead L of the last K nights of the same weekday and the
 *   same kind (an event's own nights when the event is running, else ordinary nights) whose final
 *   is known as of a, scaled by the season: last year's level around d against last year's
 *   level around those nights;
 * - last year's pickup from lead L of the same night last year: aligned by weekday (364 days
 *   before, with a week either side to smooth it) or, on an event's nights, the same night of
 *   the event last year (by Hijri date for the lunar ones) with its neighbours in that event,
 *   scaled by the trend (the last eight weeks' finals against the same weeks a year before);
 * - blended with weights by lead and by whether the night is an event's; clamped to the rooms for
 *   sale; an 80 % band from the spread of the pickups it learnt from.
 * A room type's pickup is shrunk toward its share of the hotel's (a type selling three rooms a
 * night learns little from its own history), then the types are reconciled with the hotel.
 */

/** A night's books: each room type's curve and final (null: not known yet), and the hotel's. */
export type NightData = {
  hotel: Curve;
  hotelFinal: number | null;
  types: Map<string, { curve: Curve; final: number | null }>;
};

/** The event a night belongs to (the strongest when several meet): its kind, first and last day. */
export type NightEvent = { kind: EventKind; start: number; end: number; uncertain: boolean };

export type MethodInput = {
  /** The as-of day (days since 1970-01-01): the forecast knows what was booked by its end. */
  asOf: number;
  /** The nights' books of the window the method reads, by day. */
  nights: Map<number, NightData>;
  /** The event of a night, or null. */
  eventOf: (day: number) => NightEvent | null;
  /** The same kind of event a year before an event that starts on `start`: its first and last day. */
  lastYearEventOf: (kind: EventKind, start: number) => { start: number; end: number } | null;
  /** The hotel's rooms for sale on a night, and a room type's (null: not the hotel's type now). */
  hotelCapacity: (day: number) => number;
  typeCapacity: (type: string) => number | null;
  /** Rooms on the books as of `asOf` that the curves do not hold yet (today's own bookings), by night and type. */
  onTheBooksNow?: Map<number, Map<string, number>>;
};

export const METHOD = {
  /** Recent nights of the same weekday the pickup is learnt from. */
  recentNights: 8,
  /** How far back (days) they are looked for. */
  recentWindow: 112,
  /** Fewer nights of the event's own kind than this: ordinary nights are used. */
  minSameKind: 3,
  /** Weight of the recent pickup (the rest: last year's) by lead, ordinary nights and event nights. */
  weights: [
    { upTo: 7, ordinary: 0.65, event: 0.5 },
    { upTo: 30, ordinary: 0.5, event: 0.4 },
    { upTo: 90, ordinary: 0.4, event: 0.25 },
    { upTo: Infinity, ordinary: 0.3, event: 0.15 },
  ],
  /** A room type's own pickup weighs its rooms a night against this many. */
  shrinkRooms: 6,
  /** The band: z of an 80 % interval. */
  z: 1.2816,
  /** Limits of the season and trend factors. */
  factor: { min: 0.5, max: 2 },
  /** Last year's event nights either side of the aligned one the pickup is averaged over. */
  eventNeighbours: 3,
  /** Weeks either side of last year's same weekday (ordinary nights). */
  lastYearWeeks: 1,
  /** Days of the trend's window (before the as-of day, against the same days a year before). */
  trendDays: 56,
} as const;

const DAY_WEEK = 7;
const YEAR = 364;

export type Pickup = {
  /** Expected rooms picked up from the lead to the night. */
  pickup: number;
  /** Its spread (for the band). */
  spread: number;
  recent: { pickup: number | null; nights: number };
  lastYear: { pickup: number | null; night: number | null; byEvent: boolean };
  season: number;
  trend: number;
};

type Series = {
  curve: (night: number) => Curve | null;
  final: (night: number) => number | null;
};

function hotelSeries(input: MethodInput): Series {
  return {
    curve: (n) => input.nights.get(n)?.hotel ?? null,
    final: (n) => (n < input.asOf ? (input.nights.get(n)?.hotelFinal ?? null) : null),
  };
}

function typeSeries(input: MethodInput, type: string): Series {
  return {
    curve: (n) => input.nights.get(n)?.types.get(type)?.curve ?? null,
    final: (n) => {
      if (n >= input.asOf) return null;
      const night = input.nights.get(n);
      if (!night || night.hotelFinal === null) return null;
      return night.types.get(type)?.final ?? 0;
    },
  };
}

/** The rooms a night picked up from `lead` days before it to its final (null: final not known). */
function pickupOf(series: Series, night: number, lead: number): number | null {
  const final = series.final(night);
  if (final === null) return null;
  const curve = series.curve(night);
  return final - (curve ? roomsAtLead(curve, lead) : 0);
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** The kind a night counts as (an event's, or 'ordinary'). */
const kindOf = (input: MethodInput, day: number) => input.eventOf(day)?.kind ?? 'ordinary';

/** The last nights before the as-of day with the weekday and kind of `night` whose final is known. */
function recentNights(input: MethodInput, series: Series, night: number): number[] {
  const kind = kindOf(input, night);
  const pick = (wanted: string) => {
    const found: number[] = [];
    // The same weekday, from the last one before the as-of day backwards.
    let h = night - DAY_WEEK * Math.max(1, Math.ceil((night - input.asOf + 1) / DAY_WEEK));
    for (; h >= input.asOf - METHOD.recentWindow && found.length < METHOD.recentNights; h -= DAY_WEEK) {
      if (kindOf(input, h) === wanted && series.final(h) !== null) found.push(h);
    }
    return found;
  };
  if (kind !== 'ordinary') {
    const same = pick(kind);
    if (same.length >= METHOD.minSameKind) return same;
  }
  return pick('ordinary');
}

/** Last year's nights aligned with `night`: the same night of last year's event, or the same weekday a year before (a week either side). */
function lastYearNights(input: MethodInput, night: number): { nights: number[]; byEvent: boolean } {
  const event = input.eventOf(night);
  if (event) {
    const before = input.lastYearEventOf(event.kind, event.start);
    if (before) {
      // The same night of last year's event, and its neighbours within the event (a single night is noisy).
      const offset = Math.min(night - event.start, before.end - before.start);
      const nights = [before.start + offset];
      for (let k = 1; k <= METHOD.eventNeighbours; k++) {
        if (offset - k >= 0) nights.push(before.start + offset - k);
        if (before.start + offset + k <= before.end) nights.push(before.start + offset + k);
      }
      return { nights, byEvent: true };
    }
  }
  const same = night - YEAR;
  const nights = [same];
  for (let k = 1; k <= METHOD.lastYearWeeks; k++) {
    for (const n of [same - k * DAY_WEEK, same + k * DAY_WEEK])
      if (kindOf(input, n) === kindOf(input, same)) nights.push(n);
  }
  return { nights, byEvent: false };
}

/** Finals summed over nights (those known), and how many. */
function finalsOf(series: Series, nights: number[]) {
  let sum = 0;
  let count = 0;
  for (const n of nights) {
    const f = series.final(n);
    if (f !== null) {
      sum += f;
      count += 1;
    }
  }
  return { sum, count };
}

/** A ratio of two levels, within limits (1 when either is unknown or empty). */
function ratio(a: { sum: number; count: number }, b: { sum: number; count: number }) {
  if (a.count === 0 || b.count === 0 || b.sum <= 0) return 1;
  return clamp(a.sum / a.count / (b.sum / b.count), METHOD.factor.min, METHOD.factor.max);
}

/** The weight of the recent pickup at a lead. */
function recentWeight(lead: number, event: boolean) {
  const w = METHOD.weights.find((x) => lead <= x.upTo)!;
  return event ? w.event : w.ordinary;
}

/** The trend: the weeks before the as-of day against the same weeks a year before. */
export function trendOf(input: MethodInput, series: Series): number {
  const recent: number[] = [];
  for (let n = input.asOf - METHOD.trendDays; n < input.asOf; n++) recent.push(n);
  return ratio(
    finalsOf(series, recent),
    finalsOf(
      series,
      recent.map((n) => n - YEAR),
    ),
  );
}

/** The pickup expected for `night` from `lead` (see the module's comment). */
export function expectedPickup(input: MethodInput, series: Series, night: number, trend: number): Pickup {
  const lead = night - input.asOf;
  const recent = recentNights(input, series, night);
  const recentPickups = recent.map((h) => pickupOf(series, h, lead)).filter((p): p is number => p !== null);
  // The season: last year's level around the night against last year's level around the recent nights.
  const season = ratio(
    finalsOf(series, [
      night - YEAR - 14,
      night - YEAR - 7,
      night - YEAR,
      night - YEAR + 7,
      night - YEAR + 14,
    ]),
    finalsOf(
      series,
      recent.map((h) => h - YEAR),
    ),
  );
  const recentPickup = recentPickups.length ? mean(recentPickups) * season : null;

  const aligned = lastYearNights(input, night);
  const lastYearPickups = aligned.nights
    .map((h) => pickupOf(series, h, lead))
    .filter((p): p is number => p !== null);
  const lastYearPickup = lastYearPickups.length ? mean(lastYearPickups) * trend : null;

  const event = input.eventOf(night) !== null;
  let pickup: number;
  if (recentPickup !== null && lastYearPickup !== null) {
    const w = recentWeight(lead, event);
    pickup = w * recentPickup + (1 - w) * lastYearPickup;
  } else pickup = recentPickup ?? lastYearPickup ?? 0;

  const samples = [...recentPickups.map((p) => p * season), ...lastYearPickups.map((p) => p * trend)];
  const spread =
    samples.length >= 2
      ? Math.sqrt(samples.reduce((s, p) => s + (p - mean(samples)) ** 2, 0) / (samples.length - 1))
      : Math.sqrt(Math.abs(pickup) + 1);
  return {
    pickup,
    spread,
    recent: { pickup: recentPickup, nights: recentPickups.length },
    lastYear: { pickup: lastYearPickup, night: aligned.nights[0] ?? null, byEvent: aligned.byEvent },
    season,
    trend,
  };
}

export type NightForecast = {
  day: number;
  lead: number;
  onTheBooks: number;
  forecast: number;
  low: number;
  high: number;
  capacity: number;
  constrained: boolean;
  pickup: Pickup;
  byType: Map<string, { onTheBooks: number; forecast: number; capacity: number | null }>;
};

/** The rooms on the books of a night as of the as-of day: its curve there, or what is known now. */
function onTheBooksOf(input: MethodInput, night: number, type: string | null): number {
  const now = input.onTheBooksNow?.get(night);
  const data = input.nights.get(night);
  const lead = night - input.asOf;
  if (type === null) {
    let rooms = data ? roomsAtLead(data.hotel, lead) : 0;
    if (now) for (const extra of now.values()) rooms += extra;
    return rooms;
  }
  const curve = data?.types.get(type)?.curve;
  return (curve ? roomsAtLead(curve, lead) : 0) + (now?.get(type) ?? 0);
}

/**
 * The forecast of the nights `first`..`last` (days, at or after the as-of day), the hotel's and
 * each room type's (the hotel's types and any type the books hold).
 */
export function forecastNights(
  input: MethodInput,
  first: number,
  last: number,
  types: string[],
): NightForecast[] {
  const hotel = hotelSeries(input);
  const trend = trendOf(input, hotel);
  const perType = types.map((type) => {
    const series = typeSeries(input, type);
    const recent: number[] = [];
    for (let n = input.asOf - 56; n < input.asOf; n++) recent.push(n);
    return { type, series, trend: trendOf(input, series), level: finalsOf(series, recent) };
  });
  const hotelLevel = perType.reduce((s, t) => s + t.level.sum, 0);
  const out: NightForecast[] = [];
  for (let night = first; night <= last; night++) {
    const lead = night - input.asOf;
    const capacity = input.hotelCapacity(night);
    const onTheBooks = onTheBooksOf(input, night, null);
    const pickup = expectedPickup(input, hotel, night, trend);
    const point = clamp(onTheBooks + pickup.pickup, 0, Math.max(capacity, onTheBooks));
    const half = METHOD.z * pickup.spread;
    const low = clamp(Math.floor(point - half), 0, point);
    const high = clamp(Math.ceil(point + half), Math.ceil(point), Math.max(capacity, onTheBooks));

    // Each type: its own pickup shrunk toward its share of the hotel's, then reconciled with the hotel's.
    const typed = perType.map((t) => {
      const share = hotelLevel > 0 ? t.level.sum / hotelLevel : 1 / Math.max(1, perType.length);
      const own = expectedPickup(input, t.series, night, t.trend).pickup;
      const roomsANight = t.level.count ? t.level.sum / t.level.count : 0;
      const alpha = roomsANight / (roomsANight + METHOD.shrinkRooms);
      return {
        type: t.type,
        share,
        onTheBooks: onTheBooksOf(input, night, t.type),
        pickup: alpha * own + (1 - alpha) * share * pickup.pickup,
      };
    });
    const gap = pickup.pickup - typed.reduce((s, t) => s + t.pickup, 0);
    const byType = new Map<string, { onTheBooks: number; forecast: number; capacity: number | null }>();
    for (const t of typed) {
      const cap = input.typeCapacity(t.type);
      const value = t.onTheBooks + t.pickup + gap * t.share;
      byType.set(t.type, {
        onTheBooks: t.onTheBooks,
        forecast:
          Math.round(clamp(value, 0, cap === null ? Infinity : Math.max(cap, t.onTheBooks)) * 10) / 10,
        capacity: cap,
      });
    }
    out.push({
      day: night,
      lead,
      onTheBooks,
      forecast: Math.round(point * 10) / 10,
      low,
      high,
      capacity,
      constrained: onTheBooks + pickup.pickup >= capacity,
      pickup,
      byType,
    });
  }
  return out;
}

/** The hotel's forecast of one night only (the backtest's inner loop: no types, no band). */
export function hotelPoint(input: MethodInput, night: number, trend: number): number {
  const onTheBooks = onTheBooksOf(input, night, null);
  const pickup = expectedPickup(input, hotelSeries(input), night, trend);
  return clamp(onTheBooks + pickup.pickup, 0, Math.max(input.hotelCapacity(night), onTheBooks));
}

export { hotelSeries };

/** One method's errors over nights: sums for MAE and WAPE. */
type Errors = { abs: number; actual: number };
const emptyErrors = (): Errors => ({ abs: 0, actual: 0 });

export type BacktestCell = {
  nights: number;
  forecast: Errors;
  onTheBooks: Errors;
  lastYearFinal: Errors;
  lastYearPickup: Errors;
};
export const emptyCell = (): BacktestCell => ({
  nights: 0,
  forecast: emptyErrors(),
  onTheBooks: emptyErrors(),
  lastYearFinal: emptyErrors(),
  lastYearPickup: emptyErrors(),
});

/**
 * The backtest of one as-of day (the hotel's rooms): every night from it up to `lastNight` whose
 * final is known and whose same weekday a year before has a final, its lead, and the four
 * forecasts' errors: the method's, on the books alone, last year's final (364 days before), and
 * on the books plus last year's pickup from the same lead.
 */
export function backtestDay(
  input: MethodInput,
  lastNight: number,
  maxLead: number,
  finalOf: (night: number) => number | null,
  add: (
    lead: number,
    errors: {
      actual: number;
      forecast: number;
      onTheBooks: number;
      lastYearFinal: number;
      lastYearPickup: number;
    },
  ) => void,
) {
  const hotel = hotelSeries(input);
  const trend = trendOf(input, hotel);
  for (let night = input.asOf; night <= Math.min(lastNight, input.asOf + maxLead); night++) {
    const actual = finalOf(night);
    const lastYear = night - YEAR;
    const lastYearFinal = finalOf(lastYear);
    if (actual === null || lastYearFinal === null) continue;
    const lead = night - input.asOf;
    const onTheBooks = onTheBooksOf(input, night, null);
    const lastYearCurve = input.nights.get(lastYear)?.hotel;
    const lastYearThen = lastYearCurve ? roomsAtLead(lastYearCurve, lead) : 0;
    add(lead, {
      actual,
      forecast: hotelPoint(input, night, trend),
      onTheBooks,
      lastYearFinal,
      lastYearPickup: onTheBooks + lastYearFinal - lastYearThen,
    });
  }
}

/** Adds a night's errors to a cell. */
export function addToCell(
  cell: BacktestCell,
  e: { actual: number; forecast: number; onTheBooks: number; lastYearFinal: number; lastYearPickup: number },
) {
  cell.nights += 1;
  for (const key of ['forecast', 'onTheBooks', 'lastYearFinal', 'lastYearPickup'] as const) {
    cell[key].abs += Math.abs(e[key] - e.actual);
    cell[key].actual += e.actual;
  }
}

/** A cell's MAE (rooms) and WAPE (0..1) per method. */
export function scoresOf(cell: BacktestCell) {
  const score = (e: Errors) => ({
    mae: cell.nights ? Math.round((e.abs / cell.nights) * 100) / 100 : 0,
    wape: e.actual > 0 ? Math.round((e.abs / e.actual) * 10_000) / 10_000 : null,
  });
  return {
    nights: cell.nights,
    forecast: score(cell.forecast),
    onTheBooks: score(cell.onTheBooks),
    lastYearFinal: score(cell.lastYearFinal),
    lastYearPickup: score(cell.lastYearPickup),
  };
}
