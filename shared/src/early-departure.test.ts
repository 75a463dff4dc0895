import { describe, expect, it } from 'vitest';
import { departureOnCheckOut } from './early-departure';

describe('departureOnCheckOut', () => {
  const stay = { checkInDate: '2026-03-10', checkOutDate: '2026-03-13', totalPrice: 75_600 };

  it('leaves a stay checked out on (or after) its departure as booked', () => {
    expect(departureOnCheckOut(stay, '2026-03-13')).toEqual({
      checkOutDate: '2026-03-13',
      totalPrice: 75_600,
      nightPrices: null,
      early: false,
    });
    expect(departureOnCheckOut(stay, '2026-03-14').early).toBe(false);
  });

  it('ends an early stay that day, its total in proportion to the nights stayed', () => {
    expect(departureOnCheckOut(stay, '2026-03-11')).toEqual({
      checkOutDate: '2026-03-11',
      totalPrice: 25_200,
      nightPrices: null,
      early: true,
    });
    expect(departureOnCheckOut(stay, '2026-03-12')).toEqual({
      checkOutDate: '2026-03-12',
      totalPrice: 50_400,
      nightPrices: null,
      early: true,
    });
  });

  it('keeps the first night of a guest leaving on the arrival day, and rounds to the baisa', () => {
    expect(departureOnCheckOut({ ...stay, totalPrice: 1_000 }, '2026-03-10')).toEqual({
      checkOutDate: '2026-03-11',
      totalPrice: 333,
      nightPrices: null,
      early: true,
    });
    // A one-night stay leaving on its arrival day changes nothing.
    expect(
      departureOnCheckOut(
        { checkInDate: '2026-03-10', checkOutDate: '2026-03-11', totalPrice: 9 },
        '2026-03-10',
      ),
    ).toEqual({ checkOutDate: '2026-03-11', totalPrice: 9, nightPrices: null, early: false });
  });

  it('keeps a stay without a price without one', () => {
    expect(departureOnCheckOut({ ...stay, totalPrice: null }, '2026-03-11').totalPrice).toBeNull();
  });

  it('keeps the nightly prices of the nights stayed, the total their sum', () => {
    const priced = { ...stay, totalPrice: 52_600, nightPrices: [20_000, 12_600, 20_000] };
    expect(departureOnCheckOut(priced, '2026-03-12')).toEqual({
      checkOutDate: '2026-03-12',
      totalPrice: 32_600,
      nightPrices: [20_000, 12_600],
      early: true,
    });
    expect(departureOnCheckOut(priced, '2026-03-13').nightPrices).toEqual([20_000, 12_600, 20_000]);
  });

  it('scales a manager’s price by the nights stayed, its nightly prices spread to sum to it', () => {
    const byHand = {
      ...stay,
      totalPrice: 30_000,
      priceOverrideBaisa: 30_000,
      nightPrices: [10_000, 10_000, 10_000],
    };
    expect(departureOnCheckOut(byHand, '2026-03-11')).toEqual({
      checkOutDate: '2026-03-11',
      totalPrice: 10_000,
      nightPrices: [10_000],
      early: true,
    });
    const uneven = { ...byHand, totalPrice: 1_000, priceOverrideBaisa: 1_000, nightPrices: [334, 333, 333] };
    expect(departureOnCheckOut(uneven, '2026-03-12')).toMatchObject({
      totalPrice: 667,
      nightPrices: [334, 333],
    });
  });
});
