import { and, asc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { storedGuests, type GivenGuests } from '@shared/guest-counts';
import { offerNightPrices, typeNightBaisa, type OfferNightPrices } from '@shared/money';
import type { Quote } from '@shared/rate-schemas';
import { occupancyRefusal, type RoomTypeCode, type RoomTypeView } from '@shared/room-type-schemas';
import {
  planChain,
  planExtraGuestBaisa,
  quoteStay,
  rateLookup,
  type CancellationRule,
  type RateNight,
  type RatePlan,
} from '@shared/rates';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { offersShownTodayQuery, roomTypeQuery, roomTypeView, roomTypesQuery, withPrices } from '../catalog';
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
    public: row.public,
    extraGuestPriceBaisa: row.extraGuestPriceBaisa,
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
  roomType: RoomTypeCode | SQL,
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

/**
 * Every plan's rows for every room type the hotel has on the nights [from, to], along the primary
 * key (plan, room type, night: one seek per plan and type, the types a handful of rows).
 */
export function rateNightsAllTypesQuery(db: Db, from: string, to: string) {
  const types = roomTypesQuery(db).as('types');
  return db
    .select()
    .from(rateNights)
    .where(
      and(
        inArray(rateNights.ratePlan, db.select({ code: ratePlans.code }).from(ratePlans)),
        inArray(rateNights.roomType, db.select({ code: types.roomType }).from(types)),
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
 * that does not exist, is retired (for guests), or does not sell the room type. A private plan
 * (`public` false) is sold only to a booking whose company has it (`companyPlans`, the codes of
 * its account): to guests it does not exist, to staff it is 400 `rate_plan_private`.
 */
export function sellablePlanChain(
  plans: ReadonlyMap<string, RatePlan>,
  code: string,
  roomType: RoomTypeCode,
  options: { staff?: boolean; companyPlans?: readonly string[] } = {},
): RatePlan[] {
  const plan = plans.get(code);
  if (!plan || (!plan.active && !options.staff) || !plan.roomTypes.includes(roomType)) {
    throw new ApiError(400, 'validation_failed', { ratePlan: 'rate_plan_unknown' });
  }
  if (!plan.public && !(options.companyPlans ?? []).includes(code)) {
    const refusal = options.staff ? 'rate_plan_private' : 'rate_plan_unknown';
    throw new ApiError(400, 'validation_failed', { ratePlan: refusal });
  }
  return planChain(plans, code);
}

/**
 * A stay to price: its guests are adults and children (`numberOfGuests` their sum); a stay that
 * names only `numberOfGuests` is that many adults.
 */
export type StayToPrice = GivenGuests & {
  roomType: RoomTypeCode;
  ratePlan: string;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number;
};

/**
 * What pricing needs of a room type: its price, the guests it includes, its own extra-guest price
 * and its limits.
 */
export type PricedType = Pick<
  RoomTypeView,
  | 'code'
  | 'priceBaisa'
  | 'baseOccupancy'
  | 'extraGuestPriceBaisa'
  | 'maxAdults'
  | 'maxChildren'
  | 'maxOccupancy'
  | 'active'
> &
  Partial<RoomTypeView>;

/** A priced stay: the quote, the plan's terms, and the room type it was priced on. */
export type PricedStay = Quote & { cancellation: CancellationRule; plan: RatePlan; type: PricedType };

/**
 * The stay's room type, as it may be sold: 400 `invalid_room_type` for a code the hotel has no
 * type of. A retired type is sold to nobody: to a guest it does not exist (`invalid_room_type`),
 * to staff and groups it is 400 `room_type_retired`. Only a stay that already has the type keeps
 * it (`retiredType`: an edit that leaves the type as it is).
 */
export function sellableType(
  row: Parameters<typeof roomTypeView>[0] | undefined,
  options: { staff?: boolean; retiredType?: boolean } = {},
): RoomTypeView {
  if (!row) throw new ApiError(400, 'validation_failed', { roomType: 'invalid_room_type' });
  if (!row.available && !options.retiredType) {
    if (options.staff) throw new ApiError(400, 'room_type_retired', { roomType: 'room_type_retired' });
    throw new ApiError(400, 'validation_failed', { roomType: 'invalid_room_type' });
  }
  return roomTypeView(row);
}

/**
 * 422 `over_occupancy` when the stay's adults and children do not fit its room type (its maximum
 * adults, children and guests together), before anything is written.
 */
export function assertFits(type: PricedType, stay: GivenGuests & { numberOfGuests: number }): void {
  const { adults, children } = storedGuests(stay);
  if (occupancyRefusal(type, adults, children)) throw new ApiError(422, 'over_occupancy');
}

/**
 * A stay priced on its plan in ONE D1 round trip (the plans, the plan chain's and standard's rows
 * of the stay's nights and departure date, today's offers, the room type's row): the nightly
 * prices and total, or 422 with the restriction that refuses it (`code` one of min_stay,
 * max_stay, closed, closed_to_arrival, closed_to_departure, with the night and the limit), 422
 * `over_occupancy` above the type's limits, 400 `invalid_room_type` for a type the hotel does not
 * have (400 `room_type_retired` to staff for a retired one). `restricted: false` (staff's own
 * bookings and edits) prices without judging restrictions; `staff` may book a retired plan.
 */
export async function priceStay(
  db: Db,
  stay: StayToPrice,
  options: PricingOptions = {},
): Promise<PricedStay> {
  return pricedFromRows(stay, await db.batch(pricingQueries(db, stay, options.now)), options);
}

export type PricingOptions = {
  restricted?: boolean;
  staff?: boolean;
  /** The negotiated plans of the booking's company: a private plan is sold only to it. */
  companyPlans?: readonly string[];
  /** Whether a retired room type may be priced: only a stay kept in the type it already has. */
  retiredType?: boolean;
  now?: Date;
  offers?: OfferNightPrices;
};

/**
 * The reads `priceStay` makes, for a caller that batches them with its own (a booking's stored
 * answer): every plan (a handful), the room type's rows of the stay's nights and departure date
 * for every plan, today's offers, and the room type's own row.
 */
export function pricingQueries(
  db: Db,
  stay: Pick<StayToPrice, 'roomType' | 'checkInDate' | 'checkOutDate'>,
  now = new Date(),
) {
  return [
    ratePlansQuery(db),
    rateNightsWindowQuery(db, stay.roomType, stay.checkInDate, stay.checkOutDate),
    offersShownTodayQuery(db, now),
    roomTypeQuery(db, stay.roomType),
  ] as const;
}

/** `priceStay` from the rows `pricingQueries` read. */
export function pricedFromRows(
  stay: StayToPrice,
  [planRows, nightRows, offerRows, typeRows]: readonly [
    RatePlanRow[],
    RateNightRow[],
    Parameters<typeof withPrices>[0],
    Parameters<typeof roomTypeView>[0][],
  ],
  options: PricingOptions = {},
): PricedStay {
  const type = sellableType(typeRows[0], options);
  const chain = sellablePlanChain(plansByCode(planRows), stay.ratePlan, stay.roomType, options);
  const offers = options.offers ?? offerNightPrices(withPrices(offerRows));
  return priced(stay, chain, nightRows.map(toRateNight), offers, { ...options, type });
}

/**
 * The quote of a stay from rows already read (the assistant's and the calendar's callers): the
 * room type's price for its base occupancy (or today's lower offer), each guest above it at the
 * extra-guest price (the night's, the plan's, the type's, the spec's: shared/src/rates.ts); 422 `over_occupancy` above the type's limits. `type` is the stay's
 * room type (modules/catalog `roomTypeView` of its row); none (the hotel has no type of the
 * stay's code) is 400 `invalid_room_type`.
 */
export function priced(
  stay: StayToPrice,
  chain: RatePlan[],
  rows: RateNight[],
  offers: OfferNightPrices,
  options: { restricted?: boolean; type?: PricedType } = {},
): PricedStay {
  const { type } = options;
  if (!type) throw new ApiError(400, 'validation_failed', { roomType: 'invalid_room_type' });
  assertFits(type, stay);
  const guests = storedGuests(stay);
  const quote = quoteStay({
    chain,
    rates: rateLookup(rows),
    checkInDate: stay.checkInDate,
    checkOutDate: stay.checkOutDate,
    numberOfGuests: guests.numberOfGuests,
    roomTypePriceBaisa: () => typeNightBaisa(type, offers),
    baseOccupancy: type.baseOccupancy,
    roomTypeExtraGuestBaisa: type.extraGuestPriceBaisa,
    restricted: options.restricted,
  });
  if (!quote.ok) {
    const { code, ok: _ok, ...restriction } = quote;
    throw new ApiError(422, code, undefined, { restriction });
  }
  return {
    ratePlan: chain[0]!.code,
    roomType: stay.roomType,
    ...guests,
    nights: quote.nights,
    totalPriceBaisa: quote.totalPriceBaisa,
    cancellation: chain[0]!.cancellation,
    plan: chain[0]!,
    type,
  };
}

/** A plan as guests see it: with what each further guest pays a night in each type it sells. */
export type SellablePlan = RatePlan & {
  /**
   * By room type: what each guest beyond the type's base occupancy adds to a night of this plan
   * that the rate calendar gives nothing of its own (the plan's price, its parent's adjusted, the
   * type's, the spec's: shared/src/rates.ts `planExtraGuestBaisa`), at the type's price.
   */
  extraGuestBaisa: Record<RoomTypeCode, number>;
};

/**
 * The plans guests may book (GET /api/rate-plans): active public ones, standard first. One D1
 * round trip: every plan and every room type (a handful of rows each).
 */
export async function sellablePlans(db: Db): Promise<SellablePlan[]> {
  const [planRows, typeRows] = await db.batch([ratePlansQuery(db), roomTypesQuery(db)]);
  const plans = plansByCode(planRows);
  const types = new Map(typeRows.map((row) => [row.roomType, roomTypeView(row)]));
  return planRows
    .filter((p) => p.active && p.public)
    .map((row) => {
      const plan = plans.get(row.code)!;
      const chain = planChain(plans, plan.code);
      const extraGuestBaisa: Record<RoomTypeCode, number> = {};
      for (const code of plan.roomTypes) {
        const type = types.get(code);
        if (type) extraGuestBaisa[code] = planExtraGuestBaisa(chain, type);
      }
      return { ...plan, extraGuestBaisa };
    });
}
