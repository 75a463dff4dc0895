import { describe, expect, it } from 'vitest';
import { bpOfTypedPercent, typedPercentOfBp } from './percent';

describe('a tax rate typed as a percentage', () => {
  it('reads Latin and Arabic-Indic digits, both decimal separators and a percent sign', () => {
    expect(bpOfTypedPercent('5')).toBe(500);
    expect(bpOfTypedPercent('4.5')).toBe(450);
    expect(bpOfTypedPercent('٤٫٥')).toBe(450);
    expect(bpOfTypedPercent('٥٪')).toBe(500);
    expect(bpOfTypedPercent(' 0.25 % ')).toBe(25);
    expect(bpOfTypedPercent('0')).toBe(0);
    expect(bpOfTypedPercent('100')).toBe(10_000);
    // 1.15 as a float times 100 is 114.99999999999999: read as digits, never through a float.
    expect(bpOfTypedPercent('1.15')).toBe(115);
  });

  it('refuses what is not a percentage of at most two decimals up to 100', () => {
    for (const text of ['', 'five', '4.555', '-5', '100.01', '1e2', '5..0']) {
      expect(bpOfTypedPercent(text)).toBeNaN();
    }
  });

  it('is shown back as typed, in the language digits', () => {
    expect(typedPercentOfBp(500, 'en')).toBe('5');
    expect(typedPercentOfBp(450, 'en')).toBe('4.5');
    expect(typedPercentOfBp(25, 'en')).toBe('0.25');
    expect(typedPercentOfBp(450, 'ar')).toBe('٤٫٥');
    for (const bp of [0, 1, 99, 115, 400, 1_234, 10_000]) {
      expect(bpOfTypedPercent(typedPercentOfBp(bp, 'ar'))).toBe(bp);
    }
  });
});
