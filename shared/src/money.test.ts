import { describe, expect, it } from 'vitest';
import { formatOmr, offerNightPrices, omrDecimal, typeNightBaisa } from './money';
import { stayNights } from './dates';

/** Room types as their rows give them (code and night price): two of the spec's, and one added. */
const SILVER = { code: 'silver', priceBaisa: 12_600 };
const GOLD = { code: 'gold', priceBaisa: 13_200 };
const FAMILY_SUITE = { code: 'family-suite', priceBaisa: 45_000 };

describe('money', () => {
  it("prices a type's night at its own price without an offer", () => {
    expect(typeNightBaisa(GOLD)).toBe(13_200);
    expect(typeNightBaisa(FAMILY_SUITE, {})).toBe(45_000);
  });
  it('charges the cheapest offer shown today when it is below the room price, never more', () => {
    const offers = offerNightPrices([
      { roomType: 'silver', discountedPriceBaisa: 9_000 },
      { roomType: 'silver', discountedPriceBaisa: 10_500 },
      { roomType: 'gold', discountedPriceBaisa: 14_000 },
      { roomType: 'family-suite', discountedPriceBaisa: 40_000 },
    ]);
    expect(offers).toEqual({ silver: 9_000, gold: 14_000, 'family-suite': 40_000 });
    expect(typeNightBaisa(SILVER, offers)).toBe(9_000);
    // An offer above the room's own discounted price (13.200) does not raise it.
    expect(typeNightBaisa(GOLD, offers)).toBe(13_200);
    expect(typeNightBaisa({ code: 'diamond', priceBaisa: 16_200 }, offers)).toBe(16_200);
    expect(typeNightBaisa(FAMILY_SUITE, offers)).toBe(40_000);
  });
  it('formats with three decimals in both locales', () => {
    expect(formatOmr(12_600, 'en')).toBe('12.600');
    expect(formatOmr(12_600, 'ar')).toBe('١٢٫٦٠٠');
  });
  it('lists the nights of a stay across a month end', () => {
    expect(stayNights('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01']);
  });
});

describe('omrDecimal', () => {
  it('writes baisa as rials with three decimals, as toFixed(3) on rials did', () => {
    for (const baisa of [0, 5, 12_600, 1_234_567, 250]) {
      expect(omrDecimal(baisa)).toBe((baisa / 1000).toFixed(3));
    }
    expect(omrDecimal(-12_600)).toBe('-12.600');
  });
});
