import type { Language } from './constants';
import { toArabicIndicDigits } from './digits';

/**
 * A time of day as the hotel writes it (HH:MM, e.g. check-in) as "٢:٠٠ م" / "14:00": the one way
 * every screen, e-mail, notice and the assistant say a time. It is what Intl.DateTimeFormat gives
 * for ar-OM (12-hour) and en-GB (24-hour), written out without it, since a page's first date
 * formatter loads ICU's calendar data, a long task on a phone (web/src/lib/format-time.test.ts
 * compares the two for every minute of the day). Arabic reads right to left as it is: no
 * left-to-right isolation around it.
 */
export function formatTimeOfDay(hhmm: string, language: Language): string {
  const [, hh, mm] = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm) ?? [];
  if (hh === undefined || mm === undefined || language === 'en') return hhmm;
  const hour = Number(hh);
  return `${toArabicIndicDigits(String(hour % 12 || 12))}:${toArabicIndicDigits(mm)} ${hour < 12 ? 'ص' : 'م'}`;
}
