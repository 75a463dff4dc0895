import type { Language } from '@shared/constants';
import { toLatinDigits, toArabicIndicDigits } from '@shared/digits';

/**
 * A tax's rate as staff type it: a percentage with at most two decimals ("5", "4.5", Arabic-Indic
 * "٤٫٥", a trailing % or ٪ allowed), as basis points (500 = 5%); NaN for anything else or above
 * 100%. The API keeps basis points; people think in percent.
 */
export function bpOfTypedPercent(text: string): number {
  const latin = toLatinDigits(text)
    .replace('٫', '.')
    .replace(/[%٪\s\u061c]/g, '')
    .trim();
  if (!/^\d{1,3}(\.\d{0,2})?$/.test(latin)) return Number.NaN;
  const [whole = '0', fraction = ''] = latin.split('.');
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return bp <= 10_000 ? bp : Number.NaN;
}

/** Basis points as the field shows them, in the language's digits: 450 -> "4.5" / "٤٫٥". */
export function typedPercentOfBp(bp: number, language: Language): string {
  const whole = Math.floor(bp / 100);
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const latin = fraction ? `${whole}.${fraction}` : String(whole);
  return language === 'ar' ? toArabicIndicDigits(latin).replace('.', '٫') : latin;
}
