import { formatThousandths } from './intl-cache';
import type { RoomTypeCode } from './room-type-schemas';

/**
 * What holds an amount and its currency together: a no-break space (U+00A0). A line may break
 * at an ordinary space, and a narrow column or a long sentence then left "ر.ع." (or "OMR") alone
 * at the start of the next line.
 */
export const MONEY_SPACE = '\u00a0';

/**
 * Money as people read it, on every screen and in every text of the worker: "OMR 12.600" /
 * "١٢٫٦٠٠ ر.ع.", the currency kept on the amount's line (MONEY_SPACE). The web's formatPrice and
 * the worker's formatMoney are this one formatter (docs/decisions/054-one-formatter-for-numbers.md).
 */
export function formatMoney(baisa: number, language: 'ar' | 'en'): string {
  const amount = formatOmr(baisa, language);
  return language === 'ar' ? `${amount}${MONEY_SPACE}ر.ع.` : `OMR${MONEY_SPACE}${amount}`;
}

/** Formats baisa as rials with three decimals in the given locale (ar uses Arabic-Indic digits). */
export function formatOmr(baisa: number, locale: string): string {
  // 1000 baisa to the rial: the rial's three decimals are the baisa (intl-cache.ts).
  return formatThousandths(baisa, locale === 'ar' ? 'ar' : 'en');
}

/**
 * Baisa as rials for files and machines (CSV exports): three decimals, no grouping, Latin
 * digits ("12345.600"). People read `formatOmr`.
 */
export function omrDecimal(baisa: number): string {
  const whole = Math.round(Math.abs(baisa));
  const sign = baisa < 0 && whole > 0 ? '-' : '';
  return `${sign}${Math.floor(whole / 1000)}.${String(whole % 1000).padStart(3, '0')}`;
}

/** Nights between two YYYY-MM-DD dates (check-out exclusive). */
export function nightsBetween(checkIn: string, checkOut: string): number {
  const ms = Date.parse(`${checkOut}T00:00:00Z`) - Date.parse(`${checkIn}T00:00:00Z`);
  return Math.round(ms / 86_400_000);
}

/** The cheapest price of an offer shown today, per room type code (decision 014). */
export type OfferNightPrices = Partial<Record<RoomTypeCode, number>>;

/** The lowest offer price per room type, from the offers shown today. */
export function offerNightPrices(
  offers: Iterable<{ roomType: RoomTypeCode; discountedPriceBaisa: number }>,
): OfferNightPrices {
  const cheapest: OfferNightPrices = {};
  for (const o of offers) {
    const seen = cheapest[o.roomType];
    if (seen === undefined || o.discountedPriceBaisa < seen) cheapest[o.roomType] = o.discountedPriceBaisa;
  }
  return cheapest;
}

/**
 * A night's price of a room type for its base occupancy (decision 014): the type's own price
 * (`rooms.price_per_night`, the standard plan's default night), or the cheapest offer shown today
 * for that type when it is lower, so an offer's advertised price is the price a booking made today
 * is charged.
 */
export function typeNightBaisa(
  type: { code: RoomTypeCode; priceBaisa: number },
  offers: OfferNightPrices = {},
): number {
  const offer = offers[type.code];
  return offer !== undefined && offer < type.priceBaisa ? offer : type.priceBaisa;
}

/**
 * The one offer price rule (docs/decisions/014-offer-prices.md): an offer takes
 * its whole-percent discount off the room's original price (the landing's
 * struck-through price), rounded to the nearest baisa. The offers panel and the
 * landing therefore show the same original price for the same room.
 */
export function offerPriceBaisa(roomOriginalBaisa: number, discountPercent: number): number {
  if (!Number.isInteger(discountPercent) || discountPercent < 0 || discountPercent > 100) {
    throw new RangeError('discount must be a whole percent 0..100');
  }
  return Math.round((roomOriginalBaisa * (100 - discountPercent)) / 100);
}
