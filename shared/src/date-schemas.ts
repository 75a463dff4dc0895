import { z } from './zod';
import { DATE_RANGE } from './constants';
import { toLatinDigits } from './digits';

/**
 * Dates as the API takes them: `YYYY-MM-DD`, a real calendar date (no 31 April,
 * no month 13), between 2000 and 2099. A regex alone let `2027-04-31` through,
 * which JavaScript reads as 1 May, so the same night could be sold twice under
 * two names; every date a request carries goes through this one schema.
 */
export const ISO_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  if (y < DATE_RANGE.minYear || y > DATE_RANGE.maxYear) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Digits typed in Arabic-Indic become Latin, outer spaces go. */
const latin = (v: unknown) => (typeof v === 'string' ? toLatinDigits(v).trim() : v);

/** A real calendar date; `code` is the message code when the field is missing. */
export function calendarDate(requiredCode = 'invalid_date') {
  return z.preprocess(
    latin,
    z
      .string({ error: requiredCode })
      .min(1, requiredCode)
      .refine((v) => isCalendarDate(v), 'invalid_date'),
  );
}

/**
 * A whole number as people type it: a JSON integer, or digits in a string
 * (Arabic-Indic accepted, outer spaces trimmed). Anything else (null, `0x10`,
 * `1e3`, `1.5`, booleans) is refused rather than coerced.
 */
export function wholeNumber(code: string) {
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const text = toLatinDigits(v).trim();
      return /^\d{1,9}$/.test(text) ? Number(text) : v;
    },
    z.number({ error: code }).int(code).min(0, code),
  );
}

/** A database id in a path: plain digits only, as the app itself writes them. */
export const idSchema = z
  .string({ error: 'invalid_id' })
  .regex(/^[1-9]\d{0,14}$/, 'invalid_id')
  .transform(Number);

/** A route's `/:id` parameter (every resource with numeric ids). */
export const idParamSchema = z.object({ id: idSchema });

/**
 * A count in a query string (`?limit=`): plain digits only, 1 to `max`. The coercion it
 * replaces took `0x10`, ` 1` and `1e2` as numbers.
 */
export function queryCount(max: number) {
  return z
    .string({ error: 'invalid_number' })
    .regex(/^[1-9]\d{0,8}$/, 'invalid_number')
    .transform(Number)
    .pipe(z.number().max(max, 'invalid_number'));
}
