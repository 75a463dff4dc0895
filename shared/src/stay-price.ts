import type { RoomType } from './constants';
import { nightsBetween, stayTotalBaisa, type OfferNightPrices } from './money';

/**
 * The price of a changed stay, one rule for the server (guests' changes and staff's edits) and for
 * the desk's preview before saving: today's offers, as a new request's, unless a manager set the
 * price by hand. `override` is a new one (a number, 0 for complimentary; null takes it away);
 * without it, a price set earlier keeps its price per night, the total scaled to the new number of
 * nights (a complimentary stay stays complimentary).
 */
export function changedStayPrice(
  current: { checkInDate: string; checkOutDate: string; priceOverrideBaisa: number | null },
  stay: { checkInDate: string; checkOutDate: string; roomType: RoomType; numberOfGuests: number },
  offers: OfferNightPrices,
  override?: number | null,
): { totalPrice: number; priceOverrideBaisa: number | null } {
  if (typeof override === 'number') return { totalPrice: override, priceOverrideBaisa: override };
  if (override === undefined && current.priceOverrideBaisa !== null) {
    const scaled = Math.round(
      (current.priceOverrideBaisa * nightsBetween(stay.checkInDate, stay.checkOutDate)) /
        nightsBetween(current.checkInDate, current.checkOutDate),
    );
    return { totalPrice: scaled, priceOverrideBaisa: scaled };
  }
  return {
    totalPrice: stayTotalBaisa(
      stay.roomType,
      stay.numberOfGuests,
      stay.checkInDate,
      stay.checkOutDate,
      offers,
    ),
    priceOverrideBaisa: null,
  };
}
