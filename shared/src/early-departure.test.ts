import { describe, expect, it } from 'vitest';
import { departureOnCheckOut } from './early-departure';

describe('departureOnCheckOut', () => {
  const stay = { checkInDate: '2026-03-10', checkOutDate: '2026-03-13', totalPrice: 75_600 };

  it('leaves a stay checked out on (or after) its departure as booked', () => {
    expect(departureOnCheckOut(stay, '2026-03-13')).toEqual({
      checkOutDate: '2026-03-13',
      totalPrice: 75_600,
      early: false,
    });
    expect(departureOnCheckOut(stay, '2026-03-14').early).toBe(false);
  });

  it('ends an early stay that day, its total in proportion to the nights stayed', () => {
    expect(departureOnCheckOut(stay, '2026-03-11')).toEqual({
      checkOutDate: '2026-03-11',
      totalPrice: 25_200,
      early: true,
    });
    expect(departureOnCheckOut(stay, '2026-03-12')).toEqual({
      checkOutDate: '2026-03-12',
      totalPrice: 50_400,
      early: true,
    });
  });

  it('keeps the first night of a guest leaving on the arrival day, and rounds to the baisa', () => {
    expect(departureOnCheckOut({ ...stay, totalPrice: 1_000 }, '2026-03-10')).toEqual({
      checkOutDate: '2026-03-11',
      totalPrice: 333,
      early: true,
    });
    // A one-night stay leaving on its arrival day changes nothing.
    expect(
      departureOnCheckOut(
        { checkInDate: '2026-03-10', checkOutDate: '2026-03-11', totalPrice: 9 },
        '2026-03-10',
      ),
    ).toEqual({ checkOutDate: '2026-03-11', totalPrice: 9, early: false });
  });

  it('keeps a stay without a price without one', () => {
    expect(departureOnCheckOut({ ...stay, totalPrice: null }, '2026-03-11').totalPrice).toBeNull();
  });
});
