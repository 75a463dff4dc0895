import { describe, expect, it } from 'vitest';
import { formatCount, formatPrice } from './format';

describe('formatPrice', () => {
  it('shows rials with three decimals and the currency label of each language', () => {
    expect(formatPrice(13_200, 'ar')).toBe('١٣٫٢٠٠ ر.ع.');
    expect(formatPrice(13_200, 'en')).toBe('OMR 13.200');
    expect(formatPrice(150_000, 'en')).toBe('OMR 150.000');
  });
  it('counts in the digits of the language', () => {
    expect(formatCount(36, 'ar')).toBe('٣٦');
    expect(formatCount(36, 'en')).toBe('36');
  });
});
