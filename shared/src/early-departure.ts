import { addDays } from './dates';
import { nightsBetween } from './money';
import { nightPricesSummingTo } from './rates';

/**
 * What a check-out on `today` (the hotel's date) makes of a stay: a guest leaving before the
 * booked departure ends the stay that day (its first night at least), and its total becomes that
 * of the nights stayed. A stay that keeps its nightly prices (decision 061)
 * keeps those of the nights stayed, its total their sum; a price a manager set by hand, or a stay
 * without nightly prices, is scaled by the nights stayed (rounded to the baisa), its nightly prices
 * (if any) then spread to sum to it. The server's check-out writes it; the desk shows it before
 * staff confirm.
 */
export function departureOnCheckOut(
  stay: {
    checkInDate: string;
    checkOutDate: string;
    totalPrice: number | null;
    nightPrices?: readonly number[] | null;
    priceOverrideBaisa?: number | null;
  },
  today: string,
): { checkOutDate: string; totalPrice: number | null; nightPrices: number[] | null; early: boolean } {
  const nightPrices = stay.nightPrices ? [...stay.nightPrices] : null;
  const asBooked = {
    checkOutDate: stay.checkOutDate,
    totalPrice: stay.totalPrice,
    nightPrices,
    early: false,
  };
  if (today >= stay.checkOutDate) return asBooked;
  const firstNightEnd = addDays(stay.checkInDate, 1);
  const checkOutDate = today > firstNightEnd ? today : firstNightEnd;
  if (checkOutDate >= stay.checkOutDate) return asBooked;
  const stayed = nightsBetween(stay.checkInDate, checkOutDate);
  const booked = nightsBetween(stay.checkInDate, stay.checkOutDate);
  const kept = nightPrices && nightPrices.length === booked ? nightPrices.slice(0, stayed) : null;
  if (kept && (stay.priceOverrideBaisa ?? null) === null) {
    return { checkOutDate, totalPrice: kept.reduce((a, b) => a + b, 0), nightPrices: kept, early: true };
  }
  const totalPrice = stay.totalPrice === null ? null : Math.round((stay.totalPrice * stayed) / booked);
  return {
    checkOutDate,
    totalPrice,
    nightPrices: kept && totalPrice !== null ? nightPricesSummingTo(kept, totalPrice) : null,
    early: true,
  };
}
