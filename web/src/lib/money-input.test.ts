import { describe, expect, it } from 'vitest';
import { baisaOfTyped } from './money-input';

describe('baisaOfTyped', () => {
  it('reads rials with up to three decimals, in any digits', () => {
    expect(baisaOfTyped('18')).toBe(18_000);
    expect(baisaOfTyped('18.000')).toBe(18_000);
    expect(baisaOfTyped('12.6')).toBe(12_600);
    expect(baisaOfTyped('١٨٫٥')).toBe(18_500);
    expect(baisaOfTyped(' ١٢٫٦٠٠ ')).toBe(12_600);
    expect(baisaOfTyped('1,250.5')).toBe(1_250_500);
  });
  it('refuses what is not an amount', () => {
    expect(baisaOfTyped('')).toBeNaN();
    expect(baisaOfTyped('18.0001')).toBeNaN();
    expect(baisaOfTyped('-3')).toBeNaN();
    expect(baisaOfTyped('abc')).toBeNaN();
  });
});
