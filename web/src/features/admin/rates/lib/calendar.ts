import type { Language } from '@shared/constants';
import { addDays } from '@shared/dates';
import { dateTimeFormat } from '@shared/intl-cache';
import { RATE_RULES } from '@shared/rates';
import { formatCount } from '@/lib/format';

/** How many weeks the calendar shows at once (14 nights by default: a tablet's width). */
export const CALENDAR_WEEKS = [2, 3, 4] as const;
export type CalendarWeeks = (typeof CALENDAR_WEEKS)[number];

/** The nights from `from`, `count` of them. */
export function nightsFrom(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

/**
 * A first night typed in the date field that the calendar may ask for: a whole real date
 * (YYYY-MM-DD) within two years of today (RATE_RULES.maxRangeNights, the bulk edit's reach) either
 * way. While a year is being typed the field passes 0002, 0020, 0202 …: none of them is asked for.
 */
export function plausibleFirstNight(value: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return (
    value >= addDays(today, -RATE_RULES.maxRangeNights) && value <= addDays(today, RATE_RULES.maxRangeNights)
  );
}

/** A night's weekday, 0 = Sunday ... 6 = Saturday (the API's weekdays). */
export function weekdayOf(night: string): number {
  return new Date(`${night}T00:00:00Z`).getUTCDay();
}

/**
 * Oman's weekend, Friday and Saturday (since 2013): marked lightly in the calendar. Nothing in
 * the prices depends on it; the hotel sets its weekend prices by weekday in the bulk edit.
 */
export const WEEKEND_DAYS: readonly number[] = [5, 6];
export const isWeekend = (night: string) => WEEKEND_DAYS.includes(weekdayOf(night));

const locale = (language: Language) => (language === 'ar' ? 'ar-OM-u-ca-gregory' : 'en-GB-u-ca-gregory');

/** A night's column heading: weekday and day of the month, the month on the first and on the 1st. */
export function nightHeading(night: string, language: Language) {
  const date = new Date(`${night}T00:00:00Z`);
  return {
    weekday: dateTimeFormat(locale(language), { weekday: 'short', timeZone: 'UTC' }).format(date),
    day: formatCount(date.getUTCDate(), language),
    month: dateTimeFormat(locale(language), { month: 'short', timeZone: 'UTC' }).format(date),
    long: dateTimeFormat(locale(language), {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(date),
  };
}

/** A weekday's name (0 = Sunday), long, for the bulk edit's checkboxes. */
export function weekdayName(weekday: number, language: Language): string {
  // 2023-01-01 was a Sunday.
  const date = new Date(Date.UTC(2023, 0, 1 + weekday));
  return dateTimeFormat(locale(language), { weekday: 'long', timeZone: 'UTC' }).format(date);
}

/** The weekdays in the order of the hotel's week: Saturday first in Arabic, Sunday in English. */
export function weekdaysInOrder(language: Language): number[] {
  return language === 'ar' ? [6, 0, 1, 2, 3, 4, 5] : [0, 1, 2, 3, 4, 5, 6];
}
