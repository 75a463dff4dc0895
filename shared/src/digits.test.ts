import { describe, expect, it } from 'vitest';
import { digitsOnly, normalizePhone, toArabicIndicDigits, toLatinDigits } from './digits';

describe('digits', () => {
  it('converts Arabic-Indic and Eastern Arabic-Indic digits', () => {
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
  });
  it('converts every decimal digit of Unicode: full-width, Devanagari, Bengali, mathematical', () => {
    expect(toLatinDigits('０１２３４５６７８９')).toBe('0123456789');
    expect(toLatinDigits('०१२३४५६७८९')).toBe('0123456789');
    expect(toLatinDigits('১২')).toBe('12');
    // Five adjacent runs of ten (bold, double-struck, sans-serif, sans bold, monospace).
    expect(toLatinDigits('𝟎𝟗𝟘𝟡𝟬𝟿')).toBe('090909');
    expect(toLatinDigits('A-12 b')).toBe('A-12 b');
    expect(new Set(['12', '۱۲', '١٢', '１２'].map(toLatinDigits))).toEqual(new Set(['12']));
  });
  it('writes Latin digits as Arabic-Indic ones and back', () => {
    expect(toArabicIndicDigits('2026-03-10')).toBe('٢٠٢٦-٠٣-١٠');
    expect(toLatinDigits(toArabicIndicDigits('0123456789'))).toBe('0123456789');
  });
  it('keeps digits only and limits the length', () => {
    expect(digitsOnly('12a٣-4 5٦7', 6)).toBe('123456');
  });
  it('normalises phones so the same phone compares equal, in full (shared/src/phone.test.ts)', () => {
    const forms = ['٩١٢٣ ٤٥٦٧', '+968 9123 4567', '0096891234567', '91234567'];
    expect(new Set(forms.map(normalizePhone))).toEqual(new Set(['96891234567']));
  });
});
