/**
 * Guests type numbers with Arabic-Indic (٠١٢٣٤٥٦٧٨٩) or Eastern Arabic-Indic
 * (۰۱۲۳۴۵۶۷۸۹, Persian and Urdu keyboards) digits, staff on a phone's full-width keyboard (０１２),
 * a Hindi or Bengali one: every digit field accepts every decimal digit of Unicode (`\p{Nd}`) and
 * keeps it as its Latin digit, so "12", "۱۲" and "１２" are one value.
 */
const UNICODE_DIGIT = /\p{Nd}/gu;
const ARABIC_INDIC_ZERO = 0x0660;
const NON_LATIN_DIGIT = /[^\P{Nd}0-9]/u;

/**
 * The value of a decimal digit: Unicode gives each script's digits as runs of ten code points
 * from zero to nine (adjacent runs, like the mathematical digits, still start at a zero), so the
 * digit is its distance from the start of its run, modulo ten.
 */
function digitValue(ch: string): number {
  const code = ch.codePointAt(0)!;
  let start = code;
  while (start > 0 && /\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--;
  return (code - start) % 10;
}

export function toLatinDigits(value: string): string {
  if (!NON_LATIN_DIGIT.test(value)) return value;
  return value.replace(UNICODE_DIGIT, (ch) => (ch >= '0' && ch <= '9' ? ch : String(digitValue(ch))));
}

/** Latin digits written as Arabic-Indic ones, for numbers and dates inside Arabic sentences. */
export function toArabicIndicDigits(value: string): string {
  return value.replace(/[0-9]/g, (d) => String.fromCharCode(ARABIC_INDIC_ZERO + Number(d)));
}

/** Keeps digits only (after converting Arabic-Indic ones), e.g. for the 6-digit code input. */
export function digitsOnly(value: string, maxLength?: number): string {
  const digits = toLatinDigits(value).replace(/\D/g, '');
  return maxLength === undefined ? digits : digits.slice(0, maxLength);
}

/**
 * A phone's key for comparing, without the phone library (shared/src/phone.ts checks numbers
 * people type; this reads numbers already stored, a provider's `wa_id`, and what staff type into a
 * search): the stored form, full international digits. `+` or `00` mark an international number;
 * an 8-digit number without either is an Omani one (968 in front), as every number stored before
 * numbers were stored in full was (docs/decisions/096-phone-numbers-in-full.md). So "٩١٢٣ ٤٥٦٧",
 * "+968 9123 4567", "0096891234567" and "96891234567" are one phone.
 */
export function normalizePhone(value: string): string {
  const latin = toLatinDigits(value).trim();
  let digits = latin.replace(/\D/g, '');
  const international = latin.startsWith('+') || digits.startsWith('00');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (!international && digits.length === 8) digits = `968${digits}`;
  return digits;
}

/**
 * A phone's digits as the search indexes hold them (booking_search, guest_search: the stored
 * number in full), for finding a number by any part of it: "9123 4567", "+968 9123 4567",
 * "00968 9123" and "968 91" all find 96891234567; "5123 4567" finds a Kuwaiti 96551234567.
 */
export function phoneSearchDigits(value: string): string {
  const digits = digitsOnly(value);
  return digits.startsWith('00') ? digits.slice(2) : digits;
}
