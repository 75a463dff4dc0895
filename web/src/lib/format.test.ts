import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatDateTime, formatFileSize, formatPrice } from './format';
import { formatReference } from './format-reference';

describe('formatPrice', () => {
  it('shows rials with three decimals and the currency label of each language', () => {
    expect(formatPrice(13_200, 'ar')).toBe('١٣٫٢٠٠\u00a0ر.ع.');
    expect(formatPrice(13_200, 'en')).toBe('OMR\u00a013.200');
    expect(formatPrice(150_000, 'en')).toBe('OMR\u00a0150.000');
  });
  it('never lets a line break between an amount and its currency: no ordinary space in it', () => {
    for (const baisa of [0, 13_200, 1_234_560, -5_000, 12_345.6]) {
      for (const language of ['ar', 'en'] as const) {
        expect(formatPrice(baisa, language)).not.toMatch(/[ \t\n\u2000-\u200b]/);
        expect(formatPrice(baisa, language)).toContain('\u00a0');
      }
    }
  });
  it('counts in the digits of the language', () => {
    expect(formatCount(36, 'ar')).toBe('٣٦');
    expect(formatCount(36, 'en')).toBe('36');
  });
});

describe('formatDate and formatDateTime', () => {
  it('show Gregorian dates in both languages; times in the hotel time zone', () => {
    expect(formatDate('2026-12-24', 'ar')).toBe('٢٤ ديسمبر ٢٠٢٦');
    expect(formatDate('2026-12-24', 'en')).toBe('24 Dec 2026');
    // 20:30 UTC is 00:30 the next day in Muscat (UTC+4).
    expect(formatDateTime('2026-12-24T20:30:00Z', 'en')).toBe('25 Dec 2026, 00:30');
  });
});

describe('formatFileSize', () => {
  it('shows megabytes with one decimal and kilobytes below, in the digits of the language', () => {
    expect(formatFileSize(2_400_000, 'en')).toBe('2.4 MB');
    expect(formatFileSize(512_000, 'en')).toBe('512 kB');
    expect(formatFileSize(2_400_000, 'ar')).toMatch(/^٢٫٤ /);
    expect(formatFileSize(12, 'en')).toBe('1 kB');
  });
  it('shows a booking reference as K7M-Q4PX, isolated left to right, its digits Latin in Arabic too', () => {
    expect(formatReference('K7MQ4PX')).toBe('\u2066K7M-Q4PX\u2069');
  });
});
