import { and, asc, eq, isNull, lte, gte, or, sql, type SQL } from 'drizzle-orm';
import { hotelToday } from '@shared/dates';
import { offerNightPrices, offerPriceBaisa, type OfferNightPrices } from '@shared/money';
import { offers, rooms } from './tables';
import type { Db } from '../../platform/env';

/**
 * Offers with their prices. An offer with its own prices (`fixedPrices`, the spec's
 * demo offers, migration 0023) shows and charges them; any other offer's price is computed,
 * never stored as the truth: the room's original price (what the landing strikes through) less
 * the offer's whole-percent discount (shared/src/money.ts, docs/decisions/014).
 */

/** Shown on `today` (Asia/Muscat): switched on and inside its window, both days included. */
export function shownOn(today: string): SQL {
  return and(
    eq(offers.isActive, true),
    or(isNull(offers.validFrom), lte(offers.validFrom, today)),
    or(isNull(offers.validTo), gte(offers.validTo, today)),
  )!;
}

/** The query of `offersWithPrices`, for a caller that puts it in a batch; `withPrices` reads its rows. */
export function offersWithPricesQuery(db: Db, where?: SQL) {
  return (
    db
      // Named apart from offers.original_price: in a D1 batch, drizzle reads rows by column name,
      // and the two `original_price` columns would collide (the room's came back null).
      .select({ offer: offers, roomOriginal: sql<number>`${rooms.originalPrice}`.as('room_original_price') })
      .from(offers)
      .innerJoin(rooms, eq(rooms.roomType, offers.roomType))
      .where(where)
      .orderBy(asc(offers.sortOrder), asc(offers.id))
  );
}

/**
 * The rows of `offersWithPricesQuery` as offers with their prices in baisa: an offer's own fixed
 * prices, or its room's price less its discount.
 *
 * @example const [offerRows] = await db.batch([offersShownTodayQuery(db)]); const offers = withPrices(offerRows);
 */
export function withPrices(rows: Awaited<ReturnType<typeof offersWithPricesQuery>>) {
  return rows.map(({ offer, roomOriginal }) =>
    offer.fixedPrices
      ? { ...offer, originalPriceBaisa: offer.originalPrice, discountedPriceBaisa: offer.discountedPrice }
      : {
          ...offer,
          originalPriceBaisa: roomOriginal,
          discountedPriceBaisa: offerPriceBaisa(roomOriginal, offer.discount),
        },
  );
}

/** Offers joined with their room's original price, in the panel's order (one query). */
export async function offersWithPrices(db: Db, where?: SQL) {
  return withPrices(await offersWithPricesQuery(db, where));
}

export type PricedOffer = Awaited<ReturnType<typeof offersWithPrices>>[number];

/** The offers a guest sees today in Asia/Muscat. */
export function offersShownToday(db: Db, now = new Date()) {
  return offersWithPrices(db, shownOn(hotelToday(now)));
}

/**
 * The query behind `offerNightPrices`: the offers shown today, each with its
 * room's original price (decision 014: a booking made today is charged the
 * cheapest of them when it is below the room's price).
 */
export function offersShownTodayQuery(db: Db, now = new Date()) {
  return offersWithPricesQuery(db, shownOn(hotelToday(now)));
}

/** The cheapest offer shown today per room type, for a booking's price. */
export async function todaysOfferNightPrices(db: Db, now = new Date()): Promise<OfferNightPrices> {
  return offerNightPrices(withPrices(await offersShownTodayQuery(db, now)));
}

/** The next place at the end of the list, computed inside the insert. */
export const nextSortOrder = sql`(select coalesce(max(sort_order), 0) + 1 from ${offers})`;
