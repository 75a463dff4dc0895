import { describe, expect, it } from 'vitest';
import { livePrice, stayWindow } from './live-price';

describe('livePrice', () => {
  it('is nights x (discounted price + guest surcharge)', () => {
    expect(
      livePrice({ roomType: 'silver', guests: 2, checkIn: '2026-12-01', checkOut: '2026-12-04' }),
    ).toEqual({
      nights: 3,
      perNightBaisa: 12_600,
      offerApplied: false,
      surchargePerNightBaisa: 0,
      totalBaisa: 37_800,
    });
    // 3 guests add 2 OMR a night, 4 guests 4 OMR.
    expect(
      livePrice({ roomType: 'gold', guests: 3, checkIn: '2026-12-01', checkOut: '2026-12-03' })?.totalBaisa,
    ).toBe(2 * (13_200 + 2_000));
    expect(
      livePrice({ roomType: 'deluxe', guests: 4, checkIn: '2026-12-31', checkOut: '2027-01-01' }),
    ).toEqual({
      nights: 1,
      perNightBaisa: 21_300,
      offerApplied: false,
      surchargePerNightBaisa: 4_000,
      totalBaisa: 21_300,
    });
  });

  it('takes today’s offer for the room when it is lower, as the server charges', () => {
    const stay = { guests: 3, checkIn: '2026-12-01', checkOut: '2026-12-03' } as const;
    const offers = { silver: 9_000, gold: 14_000 };
    expect(livePrice({ ...stay, roomType: 'silver', offers })).toEqual({
      nights: 2,
      perNightBaisa: 11_000,
      offerApplied: true,
      surchargePerNightBaisa: 2_000,
      totalBaisa: 22_000,
    });
    // An offer above the room's own price changes nothing.
    expect(livePrice({ ...stay, roomType: 'gold', offers })?.offerApplied).toBe(false);
    expect(livePrice({ ...stay, roomType: 'gold', offers })?.totalBaisa).toBe(2 * (13_200 + 2_000));
  });

  it('is null until the stay is complete and valid', () => {
    const base = { roomType: 'silver', guests: 2, checkIn: '2026-12-01', checkOut: '2026-12-02' } as const;
    expect(livePrice({ ...base, roomType: undefined })).toBeNull();
    expect(livePrice({ ...base, checkOut: undefined })).toBeNull();
    expect(livePrice({ ...base, checkOut: '2026-12-01' })).toBeNull();
    expect(livePrice({ ...base, checkOut: '2026-11-30' })).toBeNull();
    expect(livePrice({ ...base, checkOut: '2027-01-01' })).toBeNull(); // 31 nights
    expect(livePrice({ ...base, guests: 5 })).toBeNull();
    expect(livePrice({ ...base, checkIn: 'soon' })).toBeNull();
  });
});

describe('stayWindow', () => {
  it('asks availability for the stay only once it is valid', () => {
    expect(stayWindow('2026-12-01', '2026-12-03')).toEqual({ from: '2026-12-01', to: '2026-12-03' });
    expect(stayWindow('2026-12-03', '2026-12-01')).toBeUndefined();
    expect(stayWindow('2026-12-01', undefined)).toBeUndefined();
  });
});
