import { nightsBetween } from './money';

/**
 * The price of a changed stay, one rule for the server (guests' changes and staff's edits) and for
 * the desk's preview before saving: `ratedTotalBaisa`, the new stay priced on its plan as a new
 * request's would be (GET /api/quote; modules/rates `priceStay`), unless a manager set the price
 * by hand. `override` is a new one (a number, 0 for complimentary; null takes it away);
 * without it, a price set earlier keeps its price per night, the total scaled to the new number of
 * nights (a complimentary stay stays complimentary).
 */
export function changedStayPrice(
  current: { checkInDate: string; checkOutDate: string; priceOverrideBaisa: number | null },
  stay: { checkInDate: string; checkOutDate: string },
  ratedTotalBaisa: number,
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
  return { totalPrice: ratedTotalBaisa, priceOverrideBaisa: null };
}
