import { describe, expect, it } from 'vitest';
import { nightPriceBaisa, quoteStay, rateLookup, type RatePlan } from './rates';

const STANDARD: RatePlan = {
  code: 'standard',
  nameAr: 'السعر المرن',
  nameEn: 'Flexible rate',
  roomTypes: ['gold', 'family-suite'],
  breakfastIncluded: false,
  cancellation: { kind: 'free_until', hours: 24 },
  deposit: { kind: 'none' },
  confirmOnDeposit: false,
  parentCode: null,
  parentAdjustmentPercent: null,
  active: true,
  public: true,
};
const NIGHT = '2030-03-01';
const none = rateLookup([]);

describe("a night's price for the guests, from the type's base occupancy", () => {
  it('prices the spec four as before: two in the price, 2.000 a night for each guest beyond', () => {
    const gold = (guests: number) => nightPriceBaisa([STANDARD], none, NIGHT, guests, 13_200);
    expect([1, 2, 3, 4].map(gold)).toEqual([13_200, 13_200, 15_200, 17_200]);
  });

  it("charges each guest above a type's own base, adult or child, the plan's extra-guest price", () => {
    // A family suite at 45.000 for two: five guests are three extra.
    expect(nightPriceBaisa([STANDARD], none, NIGHT, 5, 45_000, 2)).toBe(45_000 + 3 * 2_000);
    // A type whose price includes three: the fourth and fifth pay.
    expect(nightPriceBaisa([STANDARD], none, NIGHT, 3, 30_000, 3)).toBe(30_000);
    expect(nightPriceBaisa([STANDARD], none, NIGHT, 5, 30_000, 3)).toBe(34_000);
    // The plan's own extra-guest price that night wins over the default.
    const own = rateLookup([
      {
        ratePlan: 'standard',
        night: NIGHT,
        priceBaisa: null,
        singlePriceBaisa: null,
        extraGuestPriceBaisa: 5_000,
        minStay: null,
        maxStay: null,
        closed: null,
        closedToArrival: null,
        closedToDeparture: null,
      },
    ]);
    expect(nightPriceBaisa([STANDARD], own, NIGHT, 5, 45_000, 2)).toBe(45_000 + 3 * 5_000);
  });

  it('prices a stay of up to twelve guests and refuses more', () => {
    const stay = (numberOfGuests: number) =>
      quoteStay({
        chain: [STANDARD],
        rates: none,
        checkInDate: NIGHT,
        checkOutDate: '2030-03-03',
        numberOfGuests,
        roomTypePriceBaisa: () => 45_000,
        baseOccupancy: 2,
      });
    expect(stay(12)).toMatchObject({ ok: true, totalPriceBaisa: 2 * (45_000 + 10 * 2_000) });
    expect(() => stay(13)).toThrow(RangeError);
    expect(() => stay(0)).toThrow(RangeError);
  });
});
