import { describe, expect, it } from 'vitest';
import {
  calendarNights,
  firstSoldOutNight,
  isStayDateUnavailable,
  nextAvailableNight,
  pageStartsAround,
} from './stay-nights';

// 1-7 March: the 4th is sold out (no room that night), the rest have rooms.
const march = (d: number) => `2030-03-${String(d).padStart(2, '0')}`;
const nights = calendarNights(
  [1, 2, 3, 4, 5, 6, 7].map((d) => ({ date: march(d), available: d === 4 ? 0 : 2, priceBaisa: 13_200 })),
);
const unavailable = (date: string, anchor: string | null, chosenTo?: string) =>
  isStayDateUnavailable(nights, date, anchor, chosenTo);

describe('the booking calendar’s days', () => {
  it('a sold-out night cannot start a stay; the nights around it can', () => {
    expect(unavailable(march(4), null)).toBe(true);
    expect(unavailable(march(3), null)).toBe(false);
    expect(unavailable(march(5), null)).toBe(false);
  });

  it('check-out on the sold-out night is allowed once check-in is picked before it', () => {
    expect(unavailable(march(4), march(2))).toBe(false);
    expect(unavailable(march(3), march(2))).toBe(false);
  });

  it('a stay across the sold-out night is refused, picked either way round', () => {
    expect(unavailable(march(5), march(2))).toBe(true);
    expect(unavailable(march(7), march(3))).toBe(true);
    // The first day picked was the later one: the range would start on the 2nd and hold the 4th.
    expect(unavailable(march(2), march(6))).toBe(true);
    // Starting after the sold-out night is fine.
    expect(unavailable(march(7), march(5))).toBe(false);
  });

  it('the chosen check-out on a sold-out night stays shown as picked (not unavailable)', () => {
    expect(unavailable(march(4), null, march(4))).toBe(false);
    // From there, it can only be a check-out: the later days would hold its night.
    expect(unavailable(march(5), march(4))).toBe(true);
    expect(unavailable(march(2), march(4))).toBe(false);
  });

  it('a stay longer than 30 nights cannot be picked; unknown nights count as free', () => {
    expect(unavailable('2030-05-02', '2030-04-01')).toBe(true);
    expect(unavailable('2030-05-01', '2030-04-01')).toBe(false);
    expect(unavailable('2030-04-30', '2030-04-01')).toBe(false);
  });

  it('finds the sold-out night of a typed stay, and counts the guest’s own nights as theirs', () => {
    expect(firstSoldOutNight(nights, march(1), march(4))).toBeNull();
    expect(firstSoldOutNight(nights, march(1), march(5))).toBe(march(4));
    // Moving one's own booking: the 4th is held by this guest, so it has a room for them.
    const own = calendarNights(
      [...nights].map(([date, n]) => ({ date, ...n })),
      [march(4)],
    );
    expect(firstSoldOutNight(own, march(1), march(7))).toBeNull();
    expect(isStayDateUnavailable(own, march(6), march(2))).toBe(false);
  });

  it('the next night with a room', () => {
    expect(nextAvailableNight(nights, march(4))).toBe(march(5));
    const allFull = calendarNights([{ date: march(1), available: 0, priceBaisa: 1 }]);
    expect(nextAvailableNight(allFull, march(1))).toBeNull();
  });

  it('a plan’s rules: a closed night like a full one, no arrival, no departure', () => {
    const open = {
      closed: false,
      minStay: null,
      maxStay: null,
      closedToArrival: false,
      closedToDeparture: false,
    };
    const ruled = calendarNights(
      [1, 2, 3, 4, 5, 6, 7].map((d) => ({
        date: march(d),
        available: 2,
        priceBaisa: 13_200,
        restrictions: {
          ...open,
          closed: d === 4,
          closedToArrival: d === 2,
          closedToDeparture: d === 6,
          minStay: d === 1 ? 3 : null,
        },
      })),
    );
    const no = (date: string, anchor: string | null) => isStayDateUnavailable(ruled, date, anchor);
    // The closed 4th: no stay holds it; a stay may end that morning.
    expect(no(march(4), null)).toBe(true);
    expect(no(march(4), march(3))).toBe(false);
    expect(no(march(5), march(3))).toBe(true);
    // The 2nd cannot start a stay, but may end one.
    expect(no(march(2), null)).toBe(true);
    expect(no(march(3), march(2))).toBe(true);
    expect(no(march(2), march(1))).toBe(false);
    // The 6th cannot end a stay, but may start one.
    expect(no(march(6), march(5))).toBe(true);
    expect(no(march(6), null)).toBe(false);
    expect(no(march(7), march(6))).toBe(false);
    // A minimum stay is said by the quote, not refused by the calendar.
    expect(no(march(2), march(1))).toBe(false);
  });

  it('the pages a calendar reads: one for the next weeks, two further on', () => {
    expect(pageStartsAround('2030-03-01', '2030-03-01')).toEqual(['2030-03-01']);
    expect(pageStartsAround('2030-03-01', '2030-04-10')).toEqual(['2030-03-01', '2030-05-02']);
  });
});
