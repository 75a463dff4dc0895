import { toLatinDigits } from '@shared/digits';

/**
 * Rials as typed into a money field ("18", "18.000", "12.6", Arabic-Indic "١٨٫٥" with the Arabic
 * decimal separator, ٬ or , grouping ignored) as whole baisa, or NaN when it is not an amount of
 * at most six whole digits and three decimals. One parser for every money field of the back
 * office (a stay's price by hand, the rate calendar's prices).
 */
export function baisaOfTyped(omr: string): number {
  const text = toLatinDigits(omr)
    .replace('٫', '.')
    .replace(/[٬,\s]/g, '')
    .trim();
  if (!/^\d{1,6}(\.\d{0,3})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 1000);
}
