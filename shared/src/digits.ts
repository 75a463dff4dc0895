/**
 * Guests type numbers with Arabic-Indic (٠١٢٣٤٥٦٧٨٩) or Eastern Arabic-Indic
 * (۰۱۲۳۴۵۶۷۸۹, Persian keyboards) digits; every digit field accepts them.
 */
const ARABIC_INDIC_ZERO = 0x0660;
const EASTERN_ARABIC_INDIC_ZERO = 0x06f0;

export function toLatinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (ch) => {
    const code = ch.charCodeAt(0);
    const zero = code >= EASTERN_ARABIC_INDIC_ZERO ? EASTERN_ARABIC_INDIC_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
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
