import { and, gte, lt, sql } from 'drizzle-orm';
import { type BookingRequest } from '@shared/booking-schemas';
import { addDays, hotelToday, stayNights } from '@shared/dates';
import { storedGuests } from '@shared/guest-counts';
import { nightsBetween } from '@shared/money';
import { occupancyRefusal, type RoomTypeCode } from '@shared/room-type-schemas';
import { bookingNights } from './tables';
import { allotmentTotalsQueries, blockedNightsQuery } from '../inventory';
import { blockNights } from './block-nights-port';
import type { Db } from '../../platform/env';
import { roomTypesQuery, roomTypeView } from '../catalog';

/** How far around the asked check-in other dates are looked for (days before, after). */
const ALTERNATIVE_DAYS_BEFORE = 7;

const ALTERNATIVE_DAYS_AFTER = 14;

const ALTERNATIVE_DATES = 3;

export type BookingAlternatives = {
  /**
   * Other room types with a room free for the same dates (cheapest first): the hotel's active
   * types that take the stay's adults and children.
   */
  roomTypes: { roomType: RoomTypeCode; availableCount: number }[];
  /** The same room, bed and smoking choice on other dates of the same length, nearest first. */
  dates: { checkInDate: string; checkOutDate: string }[];
};

/**
 * What a guest refused for want of rooms can book instead (the form offers them):
 * read in one D1 batch (the three allotments of the chosen room and the holds on
 * each night around the stay), then walked in memory.
 */
export async function bookingAlternatives(db: Db, input: BookingRequest): Promise<BookingAlternatives> {
  const nights = nightsBetween(input.checkInDate, input.checkOutDate);
  const today = hotelToday();
  let first = addDays(input.checkInDate, -ALTERNATIVE_DAYS_BEFORE);
  if (first < today) first = today;
  const last = addDays(input.checkInDate, ALTERNATIVE_DAYS_AFTER);
  const [inventory, bed, smoking, held, blocked, typeRows] = await db.batch([
    ...allotmentTotalsQueries(db, input.roomType, input.bedType, input.smokingPreference),
    // The holds of every night around the stay (the asked stay is inside the window).
    db
      .select({
        roomType: bookingNights.roomType,
        night: bookingNights.night,
        // A group member's night is inside its block's hold (counted with the blocked rooms).
        rooms: sql<number>`sum(${bookingNights.groupId} is null)`,
        beds: sql<number>`sum(${bookingNights.bedType} = ${input.bedType})`,
        smoking: sql<number>`sum(${bookingNights.smokingType} = ${input.smokingPreference})`,
      })
      .from(bookingNights)
      .where(and(gte(bookingNights.night, first), lt(bookingNights.night, addDays(last, nights))))
      .groupBy(bookingNights.roomType, bookingNights.night),
    // Rooms out of order on those nights, and rooms group blocks hold: not sellable either.
    blockedNightsQuery(db, first, addDays(last, nights)).unionAll(
      db
        .select({
          roomType: sql<string>`g.room_type`,
          night: sql<string>`g.night`,
          rooms: sql<number>`sum(g.held)`,
        })
        .from(sql`(${blockNights().blockNightsSql(first, addDays(last, nights))}) g`)
        .groupBy(sql`g.room_type`, sql`g.night`),
    ),
    roomTypesQuery(db),
  ]);
  const total = (type: RoomTypeCode) => inventory.find((r) => r.roomType === type)?.total ?? 0;
  const blockedOn = (type: RoomTypeCode, night: string) =>
    blocked
      .filter((b) => b.roomType === type && b.night === night)
      .reduce((sum, b) => sum + Number(b.rooms), 0);
  const heldOn = (type: RoomTypeCode, night: string) => {
    const h = held.find((r) => r.roomType === type && r.night === night);
    const out = blockedOn(type, night);
    return h || out ? { beds: 0, smoking: 0, ...h, rooms: Number(h?.rooms ?? 0) + out } : undefined;
  };
  const asked = stayNights(input.checkInDate, input.checkOutDate);
  const free = (night: string) => {
    const h = heldOn(input.roomType, night);
    return (
      total(input.roomType) > (h?.rooms ?? 0) &&
      (bed[0]?.total ?? 0) > (h?.beds ?? 0) &&
      (smoking[0]?.total ?? 0) > (h?.smoking ?? 0)
    );
  };
  const candidates: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    if (day !== input.checkInDate) candidates.push(day);
  }
  const distance = (day: string) => Math.abs(nightsBetween(input.checkInDate, day));
  candidates.sort((a, b) => distance(a) - distance(b) || a.localeCompare(b));
  const dates: BookingAlternatives['dates'] = [];
  for (const checkIn of candidates) {
    if (dates.length === ALTERNATIVE_DATES) break;
    if (stayNights(checkIn, addDays(checkIn, nights)).every(free)) {
      dates.push({ checkInDate: checkIn, checkOutDate: addDays(checkIn, nights) });
    }
  }
  const guests = storedGuests(input);
  const others = typeRows
    .map(roomTypeView)
    .filter((t) => t.active && t.code !== input.roomType)
    .filter((t) => occupancyRefusal(t, guests.adults, guests.children) === null)
    .sort((a, b) => a.priceBaisa - b.priceBaisa || a.sortOrder - b.sortOrder)
    .map((t) => t.code);
  return {
    roomTypes: others
      .map((type) => ({
        roomType: type,
        availableCount: Math.max(
          0,
          total(type) - Math.max(0, ...asked.map((n) => heldOn(type, n)?.rooms ?? 0)),
        ),
      }))
      .filter((r) => r.availableCount > 0),
    dates: dates.sort((a, b) => a.checkInDate.localeCompare(b.checkInDate)),
  };
}
