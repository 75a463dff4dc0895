import { describe, expect, it } from 'vitest';
import { formatThousandths, formatWhole, formatWholePercent } from './intl-cache';

const locales = { ar: 'ar-OM', en: 'en-OM' } as const;
const samples = [
  0,
  1,
  9,
  10,
  99,
  100,
  999,
  1000,
  1001,
  12_345,
  99_999,
  100_000,
  123_456,
  1_000_000,
  7_654_321,
  12_345_678_901,
  Number.MAX_SAFE_INTEGER,
];

describe('whole numbers without Intl', () => {
  for (const language of ['ar', 'en'] as const) {
    const locale = locales[language];
    it(`counts match Intl.NumberFormat(${locale})`, () => {
      for (const n of samples) expect(formatWhole(n, language)).toBe(new Intl.NumberFormat(locale).format(n));
    });

    it(`baisa as rials match Intl.NumberFormat(${locale}) with three decimals`, () => {
      const rials = new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
      for (const baisa of [...samples.slice(0, -1), 5, 50, 12_600, 13_566, 17_300, 250_005]) {
        expect(formatThousandths(baisa, language)).toBe(rials.format(baisa / 1000));
      }
    });

    it(`percents match Intl.NumberFormat(${locale}, percent)`, () => {
      const percent = new Intl.NumberFormat(locale, { style: 'percent' });
      for (const p of [0, 5, 10, 25, 50, 100, 1500])
        expect(formatWholePercent(p, language)).toBe(percent.format(p / 100));
    });

    it('anything else goes to Intl (negative, fractional)', () => {
      expect(formatWhole(-5, language)).toBe(new Intl.NumberFormat(locale).format(-5));
      expect(formatWhole(2.5, language)).toBe(new Intl.NumberFormat(locale).format(2.5));
      expect(formatWholePercent(12.5, language)).toBe(
        new Intl.NumberFormat(locale, { style: 'percent' }).format(0.125),
      );
      expect(formatThousandths(1.5, language)).toBe(
        new Intl.NumberFormat(locale, { minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(0.0015),
      );
    });
  }
});
