import type { HistoryStatus } from '@shared/revenue';

/**
 * A night's booking curve (docs/decisions/094): the rooms on the books for that night as of each
 * day before it, as a step function kept compact: a flat list `[lead, rooms, lead, rooms, ...]`
 * with the leads (days from the as-of day to the night) falling, each point the rooms on the
 * books from that lead on, until the next point. The rooms on the books as of a day are the
 * rooms of the bookings made on or before it and not cancelled on or before it. One curve per
 * night and room type is what revenue_nights keeps, so a forecast reads a row per night and type
 * whatever the years of history behind it.
 */
export type Curve = number[];

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 of a calendar date. */
export const dayOf = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
/** The calendar date of a day number. */
export const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The rooms on the books of a night `lead` days before it (0: its own day; a curve's last value past it). */
export function roomsAtLead(curve: Curve, lead: number): number {
  // The last point whose lead is at or above `lead` (points fall in lead): a binary search.
  let lo = 0;
  let hi = curve.length / 2 - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (curve[mid * 2]! >= lead) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found === -1 ? 0 : curve[found * 2 + 1]!;
}

/** The rooms the curve ends with (all bookings made, all cancellations done). */
export const lastRooms = (curve: Curve) => (curve.length ? curve[curve.length - 1]! : 0);

/** Changes of the rooms on the books (+rooms when booked, -rooms when cancelled) at leads, as a curve. */
export function curveOfChanges(changes: { lead: number; rooms: number }[]): Curve {
  changes.sort((a, b) => b.lead - a.lead);
  const curve: Curve = [];
  let rooms = 0;
  for (let i = 0; i < changes.length;) {
    const lead = changes[i]!.lead;
    while (i < changes.length && changes[i]!.lead === lead) rooms += changes[i++]!.rooms;
    const last = curve.length ? curve[curve.length - 1]! : 0;
    if (rooms !== last) curve.push(lead, rooms);
  }
  return curve;
}

/** The sum of curves (a hotel's from its room types'). */
export function sumCurves(curves: Curve[]): Curve {
  const changes: { lead: number; rooms: number }[] = [];
  for (const curve of curves) {
    let before = 0;
    for (let i = 0; i < curve.length; i += 2) {
      changes.push({ lead: curve[i]!, rooms: curve[i + 1]! - before });
      before = curve[i + 1]!;
    }
  }
  return curveOfChanges(changes);
}

/** A point appended as of `lead` (a close's books): kept only when the rooms changed. */
export function withPoint(curve: Curve, lead: number, rooms: number): Curve {
  // A point for a lead the curve already passes replaces what it says from there on.
  const kept: Curve = [];
  for (let i = 0; i < curve.length; i += 2) if (curve[i]! > lead) kept.push(curve[i]!, curve[i + 1]!);
  const last = kept.length ? kept[kept.length - 1]! : 0;
  if (rooms !== last) kept.push(lead, rooms);
  return kept;
}

/** A line of the imported history as the nights' books read it. */
export type BookedLine = {
  arrival: string;
  departure: string;
  bookedOn: string;
  cancelledOn: string | null;
  status: HistoryStatus;
  rooms: number;
  roomType: string;
};

/** One night and room type's books: the curve, and the rooms that stayed (cancellations and no-shows left out). */
export type NightTypeBooks = { curve: Curve; final: number };

/**
 * The books of the nights `from`..`to` (both included) from the lines that meet them: per night
 * (YYYY-MM-DD) and room type, the booking curve and the rooms that stayed.
 */
export function booksOfLines(
  lines: BookedLine[],
  from: string,
  to: string,
): Map<string, Map<string, NightTypeBooks>> {
  const first = dayOf(from);
  const last = dayOf(to);
  const changes = new Map<
    number,
    Map<string, { changes: { lead: number; rooms: number }[]; final: number }>
  >();
  for (const line of lines) {
    const arrival = dayOf(line.arrival);
    const departure = dayOf(line.departure);
    const booked = dayOf(line.bookedOn);
    const cancelled = line.status === 'cancelled' && line.cancelledOn ? dayOf(line.cancelledOn) : null;
    for (let night = Math.max(arrival, first); night < departure && night <= last; night++) {
      let byType = changes.get(night);
      if (!byType) changes.set(night, (byType = new Map()));
      let entry = byType.get(line.roomType);
      if (!entry) byType.set(line.roomType, (entry = { changes: [], final: 0 }));
      entry.changes.push({ lead: night - booked, rooms: line.rooms });
      if (cancelled !== null) entry.changes.push({ lead: night - cancelled, rooms: -line.rooms });
      if (line.status === 'stayed') entry.final += line.rooms;
    }
  }
  const books = new Map<string, Map<string, NightTypeBooks>>();
  for (const [night, byType] of changes) {
    const types = new Map<string, NightTypeBooks>();
    for (const [type, entry] of byType)
      types.set(type, { curve: curveOfChanges(entry.changes), final: entry.final });
    books.set(dateOfDay(night), types);
  }
  return books;
}
