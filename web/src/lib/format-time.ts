import type { Language } from '../../../shared/src/constants';
import { dateTimeFormat } from '../../../shared/src/intl-cache';

// Apart from format.ts: only the footer and the back office show times of day, and the
// landing's first script carries format.ts.

/** A time of day as the hotel writes it (HH:MM, e.g. check-in) as "٢:٠٠ م" / "14:00". */
export function formatTimeOfDay(hhmm: string, language: Language): string {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  return dateTimeFormat(language === 'ar' ? 'ar-OM-u-ca-gregory' : 'en-GB-u-ca-gregory', {
    hour: language === 'ar' ? 'numeric' : '2-digit',
    minute: '2-digit',
    hourCycle: language === 'ar' ? 'h12' : 'h23',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2]))));
}
