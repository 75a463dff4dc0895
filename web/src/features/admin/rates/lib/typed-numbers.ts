import { toLatinDigits } from '@shared/digits';

/**
 * A whole number typed in a field (Arabic-Indic digits and grouping too): the number, null for an
 * empty field, NaN for anything else.
 */
export function wholeOfTyped(text: string): number | null {
  const latin = toLatinDigits(text).replace(/[\s٬,]/g, '');
  if (latin === '') return null;
  if (!/^\d{1,9}$/.test(latin)) return Number.NaN;
  return Number(latin);
}
