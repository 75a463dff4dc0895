import { describe, expect, it } from 'vitest';
import {
  extraGuestSource,
  nightPriceBaisa,
  planExtraGuestBaisa,
  quoteStay,
  rateLookup,
  type RateNightValues,
  type RatePlan,
} from './rates';

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
  extraGuestPriceBaisa: null,
};
const NIGHT = '2030-03-01';
const none = rateLookup([]);
const suite = { priceBaisa: 45_000, baseOccupancy: 2 };
const forThree = { priceBaisa: 30_000, baseOccupancy: 3 };

describe("a night's price for the guests, from the type's base occupancy", () => {
  it('prices the spec four as before: two in the price, 2.000 a night for each guest beyond', () => {
    const gold = (guests: number) => nightPriceBaisa([STANDARD], none, NIGHT, guests, { priceBaisa: 13_200 });
    expect([1, 2, 3, 4].map(gold)).toEqual([13_200, 13_200, 15_200, 17_200]);
  });

  it("charges each guest above a type's own base, adult or child, the plan's extra-guest price", () => {
    // A family suite at 45.000 for two: five guests are three extra.
    expect(nightPriceBaisa([STANDARD], none, NIGHT, 5, suite)).toBe(45_000 + 3 * 2_000);
    // A type whose price includes three: the fourth and fifth pay.
    expect(nightPriceBaisa([STANDARD], none, NIGHT, 3, forThree)).toBe(30_000);
    expect(nightPriceBaisa([STANDARD], none, NIGHT, 5, forThree)).toBe(34_000);
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
    expect(nightPriceBaisa([STANDARD], own, NIGHT, 5, suite)).toBe(45_000 + 3 * 5_000);
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

/** A night's row of `plan` with only `values` set. */
function row(ratePlan: string, values: Partial<RateNightValues>) {
  return {
    ratePlan,
    night: NIGHT,
    priceBaisa: null,
    singlePriceBaisa: null,
    extraGuestPriceBaisa: null,
    minStay: null,
    maxStay: null,
    closed: null,
    closedToArrival: null,
    closedToDeparture: null,
    ...values,
  };
}

describe('the extra-guest price: the night’s own, the plan’s, the room type’s, the spec’s', () => {
  const gold = { priceBaisa: 13_200, baseOccupancy: 2 };
  const goldAt3 = { ...gold, extraGuestPriceBaisa: 3_000 };
  const withExtra = (extra: number | null): RatePlan => ({ ...STANDARD, extraGuestPriceBaisa: extra });

  it('takes the room type’s own price over the spec’s 2.000', () => {
    const price = (guests: number) => nightPriceBaisa([STANDARD], none, NIGHT, guests, goldAt3);
    expect([2, 3, 4].map(price)).toEqual([13_200, 16_200, 19_200]);
    expect(extraGuestSource([STANDARD], none, NIGHT, goldAt3)).toBe('room_type');
    expect(extraGuestSource([STANDARD], none, NIGHT, gold)).toBe('default');
  });

  it('takes the plan’s over the type’s, and the night’s over the plan’s', () => {
    const plan = [withExtra(4_000)];
    expect(nightPriceBaisa(plan, none, NIGHT, 4, goldAt3)).toBe(13_200 + 2 * 4_000);
    expect(extraGuestSource(plan, none, NIGHT, goldAt3)).toBe('plan');
    const night = rateLookup([row('standard', { extraGuestPriceBaisa: 5_500 })]);
    expect(nightPriceBaisa(plan, night, NIGHT, 4, goldAt3)).toBe(13_200 + 2 * 5_500);
    expect(extraGuestSource(plan, night, NIGHT, goldAt3)).toBe('own');
    // An extra-guest price of 0 is a price (guests beyond the base stay free), not "none".
    expect(nightPriceBaisa([withExtra(0)], none, NIGHT, 4, goldAt3)).toBe(13_200);
    expect(planExtraGuestBaisa(plan, goldAt3)).toBe(4_000);
    expect(planExtraGuestBaisa([STANDARD], goldAt3)).toBe(3_000);
    expect(planExtraGuestBaisa([STANDARD], gold)).toBe(2_000);
  });

  const child = (extra: number | null): RatePlan => ({
    ...STANDARD,
    code: 'nonref',
    parentCode: 'standard',
    parentAdjustmentPercent: -10,
    extraGuestPriceBaisa: extra,
  });

  it('follows the parent as a whole, extras included, when the child sets no extra of its own', () => {
    // 90% of the parent's night for three: (13.200 + 3.000) x 0.9.
    expect(nightPriceBaisa([child(null), STANDARD], none, NIGHT, 3, goldAt3)).toBe(14_580);
    expect(extraGuestSource([child(null), STANDARD], none, NIGHT, goldAt3)).toBe('parent');
    expect(planExtraGuestBaisa([child(null), STANDARD], goldAt3)).toBe(2_700);
    // The parent's own extra-guest price is part of the parent's night.
    expect(nightPriceBaisa([child(null), withExtra(4_000)], none, NIGHT, 3, goldAt3)).toBe(15_480);
  });

  it('adjusts only the base when the child plan or its night sets an extra-guest price', () => {
    // 90% of 13.200 for two, and the plan's 5.000 for the third, not adjusted.
    expect(nightPriceBaisa([child(5_000), STANDARD], none, NIGHT, 3, goldAt3)).toBe(11_880 + 5_000);
    expect(nightPriceBaisa([child(5_000), STANDARD], none, NIGHT, 2, goldAt3)).toBe(11_880);
    expect(nightPriceBaisa([child(5_000), STANDARD], none, NIGHT, 1, goldAt3)).toBe(11_880);
    // The child's night's own, with no price of its own that night.
    const night = rateLookup([row('nonref', { extraGuestPriceBaisa: 1_000 })]);
    expect(nightPriceBaisa([child(null), STANDARD], night, NIGHT, 4, goldAt3)).toBe(11_880 + 2 * 1_000);
    // A child night with its own price: its extra is the plan's, else the type's (not the parent's).
    const priced = rateLookup([
      row('nonref', { priceBaisa: 10_000 }),
      row('standard', { extraGuestPriceBaisa: 9_000 }),
    ]);
    expect(nightPriceBaisa([child(null), STANDARD], priced, NIGHT, 3, goldAt3)).toBe(13_000);
    expect(extraGuestSource([child(null), STANDARD], priced, NIGHT, goldAt3)).toBe('room_type');
  });

  it('prices a stay with the type’s extra-guest price through quoteStay', () => {
    const quote = quoteStay({
      chain: [STANDARD],
      rates: none,
      checkInDate: NIGHT,
      checkOutDate: '2030-03-03',
      numberOfGuests: 4,
      roomTypePriceBaisa: () => 13_200,
      baseOccupancy: 2,
      roomTypeExtraGuestBaisa: 3_000,
    });
    expect(quote).toMatchObject({ ok: true, totalPriceBaisa: 2 * (13_200 + 2 * 3_000) });
  });
});
