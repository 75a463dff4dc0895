import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Language, RoomStatus } from '@shared/constants';
import { dateTimeFormat } from '@shared/intl-cache';
import { formatCount } from '@/lib/format';

/** A room's housekeeping status, in words (never colour alone). */
const ROOM_STATUS_LABELS = {
  clean: msg`Clean`,
  dirty: msg`Dirty`,
  inspected: msg`Inspected`,
  out_of_order: msg`Out of order`,
} as const;

export const roomStatusLabel = (i18n: I18n, status: RoomStatus) => i18n._(ROOM_STATUS_LABELS[status]);

export { nightsCount } from '@/lib/counts';

/** A night's column heading: weekday and day of the month ("Tue 24" / "الثلاثاء ٢٤"), Gregorian. */
export function nightHeading(
  night: string,
  language: Language,
): { weekday: string; day: string; month: string } {
  const date = new Date(`${night}T00:00:00Z`);
  const locale = language === 'ar' ? 'ar-OM-u-ca-gregory' : 'en-GB-u-ca-gregory';
  return {
    weekday: dateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(date),
    day: formatCount(date.getUTCDate(), language),
    month: dateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(date),
  };
}
