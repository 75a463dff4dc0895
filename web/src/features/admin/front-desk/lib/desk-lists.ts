import { bookingReferenceQuery } from '@shared/booking-reference';
import { phoneSearchDigits, toLatinDigits } from '@shared/digits';
import { normalizeText } from '@shared/text-normalize';

/**
 * The desk's lists of a day as the screen shows them (docs/decisions/085-the-desk-s-day.md): the
 * server's arrivals, guests in house and departures (each as its name says), and the stays of the
 * day still without a room; their counts; and the search, on the day's list already loaded (at
 * most the hotel's rooms twice over: no request per key typed, and it works offline).
 */

export type DeskTab = 'arrivals' | 'inHouse' | 'departures' | 'unassigned';
export const DESK_TABS: readonly DeskTab[] = ['arrivals', 'inHouse', 'departures', 'unassigned'];

/** What the lists need of a stay (GET /api/front-desk's rows). */
export type DeskStay = {
  id: number;
  reference: string;
  fullName: string;
  phoneNumber: string;
  status: string;
  checkInDate: string;
  checkOutDate: string;
  checkedInAt: number | string | Date | null;
  checkedOutAt: number | string | Date | null;
  room: { number: string } | null;
  channelReference?: string | null;
};

export type DeskDay<T extends DeskStay> = { arrivals: T[]; inHouse: T[]; departures: T[] };

const ACTIVE = new Set(['approved', 'confirmed']);

/** A stay still to be given a room: booked, not gone, without one. */
const wantsRoom = (b: DeskStay) => b.room === null && ACTIVE.has(b.status) && b.checkedOutAt === null;

/**
 * Each tab's stays: the server's three lists, each with those still to act on first (to arrive,
 * then arrived; to leave, then gone), and the day's arrivals and stays without a room.
 */
export function deskTabs<T extends DeskStay>(day: DeskDay<T>): Record<DeskTab, T[]> {
  const seen = new Set<number>();
  const unassigned = [...day.arrivals, ...day.inHouse].filter(
    (b) => wantsRoom(b) && !seen.has(b.id) && Boolean(seen.add(b.id)),
  );
  return {
    arrivals: doneLast(day.arrivals, (b) => b.checkedInAt !== null),
    inHouse: day.inHouse,
    departures: doneLast(day.departures, (b) => b.checkedOutAt !== null),
    unassigned,
  };
}

/** The list with the stays `done` after the others, each part in the server's order (by name). */
function doneLast<T>(rows: T[], done: (row: T) => boolean): T[] {
  return [...rows.filter((r) => !done(r)), ...rows.filter(done)];
}

/** The counts each tab's sentence says (what the names mean, said on the screen). */
export function deskCounts<T extends DeskStay>(tabs: Record<DeskTab, T[]>) {
  const arrived = tabs.arrivals.filter((b) => b.checkedInAt !== null).length;
  const left = tabs.departures.filter((b) => b.checkedOutAt !== null).length;
  return {
    arrivals: { total: tabs.arrivals.length, toCome: tabs.arrivals.length - arrived, arrived },
    inHouse: { total: tabs.inHouse.length },
    departures: { total: tabs.departures.length, toLeave: tabs.departures.length - left, left },
    unassigned: { total: tabs.unassigned.length },
  };
}

/**
 * Whether a stay answers the desk's search: its guest's name (Arabic letters folded, any case),
 * its room number, its booking reference (with or without the dash, any case), its reference at
 * the OTA, or its phone; Arabic-Indic digits count as digits everywhere.
 */
export function matchesDesk(b: DeskStay, query: string): boolean {
  const typed = toLatinDigits(query).trim();
  if (!typed) return true;
  const folded = normalizeText(typed);
  if (folded && normalizeText(b.fullName).includes(folded)) return true;
  const lower = typed.toLowerCase();
  if (b.room && toLatinDigits(b.room.number).toLowerCase() === lower) return true;
  if (b.channelReference?.toLowerCase().includes(lower)) return true;
  const reference = bookingReferenceQuery(typed);
  if (reference && b.reference.includes(reference)) return true;
  const phone = phoneSearchDigits(typed);
  return (
    /^[\d\s+()-]{4,}$/.test(typed) && phone.length > 0 && phoneSearchDigits(b.phoneNumber).includes(phone)
  );
}
