import { HOTEL_TIME_ZONE } from './constants';

/** A calendar date as the API and the forms carry it: YYYY-MM-DD. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

let hotelDateFormat: Intl.DateTimeFormat | undefined;

/** Today's date (YYYY-MM-DD) in the hotel's time zone. */
export function hotelToday(now: Date = new Date()): string {
  // One formatter for the process: making one per call costs more than the rest of a cached read.
  hotelDateFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: HOTEL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return hotelDateFormat.format(now);
}

/** The participation month (YYYY-MM) in the hotel's time zone. */
export function hotelMonth(now: Date = new Date()): string {
  return hotelToday(now).slice(0, 7);
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Every night of a stay, from check-in to the night before check-out. */
export function stayNights(checkIn: string, checkOut: string): string[] {
  const nights: string[] = [];
  for (let night = checkIn; night < checkOut; night = addDays(night, 1)) nights.push(night);
  return nights;
}
