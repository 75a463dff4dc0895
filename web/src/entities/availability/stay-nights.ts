import { MAX_AVAILABILITY_NIGHTS } from '@shared/availability';
import { MAX_STAY_NIGHTS } from '@shared/constants';
import { addDays } from '@shared/dates';
import { nightsBetween } from '@shared/money';
import type { Restrictions } from '@shared/rates';

/**
 * The booking calendar's rules on plain values: which days a stay may start or end
 * on, given each night's rooms left. A night is sold out when no room of the type is left; a
 * stay may not hold a sold-out night, but it may END on one (check-out is the morning after
 * the last night). A night closed on the plan is like a sold-out one; a day closed to arrival
 * cannot start a stay, one closed to departure cannot end it (a minimum stay is said by the
 * quote, not refused here). Nights not known (not loaded, offline) count as free: the server decides.
 */
export type NightInfo = { available: number; priceBaisa: number; restrictions?: Restrictions };
export type CalendarNights = ReadonlyMap<string, NightInfo>;

/** The nights as a map by date; each of `ownNights` (the guest's own booking being moved) has one more room. */
export function calendarNights(
  nights: readonly ({ date: string } & NightInfo)[],
  ownNights: readonly string[] = [],
): CalendarNights {
  const own = new Set(ownNights);
  return new Map(
    nights.map((n) => [
      n.date,
      {
        available: n.available + (own.has(n.date) ? 1 : 0),
        priceBaisa: n.priceBaisa,
        ...(n.restrictions && { restrictions: n.restrictions }),
      },
    ]),
  );
}

export function isSoldOut(nights: CalendarNights, date: string): boolean {
  const night = nights.get(date);
  return night !== undefined && night.available <= 0;
}

/** A night no stay may hold: sold out, or closed on the plan. */
export function isBlocked(nights: CalendarNights, date: string): boolean {
  return isSoldOut(nights, date) || nights.get(date)?.restrictions?.closed === true;
}

function firstBlockedNight(nights: CalendarNights, from: string, to: string): string | null {
  for (let night = from; night < to; night = addDays(night, 1)) {
    if (isBlocked(nights, night)) return night;
  }
  return null;
}

/** The first sold-out night of the stay [from, to), or null when every night has a room. */
export function firstSoldOutNight(nights: CalendarNights, from: string, to: string): string | null {
  for (let night = from; night < to; night = addDays(night, 1)) {
    if (isSoldOut(nights, night)) return night;
  }
  return null;
}

/**
 * react-aria's `isDateUnavailable(date, anchor)` for a range of stay dates. Without an anchor
 * (nothing picked yet), a sold-out or closed night, or a day closed to arrival, cannot start a
 * stay; the chosen check-out (`chosenTo`) stays available, as it is a morning, not a night. With
 * an anchor (the first day picked), a day is available when the nights between the two have a
 * room each and are open, the first is open to arrival, the last day to departure, and the stay
 * is not longer than a booking may be: so the first sold-out night after the anchor can be
 * picked as the check-out, and nothing past it.
 */
export function isStayDateUnavailable(
  nights: CalendarNights,
  date: string,
  anchor: string | null,
  chosenTo?: string,
): boolean {
  if (anchor === null || anchor === date) {
    return (
      date !== chosenTo &&
      (isBlocked(nights, date) || nights.get(date)?.restrictions?.closedToArrival === true)
    );
  }
  const [from, to] = date < anchor ? [date, anchor] : [anchor, date];
  if (nightsBetween(from, to) > MAX_STAY_NIGHTS) return true;
  if (nights.get(from)?.restrictions?.closedToArrival) return true;
  if (nights.get(to)?.restrictions?.closedToDeparture) return true;
  return firstBlockedNight(nights, from, to) !== null;
}

/** The first night from `from` on that has a room, among the known nights (null: none known). */
export function nextAvailableNight(nights: CalendarNights, from: string): string | null {
  const known = [...nights.keys()].filter((d) => d >= from).sort();
  return known.find((d) => !isSoldOut(nights, d)) ?? null;
}

/**
 * The calendar pages (GET /api/availability windows, each MAX_AVAILABILITY_NIGHTS from today
 * on) a calendar on the day `focus` needs: from a month before it to five weeks after, so the
 * month shown and a stay picked across its edges are known (one page for the next weeks).
 */
export function pageStartsAround(today: string, focus: string): string[] {
  const page = (day: string) => Math.max(0, Math.floor(nightsBetween(today, day) / MAX_AVAILABILITY_NIGHTS));
  const first = page(addDays(focus, -31));
  const last = page(addDays(focus, 35));
  const starts: string[] = [];
  for (let page = first; page <= last; page++) starts.push(addDays(today, page * MAX_AVAILABILITY_NIGHTS));
  return starts;
}
