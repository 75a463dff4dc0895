import {
  GUEST_SURCHARGE_BAISA,
  MAX_GUESTS,
  MAX_STAY_NIGHTS,
  MIN_GUESTS,
  ROOM_PRICES_BAISA,
  type RoomType,
} from '@shared/constants';
import { ISO_DATE } from '@shared/dates';
import { nightsBetween, roomNightBaisa, stayTotalBaisa, type OfferNightPrices } from '@shared/money';

export type LivePrice = {
  nights: number;
  /** The night's room price (the room's, or today's lower offer) plus the guest surcharge. */
  perNightBaisa: number;
  /** Whether today's offer for the room sets the night's price (decision 014). */
  offerApplied: boolean;
  surchargePerNightBaisa: number;
  totalBaisa: number;
};

/**
 * The booking form's price box: the shared formula (nights x (night price +
 * guest surcharge), the night price being the room's or today's lower offer), or null while the stay is not complete and valid.
 * Only shown; the server computes the price it keeps.
 */
export function livePrice(input: {
  roomType: RoomType | undefined;
  guests: number;
  checkIn: string | undefined;
  checkOut: string | undefined;
  /** Today's offer prices (`useOfferNightPrices`). */
  offers?: OfferNightPrices;
}): LivePrice | null {
  const { roomType, guests, checkIn, checkOut, offers = {} } = input;
  if (!roomType || !checkIn || !checkOut || !ISO_DATE.test(checkIn) || !ISO_DATE.test(checkOut)) return null;
  if (!Number.isInteger(guests) || guests < MIN_GUESTS || guests > MAX_GUESTS) return null;
  const nights = nightsBetween(checkIn, checkOut);
  if (nights < 1 || nights > MAX_STAY_NIGHTS) return null;
  const surchargePerNightBaisa = GUEST_SURCHARGE_BAISA[guests as 1 | 2 | 3 | 4];
  const night = roomNightBaisa(roomType, offers);
  return {
    nights,
    perNightBaisa: night + surchargePerNightBaisa,
    offerApplied: night < ROOM_PRICES_BAISA[roomType].discounted,
    surchargePerNightBaisa,
    totalBaisa: stayTotalBaisa(roomType, guests, checkIn, checkOut, offers),
  };
}

/** The stay window to ask availability for, once both dates make a valid stay. */
export function stayWindow(checkIn: string | undefined, checkOut: string | undefined) {
  if (!checkIn || !checkOut || !ISO_DATE.test(checkIn) || !ISO_DATE.test(checkOut)) return undefined;
  const nights = nightsBetween(checkIn, checkOut);
  return nights >= 1 && nights <= MAX_STAY_NIGHTS ? { from: checkIn, to: checkOut } : undefined;
}
