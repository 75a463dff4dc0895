import { and, asc, eq, isNull, lte, gte, or, sql, type SQL } from 'drizzle-orm';
import { hotelToday } from '../../../shared/src/dates';
import { offerPriceBaisa } from '../../../shared/src/money';
import { offers, rooms } from '../db/schema/catalog';
import type { Db } from '../env';

/**
 * Offers with their prices (issue 14). The price is computed, never stored as
 * the truth: the room's original price (what the landing strikes through) less
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

/** Offers joined with their room's original price, in the panel's order (one query). */
export async function offersWithPrices(db: Db, where?: SQL) {
  const rows = await db
    .select({ offer: offers, roomOriginal: rooms.originalPrice })
    .from(offers)
    .innerJoin(rooms, eq(rooms.roomType, offers.roomType))
    .where(where)
    .orderBy(asc(offers.sortOrder), asc(offers.id));
  return rows.map(({ offer, roomOriginal }) => ({
    ...offer,
    originalPriceBaisa: roomOriginal,
    discountedPriceBaisa: offerPriceBaisa(roomOriginal, offer.discount),
  }));
}

export type PricedOffer = Awaited<ReturnType<typeof offersWithPrices>>[number];

/** The offers a guest sees today in Asia/Muscat. */
export function offersShownToday(db: Db, now = new Date()) {
  return offersWithPrices(db, shownOn(hotelToday(now)));
}

/** The next place at the end of the list, computed inside the insert. */
export const nextSortOrder = sql`(select coalesce(max(sort_order), 0) + 1 from ${offers})`;
