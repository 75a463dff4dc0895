import { MAX_STAY_NIGHTS } from '@shared/constants';
import { ISO_DATE, stayNights } from '@shared/dates';
import { nightsBetween } from '@shared/money';

/** A stay's price as the booking form shows it, night by night. */
export type StayPrice = {
  nights: { date: string; priceBaisa: number }[];
  totalBaisa: number;
  /**
   * True: the server's quote for the stay (what the booking will keep). False: summed from the
   * calendar's nights as last loaded on the device (offline, or the quote not answered yet): the
   * price is confirmed when the request reaches the hotel.
   */
  quoted: boolean;
};

/**
 * The booking form's price: the quote (GET /api/quote) for the stay on the chosen plan, else the
 * nights of the calendar (GET /api/availability on the same plan and guests) when every night of
 * the stay is known, else null (no valid stay yet, or nothing known of its nights). Only shown; the
 * server prices the booking itself, by the same rule as the quote (shared/src/rates.ts).
 */
export function stayPrice(input: {
  checkIn: string | undefined;
  checkOut: string | undefined;
  quote: { nights: { date: string; priceBaisa: number }[]; totalPriceBaisa: number } | undefined;
  calendar: ReadonlyMap<string, { priceBaisa: number }>;
}): StayPrice | null {
  const stay = stayWindow(input.checkIn, input.checkOut);
  if (!stay) return null;
  const dates = stayNights(stay.from, stay.to);
  const { quote } = input;
  if (quote && quote.nights.length === dates.length && quote.nights.every((n, i) => n.date === dates[i])) {
    return { nights: quote.nights, totalBaisa: quote.totalPriceBaisa, quoted: true };
  }
  const nights: StayPrice['nights'] = [];
  for (const date of dates) {
    const night = input.calendar.get(date);
    if (!night) return null;
    nights.push({ date, priceBaisa: night.priceBaisa });
  }
  return { nights, totalBaisa: nights.reduce((sum, n) => sum + n.priceBaisa, 0), quoted: false };
}

/** The stay window to ask availability for, once both dates make a valid stay. */
export function stayWindow(checkIn: string | undefined, checkOut: string | undefined) {
  if (!checkIn || !checkOut || !ISO_DATE.test(checkIn) || !ISO_DATE.test(checkOut)) return undefined;
  const nights = nightsBetween(checkIn, checkOut);
  return nights >= 1 && nights <= MAX_STAY_NIGHTS ? { from: checkIn, to: checkOut } : undefined;
}
