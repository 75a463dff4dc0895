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
 * One canonical form per Omani phone so that "٩١٢٣ ٤٥٦٧", "+968 9123 4567" and
 * "0096891234567" all count as the same participant: digits only, without the
 * country code 968 when a local 8-digit number follows it.
 */
export function normalizePhone(value: string): string {
  let digits = digitsOnly(value);
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length === 11 && digits.startsWith('968')) digits = digits.slice(3);
  return digits;
}
