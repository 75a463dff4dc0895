import { MAX_OCCUPANCY, MIN_GUESTS, STANDARD_RATE_PLAN } from './constants';
import { addDays, stayNights } from './dates';
import { nightsBetween } from './money';
import type { RoomTypeCode } from './room-type-schemas';

/**
 * Rates and restrictions (decision 061), pure, for the worker
 * (the quote, every booking's price) and the web (the calendar's and the form's figures). One
 * rule prices a stay on a plan:
 *
 * - a night's price for up to the room type's base occupancy (its `baseOccupancy`, two for the
 *   spec's four types) is the plan's own price of that night; else, for a plan with a parent, the
 *   parent's price of the night for the same guests, adjusted by the plan's percentage (rounded to
 *   the baisa); else the room type's price (with today's offer, decision 014);
 * - one guest pays the night's single price when it has one, else the base price; each guest
 *   beyond the base occupancy, adult or child, pays the extra-guest price: the night's own, else
 *   the plan's (`RatePlan.extraGuestPriceBaisa`), else the room type's, else the spec's 2.000
 *   (DEFAULT_EXTRA_GUEST_BAISA);
 * - a plan with a parent and no price of its own that night follows the parent as a whole, extras
 *   included (the parent's price for the same guests, adjusted), unless the night or the plan sets
 *   its own extra-guest price: then only the base occupancy's price is the parent's adjusted, and
 *   each guest beyond it pays that own price, not adjusted (decision 064, "Extra guests");
 * - a restriction (closed, minimum and maximum stay, closed to arrival or departure) is the
 *   plan's own for that night; else its parent's, up the chain; else plan `standard`'s, so the
 *   house rule on `standard` binds every plan unless a plan says otherwise.
 */

// (In constants.ts, which has no schema: the shell's first script asks with it, decision 087.)
export { STANDARD_RATE_PLAN };

/** The spec's surcharge for each guest beyond the base occupancy: 2.000 a night each. */
export const DEFAULT_EXTRA_GUEST_BAISA = 2_000;

/** The guests a room type's price includes when nothing says otherwise (the spec's four: two). */
export const DEFAULT_BASE_OCCUPANCY = 2;

export const RATE_RULES = {
  /** A bulk edit or a calendar read spans at most this many nights (two years). */
  maxRangeNights: 731,
  /** The rate calendar reads at most this many nights at once. */
  maxReadNights: 62,
  maxStayNights: 365,
  maxPriceBaisa: 10_000_000,
  adjustmentMin: -90,
  adjustmentMax: 200,
  maxCancellationHours: 24 * 30,
  codeMax: 32,
  nameMax: 80,
} as const;

export type CancellationRule = { kind: 'free_until'; hours: number } | { kind: 'non_refundable' };
export type DepositRule = { kind: 'none' } | { kind: 'first_night' } | { kind: 'percent'; percent: number };

export type RatePlan = {
  code: string;
  nameAr: string;
  nameEn: string;
  roomTypes: RoomTypeCode[];
  breakfastIncluded: boolean;
  cancellation: CancellationRule;
  deposit: DepositRule;
  /** A pending request sold under this plan is confirmed as soon as its deposit is paid online (decision 071). */
  confirmOnDeposit: boolean;
  parentCode: string | null;
  parentAdjustmentPercent: number | null;
  active: boolean;
  /** False: a private (negotiated) plan, sold only to bookings of a company that has it. */
  public: boolean;
  /**
   * What each guest beyond the room type's base occupancy pays a night on this plan, unless a
   * night sets its own; null: none of its own (the parent's, adjusted, or the room type's).
   */
  extraGuestPriceBaisa: number | null;
};

/** What one plan has of its own for one room type and night (null: nothing set). */
export type RateNightValues = {
  priceBaisa: number | null;
  singlePriceBaisa: number | null;
  extraGuestPriceBaisa: number | null;
  minStay: number | null;
  maxStay: number | null;
  closed: boolean | null;
  closedToArrival: boolean | null;
  closedToDeparture: boolean | null;
};
export type RateNight = RateNightValues & { ratePlan: string; roomType: RoomTypeCode; night: string };

export type Restrictions = {
  closed: boolean;
  minStay: number | null;
  maxStay: number | null;
  closedToArrival: boolean;
  closedToDeparture: boolean;
};

export const RESTRICTION_CODES = [
  'closed',
  'closed_to_arrival',
  'closed_to_departure',
  'min_stay',
  'max_stay',
] as const;
export type RestrictionCode = (typeof RESTRICTION_CODES)[number];

/**
 * The plan and its parents, nearest first. Throws `RangeError('rate_plan_loop')` when a parent
 * chain comes back to a plan already in it, and `RangeError('rate_plan_unknown')` for a code
 * `plans` lacks.
 */
export function planChain(plans: ReadonlyMap<string, RatePlan>, code: string): RatePlan[] {
  const chain: RatePlan[] = [];
  const seen = new Set<string>();
  let next: string | null = code;
  while (next !== null) {
    if (seen.has(next)) throw new RangeError('rate_plan_loop');
    const plan = plans.get(next);
    if (!plan) throw new RangeError('rate_plan_unknown');
    seen.add(next);
    chain.push(plan);
    next = plan.parentCode;
  }
  return chain;
}

/** The plans a chain's prices and restrictions are read from: the chain, and `standard`. */
export function planCodesToRead(chain: readonly RatePlan[]): string[] {
  const codes = chain.map((p) => p.code);
  return codes.includes(STANDARD_RATE_PLAN) ? codes : [...codes, STANDARD_RATE_PLAN];
}

/** Rows by plan and night, for one room type. */
export type RateLookup = (ratePlan: string, night: string) => RateNightValues | undefined;

export function rateLookup(
  rows: Iterable<Pick<RateNight, 'ratePlan' | 'night'> & RateNightValues>,
): RateLookup {
  const byKey = new Map<string, RateNightValues>();
  for (const r of rows) byKey.set(`${r.ratePlan}|${r.night}`, r);
  return (ratePlan, night) => byKey.get(`${ratePlan}|${night}`);
}

function checkGuests(guests: number): void {
  if (!Number.isInteger(guests) || guests < MIN_GUESTS || guests > MAX_OCCUPANCY) {
    throw new RangeError(`guests must be ${MIN_GUESTS}..${MAX_OCCUPANCY}`);
  }
}

/** `price` adjusted by `percent` (-10: ten percent less), to the nearest baisa. */
export function adjustedBaisa(price: number, percent: number): number {
  return Math.round((price * (100 + percent)) / 100);
}

/**
 * What a night's price needs of the room type: its price for its base occupancy that night (offers
 * applied), the guests that price includes (default two), and its own extra-guest price a night
 * (null or absent: the spec's 2.000).
 */
export type NightTypePrice = {
  priceBaisa: number;
  baseOccupancy?: number;
  extraGuestPriceBaisa?: number | null;
};

/** The guests the room type's price includes. */
const baseOf = (type: NightTypePrice) => type.baseOccupancy ?? DEFAULT_BASE_OCCUPANCY;

/**
 * The price of one night for `guests` (adults and children together) on the plan at `chain[0]`
 * (the rule above), `type` the room type's price that night and what it includes.
 *
 * @example nightPriceBaisa([standard], rates, '2030-03-01', 3, { priceBaisa: 13_200, baseOccupancy: 2 })
 */
export function nightPriceBaisa(
  chain: readonly RatePlan[],
  rates: RateLookup,
  night: string,
  guests: number,
  type: NightTypePrice,
): number {
  checkGuests(guests);
  const base = baseOf(type);
  const priceAt = (i: number, guests: number): number => {
    const plan = chain[i]!;
    const own = rates(plan.code, night);
    const ownExtra = own?.extraGuestPriceBaisa ?? plan.extraGuestPriceBaisa;
    const beyond = Math.max(0, guests - base);
    if (own?.priceBaisa == null && plan.parentCode !== null && i + 1 < chain.length) {
      const percent = plan.parentAdjustmentPercent ?? 0;
      // The parent's night as a whole, extras included; or, with an extra-guest price of this
      // plan's own, the parent's for the guests in the price and each further guest at that price.
      if (ownExtra == null) return adjustedBaisa(priceAt(i + 1, guests), percent);
      return adjustedBaisa(priceAt(i + 1, guests - beyond), percent) + beyond * ownExtra;
    }
    const included = own?.priceBaisa ?? type.priceBaisa;
    const price = guests === 1 ? (own?.singlePriceBaisa ?? included) : included;
    const extra = ownExtra ?? type.extraGuestPriceBaisa ?? DEFAULT_EXTRA_GUEST_BAISA;
    return price + beyond * extra;
  };
  return priceAt(0, guests);
}

/** Where the price of each guest beyond the base comes from on a night (see `extraGuestSource`). */
export type ExtraGuestSource = 'own' | 'plan' | 'parent' | 'room_type' | 'default';

/**
 * Where the extra-guest price of a night on the plan at `chain[0]` comes from: the night's own,
 * the plan's, the parent plan's night adjusted (a plan with a parent, no price and no extra-guest
 * price of its own that night), the room type's, or the spec's 2.000.
 */
export function extraGuestSource(
  chain: readonly RatePlan[],
  rates: RateLookup,
  night: string,
  type: NightTypePrice,
): ExtraGuestSource {
  const plan = chain[0]!;
  const own = rates(plan.code, night);
  if (own?.extraGuestPriceBaisa != null) return 'own';
  if (plan.extraGuestPriceBaisa != null) return 'plan';
  if (own?.priceBaisa == null && plan.parentCode !== null && chain.length > 1) return 'parent';
  return type.extraGuestPriceBaisa != null ? 'room_type' : 'default';
}

/**
 * What each guest beyond the type's base occupancy adds to a night on the plan at `chain[0]` that
 * has nothing of its own on the rate calendar (the plan's, its parent's adjusted, the type's or the
 * spec's): the booking form's "each further guest adds ..." for a plan. 0 for a type whose base is
 * the most any room takes.
 */
export function planExtraGuestBaisa(chain: readonly RatePlan[], type: NightTypePrice): number {
  const base = baseOf(type);
  if (base >= MAX_OCCUPANCY) return 0;
  const none: RateLookup = () => undefined;
  return nightPriceBaisa(chain, none, '', base + 1, type) - nightPriceBaisa(chain, none, '', base, type);
}

/** The restrictions of one night on the plan at `chain[0]`: its own, its parents', then standard's. */
export function nightRestrictions(
  chain: readonly RatePlan[],
  rates: RateLookup,
  night: string,
): Restrictions {
  const rows = planCodesToRead(chain).map((code) => rates(code, night));
  const first = <K extends keyof RateNightValues>(key: K): RateNightValues[K] | null => {
    for (const row of rows) {
      const value = row?.[key];
      if (value !== null && value !== undefined) return value;
    }
    return null;
  };
  return {
    closed: first('closed') === true,
    minStay: first('minStay'),
    maxStay: first('maxStay'),
    closedToArrival: first('closedToArrival') === true,
    closedToDeparture: first('closedToDeparture') === true,
  };
}

export type StayQuote =
  | { ok: true; nights: { date: string; priceBaisa: number }[]; totalPriceBaisa: number }
  | { ok: false; code: RestrictionCode; night: string; minStay?: number; maxStay?: number };

/**
 * A stay priced on a plan, or the first restriction that refuses it: a closed night, the arrival
 * night closed to arrival, the departure date closed to departure, the arrival night's minimum or
 * maximum stay. `roomTypePriceBaisa(night)` is the room type's price for its base occupancy
 * (`baseOccupancy`, default two) that night, `roomTypeExtraGuestBaisa` its own extra-guest price
 * (null or absent: the spec's). `restricted: false` prices without judging restrictions (staff's
 * own bookings and edits).
 */
export function quoteStay(input: {
  chain: readonly RatePlan[];
  rates: RateLookup;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
  roomTypePriceBaisa: (night: string) => number;
  baseOccupancy?: number;
  roomTypeExtraGuestBaisa?: number | null;
  restricted?: boolean;
}): StayQuote {
  const { chain, rates, checkInDate, checkOutDate, numberOfGuests } = input;
  const length = nightsBetween(checkInDate, checkOutDate);
  if (length < 1) throw new RangeError('check-out must be after check-in');
  const dates = stayNights(checkInDate, checkOutDate);
  if (input.restricted !== false) {
    const refusal = stayRefusal(chain, rates, checkInDate, checkOutDate);
    if (refusal) return { ok: false, ...refusal };
  }
  const nights = dates.map((date) => ({
    date,
    priceBaisa: nightPriceBaisa(chain, rates, date, numberOfGuests, {
      priceBaisa: input.roomTypePriceBaisa(date),
      baseOccupancy: input.baseOccupancy,
      extraGuestPriceBaisa: input.roomTypeExtraGuestBaisa,
    }),
  }));
  return { ok: true, nights, totalPriceBaisa: nights.reduce((sum, n) => sum + n.priceBaisa, 0) };
}

/** The first restriction a stay breaks, or null. */
export function stayRefusal(
  chain: readonly RatePlan[],
  rates: RateLookup,
  checkInDate: string,
  checkOutDate: string,
): { code: RestrictionCode; night: string; minStay?: number; maxStay?: number } | null {
  const length = nightsBetween(checkInDate, checkOutDate);
  for (const date of stayNights(checkInDate, checkOutDate)) {
    if (nightRestrictions(chain, rates, date).closed) return { code: 'closed', night: date };
  }
  const arrival = nightRestrictions(chain, rates, checkInDate);
  if (arrival.closedToArrival) return { code: 'closed_to_arrival', night: checkInDate };
  if (nightRestrictions(chain, rates, checkOutDate).closedToDeparture) {
    return { code: 'closed_to_departure', night: checkOutDate };
  }
  if (arrival.minStay !== null && length < arrival.minStay) {
    return { code: 'min_stay', night: checkInDate, minStay: arrival.minStay };
  }
  if (arrival.maxStay !== null && length > arrival.maxStay) {
    return { code: 'max_stay', night: checkInDate, maxStay: arrival.maxStay };
  }
  return null;
}

/** The nights [from, to] inclusive of a bulk edit, kept to `weekdays` (0 = Sunday ... 6). */
export function nightsOfRange(from: string, to: string, weekdays?: readonly number[]): string[] {
  const all = stayNights(from, addDays(to, 1));
  if (!weekdays || weekdays.length === 0) return all;
  const keep = new Set(weekdays);
  return all.filter((night) => keep.has(new Date(`${night}T00:00:00Z`).getUTCDay()));
}

/**
 * A booking's nightly prices summing to `total` exactly: `prices` as they are when they already
 * do; else (a manager's price by hand) the total spread evenly, the remainder on the first nights.
 */
export function nightPricesSummingTo(prices: readonly number[], total: number): number[] {
  if (prices.reduce((a, b) => a + b, 0) === total) return [...prices];
  const n = prices.length;
  const each = Math.floor(total / n);
  const rest = total - each * n;
  return prices.map((_, i) => each + (i < rest ? 1 : 0));
}
