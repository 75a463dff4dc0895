import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { ROOM_TYPES, type RoomType } from '@shared/constants';
import { offerNightPrices, roomNightBaisa, type OfferNightPrices } from '@shared/money';
import type { Quote } from '@shared/rate-schemas';
import {
  planChain,
  quoteStay,
  rateLookup,
  type CancellationRule,
  type RateNight,
  type RatePlan,
} from '@shared/rates';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { offersShownTodayQuery, withPrices } from '../catalog';
import { rateNights, ratePlans, type RatePlanRow, type RateNightRow } from './tables';

/**
 * The one price of a stay (decision 061): GET /api/quote, every
 * booking (the form, quick and desk bookings, the assistant's), a guest's change and staff's edit
 * price through `priceStay`, so what a guest is quoted is what the booking keeps.
 */

export function toRatePlan(row: RatePlanRow): RatePlan {
  return {
    code: row.code,
    nameAr: row.nameAr,
    nameEn: row.nameEn,
    roomTypes: row.roomTypes,
    breakfastIncluded: row.breakfastIncluded,
    cancellation: row.cancellation,
    deposit: row.deposit,
    confirmOnDeposit: row.confirmOnDeposit,
    parentCode: row.parentCode,
    parentAdjustmentPercent: row.parentAdjustmentPercent,
    active: row.active,
  };
}

/** A rate calendar row as the pricing rule reads it (shared/src/rates.ts). */
export function toRateNight(row: RateNightRow): RateNight {
  return {
    ratePlan: row.ratePlan,
    roomType: row.roomType,
    night: row.night,
    priceBaisa: row.priceBaisa,
    singlePriceBaisa: row.singlePriceBaisa,
    extraGuestPriceBaisa: row.extraGuestPriceBaisa,
    minStay: row.minStay,
    maxStay: row.maxStay,
    closed: row.closed,
    closedToArrival: row.closedToArrival,
    closedToDeparture: row.closedToDeparture,
  };
}

/** Every plan (a handful of rows), in the order staff set. */
export function ratePlansQuery(db: Db) {
  return db.select().from(ratePlans).orderBy(asc(ratePlans.sortOrder), asc(ratePlans.code));
}

/**
 * Every plan's rows for one room type on the nights [from, to] (inclusive: a stay's nights and its
 * departure date), along the primary key (plan, room type, night: each plan's range is one seek).
 * Plans are few, so the rows are bounded by the nights asked, never by history. The room type and
 * the bounds may be SQL read in the same statement (the assistant reads them from its draft).
 */
export function rateNightsWindowQuery(
  db: Db,
  roomType: RoomType | SQL,
  from: string | SQL,
  to: string | SQL,
) {
  return db
    .select()
    .from(rateNights)
    .where(
      and(
        inArray(rateNights.ratePlan, db.select({ code: ratePlans.code }).from(ratePlans)),
        eq(rateNights.roomType, roomType),
        gte(rateNights.night, from),
        lte(rateNights.night, to),
      ),
    );
}

/** Every plan's rows for every room type on the nights [from, to], along the primary key. */
export function rateNightsAllTypesQuery(db: Db, from: string, to: string) {
  return db
    .select()
    .from(rateNights)
    .where(
      and(
        inArray(rateNights.ratePlan, db.select({ code: ratePlans.code }).from(ratePlans)),
        inArray(rateNights.roomType, [...ROOM_TYPES]),
        gte(rateNights.night, from),
        lte(rateNights.night, to),
      ),
    );
}

/**
 * The plans' rows as pricing plans, by code.
 *
 * @example const plans = plansByCode(await ratePlansQuery(db));
 */
export const plansByCode = (rows: RatePlanRow[]) => new Map(rows.map((r) => [r.code, toRatePlan(r)]));

/**
 * The plan a guest (or the desk) books on, and its parents: 400 `rate_plan_unknown` for a plan
 * that does not exist, is retired (for guests), or does not sell the room type.
 */
export function sellablePlanChain(
  plans: ReadonlyMap<string, RatePlan>,
  code: string,
  roomType: RoomType,
  options: { staff?: boolean } = {},
): RatePlan[] {
  const plan = plans.get(code);
  if (!plan || (!plan.active && !options.staff) || !plan.roomTypes.includes(roomType)) {
    throw new ApiError(400, 'validation_failed', { ratePlan: 'rate_plan_unknown' });
  }
  return planChain(plans, code);
}

export type StayToPrice = {
  roomType: RoomType;
  ratePlan: string;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
};

export type PricedStay = Quote & { cancellation: CancellationRule; plan: RatePlan };

/**
 * A stay priced on its plan in ONE D1 round trip (the plans, the plan chain's and standard's rows
 * of the stay's nights and departure date, today's offers): the nightly prices and total, or 422
 * with the restriction that refuses it (`code` one of min_stay, max_stay, closed,
 * closed_to_arrival, closed_to_departure, with the night and the limit). `restricted: false`
 * (staff's own bookings and edits) prices without judging restrictions; `staff` may book a
 * retired plan.
 */
export async function priceStay(
  db: Db,
  stay: StayToPrice,
  options: PricingOptions = {},
): Promise<PricedStay> {
  return pricedFromRows(stay, await db.batch(pricingQueries(db, stay, options.now)), options);
}

export type PricingOptions = { restricted?: boolean; staff?: boolean; now?: Date; offers?: OfferNightPrices };

/**
 * The reads `priceStay` makes, for a caller that batches them with its own (a booking's stored
 * answer): every plan (a handful), the room type's rows of the stay's nights and departure date
 * for every plan, and today's offers.
 */
export function pricingQueries(db: Db, stay: StayToPrice, now = new Date()) {
  return [
    ratePlansQuery(db),
    rateNightsWindowQuery(db, stay.roomType, stay.checkInDate, stay.checkOutDate),
    offersShownTodayQuery(db, now),
  ] as const;
}

/** `priceStay` from the rows `pricingQueries` read. */
export function pricedFromRows(
  stay: StayToPrice,
  [planRows, nightRows, offerRows]: readonly [
    RatePlanRow[],
    RateNightRow[],
    Parameters<typeof withPrices>[0],
  ],
  options: PricingOptions = {},
): PricedStay {
  const chain = sellablePlanChain(plansByCode(planRows), stay.ratePlan, stay.roomType, options);
  const offers = options.offers ?? offerNightPrices(withPrices(offerRows));
  return priced(stay, chain, nightRows.map(toRateNight), offers, options);
}

/** The quote of a stay from rows already read (the assistant's and the calendar's callers). */
export function priced(
  stay: StayToPrice,
  chain: RatePlan[],
  rows: RateNight[],
  offers: OfferNightPrices,
  options: { restricted?: boolean } = {},
): PricedStay {
  const quote = quoteStay({
    chain,
    rates: rateLookup(rows),
    checkInDate: stay.checkInDate,
    checkOutDate: stay.checkOutDate,
    numberOfGuests: stay.numberOfGuests,
    roomTypePriceBaisa: () => roomNightBaisa(stay.roomType, offers),
    restricted: options.restricted,
  });
  if (!quote.ok) {
    const { code, ok: _ok, ...restriction } = quote;
    throw new ApiError(422, code, undefined, { restriction });
  }
  return {
    ratePlan: chain[0]!.code,
    roomType: stay.roomType,
    numberOfGuests: stay.numberOfGuests,
    nights: quote.nights,
    totalPriceBaisa: quote.totalPriceBaisa,
    cancellation: chain[0]!.cancellation,
    plan: chain[0]!,
  };
}

/** The plans guests may book (GET /api/rate-plans): active ones, standard first. */
export async function sellablePlans(db: Db): Promise<RatePlan[]> {
  return (await ratePlansQuery(db)).filter((p) => p.active).map(toRatePlan);
}
