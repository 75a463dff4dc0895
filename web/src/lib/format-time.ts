import type { Language } from '@shared/constants';
import { toArabicIndicDigits } from '@shared/digits';

// Apart from format.ts: only the footer and the back office show times of day, and the
// landing's first script carries format.ts.

/**
 * A time of day as the hotel writes it (HH:MM, e.g. check-in) as "٢:٠٠ م" / "14:00": what
 * Intl.DateTimeFormat gives for ar-OM (12-hour) and en-GB (24-hour), written out without it, since
 * the page's first date formatter loads ICU's calendar data, a long task on a phone (decision 021;
 * format-time.test.ts compares the two for every minute of the day).
 */
export function formatTimeOfDay(hhmm: string, language: Language): string {
  const [, hh, mm] = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm) ?? [];
  if (hh === undefined || mm === undefined || language === 'en') return hhmm;
  const hour = Number(hh);
  return `${toArabicIndicDigits(String(hour % 12 || 12))}:${toArabicIndicDigits(mm)} ${hour < 12 ? 'ص' : 'م'}`;
}
