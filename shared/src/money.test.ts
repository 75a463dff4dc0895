import { describe, expect, it } from 'vitest';
import { formatOmr, offerNightPrices, omrDecimal, roomNightBaisa, stayTotalBaisa } from './money';
import { stayNights } from './dates';

describe('money', () => {
  it('computes nights x (discounted price + surcharge)', () => {
    expect(stayTotalBaisa('gold', 2, '2026-12-01', '2026-12-03')).toBe(2 * 13_200);
    expect(stayTotalBaisa('silver', 3, '2026-12-01', '2026-12-02')).toBe(12_600 + 2_000);
    expect(stayTotalBaisa('deluxe', 4, '2026-12-30', '2027-01-02')).toBe(3 * (17_300 + 4_000));
  });
  it('charges the cheapest offer shown today when it is below the room price, never more', () => {
    const offers = offerNightPrices([
      { roomType: 'silver', discountedPriceBaisa: 9_000 },
      { roomType: 'silver', discountedPriceBaisa: 10_500 },
      { roomType: 'gold', discountedPriceBaisa: 14_000 },
    ]);
    expect(offers).toEqual({ silver: 9_000, gold: 14_000 });
    expect(roomNightBaisa('silver', offers)).toBe(9_000);
    // An offer above the room's own discounted price (13.200) does not raise it.
    expect(roomNightBaisa('gold', offers)).toBe(13_200);
    expect(roomNightBaisa('diamond', offers)).toBe(16_200);
    expect(stayTotalBaisa('silver', 3, '2026-12-01', '2026-12-03', offers)).toBe(2 * (9_000 + 2_000));
  });
  it('refuses an empty stay and an impossible guest count', () => {
    expect(() => stayTotalBaisa('gold', 2, '2026-12-03', '2026-12-03')).toThrow();
    expect(() => stayTotalBaisa('gold', 5, '2026-12-01', '2026-12-03')).toThrow();
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
