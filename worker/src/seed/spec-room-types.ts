import type { BedType, SmokingType } from '@shared/constants';

/**
 * The spec's four room types as the demo seed writes them (worker/src/seed/seed.ts): their codes,
 * prices, points and inventory. Once seeded they are the hotel's data (the `rooms` table,
 * migration 0065, docs/decisions/073-room-types-as-data.md), edited on /admin/room-types; nothing
 * outside the seed and the tests reads these.
 */

export const ROOM_TYPES = ['silver', 'gold', 'diamond', 'deluxe'] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

/** Spec section 9, set (a): landing and booking area prices per night. */
export const ROOM_PRICES_BAISA: Record<RoomType, { original: number; discounted: number }> = {
  silver: { original: 15_000, discounted: 12_600 },
  gold: { original: 18_000, discounted: 13_200 },
  diamond: { original: 21_000, discounted: 16_200 },
  deluxe: { original: 25_000, discounted: 17_300 },
};

/**
 * Spec section 9, set (b): the offers panel's own prices. Its original prices (13.566, 14.706,
 * 18.126, 19.266) are the offers' own; its discounted prices are the rooms'. The demo offers carry
 * them as fixed prices (migration 0023); offers staff create are priced from the room's original
 * price less their discount (money.ts offerPriceBaisa; docs/decisions/014-offer-prices.md).
 */
export const OFFER_PRICES_BAISA: Record<RoomType, { original: number; discounted: number }> = {
  silver: { original: 13_566, discounted: 12_600 },
  gold: { original: 14_706, discounted: 13_200 },
  diamond: { original: 18_126, discounted: 16_200 },
  deluxe: { original: 19_266, discounted: 17_300 },
};

/** Points earned on completing a stay, and reversed on cancelling it. */
export const POINTS_EARNED: Record<RoomType, number> = { silver: 5, gold: 10, diamond: 15, deluxe: 20 };
/** Points a free night costs in the points store. */
export const FREE_NIGHT_COST: Record<RoomType, number> = {
  silver: 150,
  gold: 160,
  diamond: 175,
  deluxe: 200,
};

/**
 * Inventory defaults and caps (admin spec section 9). The spec gives two
 * readings for smoking caps, one of which is below the default (diamond
 * smoking 4 > 3, deluxe non-smoking 4 > 3); the cap is the larger of the two
 * readings so that the defaults are always valid (docs/decisions/003).
 */
export const ROOM_INVENTORY: Record<
  RoomType,
  {
    rooms: { default: number; cap: number };
    beds: Record<BedType, { default: number; cap: number }>;
    smoking: Record<SmokingType, { default: number; cap: number }>;
  }
> = {
  silver: {
    rooms: { default: 12, cap: 12 },
    beds: { single: { default: 1, cap: 1 }, double: { default: 11, cap: 11 } },
    smoking: { smoking: { default: 4, cap: 5 }, non_smoking: { default: 8, cap: 8 } },
  },
  gold: {
    rooms: { default: 36, cap: 36 },
    beds: { single: { default: 7, cap: 7 }, double: { default: 29, cap: 29 } },
    smoking: { smoking: { default: 8, cap: 15 }, non_smoking: { default: 28, cap: 28 } },
  },
  diamond: {
    rooms: { default: 8, cap: 8 },
    beds: { single: { default: 0, cap: 0 }, double: { default: 8, cap: 8 } },
    smoking: { smoking: { default: 4, cap: 4 }, non_smoking: { default: 4, cap: 5 } },
  },
  deluxe: {
    rooms: { default: 4, cap: 4 },
    beds: { single: { default: 0, cap: 0 }, double: { default: 4, cap: 4 } },
    smoking: { smoking: { default: 0, cap: 1 }, non_smoking: { default: 4, cap: 4 } },
  },
};

/** Remaining rooms at or below `red` show red, at or below `yellow` show yellow. */
export const LOW_STOCK: Record<RoomType, { red: number; yellow: number }> = {
  silver: { red: 3, yellow: 6 },
  gold: { red: 5, yellow: 15 },
  diamond: { red: 2, yellow: 4 },
  deluxe: { red: 1, yellow: 2 },
};
