import type { Language } from '@shared/constants';
import { dateTimeFormat, numberFormat } from '@shared/intl-cache';

/**
 * The back office's figures (the statistics dashboard), apart from format.ts so the landing
 * page's first script does not carry them. Arabic uses Arabic-Indic digits throughout. Money is
 * not here: the dashboard writes it with formatPrice (format.ts), as every other screen does
 * (docs/decisions/054-one-formatter-for-numbers.md).
 */
const numberLocale = (language: Language) => (language === 'ar' ? 'ar-OM' : 'en-OM');

/** A share (0..1) as a percentage with at most one decimal: "٧٢٫٥٪" / "72.5%". */
export function formatPercent(ratio: number, language: Language): string {
  return numberFormat(numberLocale(language), {
    style: 'percent',
    maximumFractionDigits: 1,
  }).format(ratio);
}

/** A number with at most one decimal (averages: days, nights). */
export function formatDecimal(n: number, language: Language): string {
  return numberFormat(numberLocale(language), { maximumFractionDigits: 1 }).format(n);
}

/** A calendar date as day and short month only, for chart axes: "١٥ مارس" / "15 Mar". */
export function formatDayMonth(isoDate: string, language: Language): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateTimeFormat(language === 'ar' ? 'ar-OM-u-ca-gregory' : 'en-GB-u-ca-gregory', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(date);
}
