import { addDays } from './dates';
import { nightsBetween } from './money';

/**
 * What a check-out on `today` (the hotel's date) makes of a stay: a guest leaving before the
 * booked departure ends the stay that day (its first night at least), and its total becomes that
 * of the nights stayed (every night of a stay costs the same, rounded to the baisa). The server's
 * check-out writes it; the desk shows it before staff confirm.
 */
export function departureOnCheckOut(
  stay: { checkInDate: string; checkOutDate: string; totalPrice: number | null },
  today: string,
): { checkOutDate: string; totalPrice: number | null; early: boolean } {
  if (today >= stay.checkOutDate) return { ...pick(stay), early: false };
  const firstNightEnd = addDays(stay.checkInDate, 1);
  const checkOutDate = today > firstNightEnd ? today : firstNightEnd;
  if (checkOutDate >= stay.checkOutDate) return { ...pick(stay), early: false };
  const totalPrice =
    stay.totalPrice === null
      ? null
      : Math.round(
          (stay.totalPrice * nightsBetween(stay.checkInDate, checkOutDate)) /
            nightsBetween(stay.checkInDate, stay.checkOutDate),
        );
  return { checkOutDate, totalPrice, early: true };
}

const pick = (stay: { checkOutDate: string; totalPrice: number | null }) => ({
  checkOutDate: stay.checkOutDate,
  totalPrice: stay.totalPrice,
});
