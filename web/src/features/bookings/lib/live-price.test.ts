import { describe, expect, it } from 'vitest';
import { stayPrice, stayWindow } from './live-price';

const calendar = new Map([
  ['2026-12-01', { priceBaisa: 12_600 }],
  ['2026-12-02', { priceBaisa: 25_000 }],
  ['2026-12-03', { priceBaisa: 12_600 }],
]);
const stay = { checkIn: '2026-12-01', checkOut: '2026-12-03' };

describe('stayPrice', () => {
  it('is the quote, night by night, when the server answered for this stay', () => {
    const quote = {
      nights: [
        { date: '2026-12-01', priceBaisa: 11_340 },
        { date: '2026-12-02', priceBaisa: 22_500 },
      ],
      totalPriceBaisa: 33_840,
    };
    expect(stayPrice({ ...stay, quote, calendar })).toEqual({
      nights: quote.nights,
      totalBaisa: 33_840,
      quoted: true,
    });
  });

  it('falls back to the calendar’s nights as last loaded, to be confirmed, without a quote', () => {
    expect(stayPrice({ ...stay, quote: undefined, calendar })).toEqual({
      nights: [
        { date: '2026-12-01', priceBaisa: 12_600 },
        { date: '2026-12-02', priceBaisa: 25_000 },
      ],
      totalBaisa: 37_600,
      quoted: false,
    });
    // A quote of other dates (still the last answer while the new one comes) is not this stay's.
    const old = { nights: [{ date: '2026-12-01', priceBaisa: 1 }], totalPriceBaisa: 1 };
    expect(stayPrice({ ...stay, quote: old, calendar })?.totalBaisa).toBe(37_600);
  });

  it('is null until the stay is complete and valid, or when a night of it is not known', () => {
    const none = { quote: undefined, calendar };
    expect(stayPrice({ ...none, checkIn: '2026-12-01', checkOut: undefined })).toBeNull();
    expect(stayPrice({ ...none, checkIn: '2026-12-01', checkOut: '2026-12-01' })).toBeNull();
    expect(stayPrice({ ...none, checkIn: '2026-12-01', checkOut: '2027-01-01' })).toBeNull(); // 31 nights
    expect(stayPrice({ ...none, checkIn: 'soon', checkOut: '2026-12-02' })).toBeNull();
    expect(stayPrice({ ...none, checkIn: '2026-12-03', checkOut: '2026-12-05' })).toBeNull();
  });
});

describe('stayWindow', () => {
  it('asks availability for the stay only once it is valid', () => {
    expect(stayWindow('2026-12-01', '2026-12-03')).toEqual({ from: '2026-12-01', to: '2026-12-03' });
    expect(stayWindow('2026-12-03', '2026-12-01')).toBeUndefined();
    expect(stayWindow('2026-12-01', undefined)).toBeUndefined();
  });
});
