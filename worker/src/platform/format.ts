import { HOTEL_TIME_ZONE, type Language } from '@shared/constants';
import { dateTimeFormat, formatWhole } from '@shared/intl-cache';
import { formatMoney as sharedFormatMoney, formatOmr } from '@shared/money';

/**
 * The worker's one formatter for the money, dates and counts of every text it sends (API errors
 * and notices, e-mails, phone messages, push, the assistant, invoices), as web/src/lib/format.ts
 * is the web's (docs/decisions/054-one-formatter-for-numbers.md). Built on shared/'s helpers, so
 * both sides write the same figure alike: a guest reads "OMR 12.600" / "١٢٫٦٠٠ ر.ع." on a screen,
 * in an e-mail and in the assistant's reply. A catalogue message never writes the currency
 * beside its placeholder: the code passes `formatMoney`'s text (platform/format.test.ts).
 */

/**
 * Money as people read it: "OMR 12.600" / "١٢٫٦٠٠ ر.ع." (the web's formatPrice: both are
 * shared/src/money.ts formatMoney), the currency held to the amount by a no-break space.
 */
export function formatMoney(baisa: number, language: Language): string {
  return sharedFormatMoney(baisa, language);
}

/**
 * The amount alone, three decimals in the language's digits ("12.600" / "١٢٫٦٠٠"), where the
 * currency is said once beside it: a table whose heading names it, the crossed-out price after
 * today's, a night's price inside a total's sentence.
 */
export function formatAmount(baisa: number, language: Language): string {
  return formatOmr(baisa, language);
}

/** A count in the language's digits and grouping: "١٬٢٣٤" / "1,234". */
export function formatCount(n: number, language: Language): string {
  return formatWhole(n, language);
}

// Gregorian in both languages: the hotel's dates are Gregorian, whatever the reader's calendar.
const dateLocale = (language: Language) => (language === 'ar' ? 'ar-OM-u-ca-gregory' : 'en-GB-u-ca-gregory');

const DATE_STYLES = {
  /** "5 Jan 2027" / "٥ يناير ٢٠٢٧": notices, invoices (the web's formatDate). */
  short: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
  /** "10 March 2026" / "١٠ مارس ٢٠٢٦": the assistant, push. */
  long: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  /** "Tuesday, 1 December 2026" / "الثلاثاء، ١ ديسمبر ٢٠٢٦": e-mails. */
  weekday: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof DATE_STYLES;

/** The formatter of a calendar date's style (made once, shared/src/intl-cache.ts). */
export function dateFormat(style: DateStyle, language: Language): Intl.DateTimeFormat {
  return dateTimeFormat(dateLocale(language), DATE_STYLES[style]);
}

/** A calendar date (YYYY-MM-DD) in a style; the text as given when it is not a date. */
export function formatDate(isoDate: string, language: Language, style: DateStyle = 'short'): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateFormat(style, language).format(date);
}

/** A moment in the hotel's time zone: "1 December 2026, 22:05" / "١ ديسمبر ٢٠٢٦، ١٠:٠٥ م". */
export function formatMoment(at: Date, language: Language): string {
  return dateTimeFormat(dateLocale(language), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: HOTEL_TIME_ZONE,
  }).format(at);
}
