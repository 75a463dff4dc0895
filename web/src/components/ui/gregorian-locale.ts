/**
 * The hotel books in Gregorian dates in both languages; an Arabic locale
 * could otherwise pick a Hijri calendar on some devices. English dates read
 * day / month / year as in Oman (Chromium has no en-OM data and would fall
 * back to the US month-first order).
 */
export function gregorianLocale(locale: string): string {
  if (locale.includes('-u-')) return locale;
  return `${locale.startsWith('en') ? 'en-GB' : locale}-u-ca-gregory`;
}
