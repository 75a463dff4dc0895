import type { Language } from '@shared/constants';
import { numberFormat } from '@shared/intl-cache';
import type { Said } from '@shared/revenue-prices';

/** A price's change as a signed percentage, whole: "+١٠٪" / "+10%", "−8%". */
export function formatChange(current: number, suggested: number, language: Language): string {
  const ratio = current > 0 ? suggested / current - 1 : 0;
  return numberFormat(language === 'ar' ? 'ar-OM' : 'en-OM', {
    style: 'percent',
    maximumFractionDigits: 0,
    signDisplay: 'exceptZero',
  }).format(ratio);
}

/** A sentence the worker said in both languages, in the reader's. */
export function saidIn(said: Pick<Said, 'ar' | 'en'>, language: Language): string {
  return language === 'ar' ? said.ar : said.en;
}

/** A night's column in a week row: Sunday first (Oman's working week; Friday and Saturday its weekend). */
export function weekdayColumn(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}
