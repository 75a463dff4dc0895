import { formatMoney } from '@shared/money';
import { HOTEL_TIME_ZONE, type Language } from '@shared/start-constants';
import { dateTimeFormat, formatWhole, formatWholePercent, numberFormat } from '@shared/intl-cache';

/**
 * "12.600 ر.ع." in Arabic, "OMR 12.600" in English (spec: currency label ر.ع. / OMR), the
 * currency never alone on a line (shared/src/money.ts formatMoney: a no-break space).
 */
export function formatPrice(baisa: number, language: Language): string {
  return formatMoney(baisa, language);
}

export function formatCount(n: number, language: Language): string {
  return formatWhole(n, language);
}

// Gregorian in both languages: the hotel's dates are Gregorian, whatever the device prefers.
const dateLocale = (language: Language) => (language === 'ar' ? 'ar-OM-u-ca-gregory' : 'en-GB-u-ca-gregory');

/** A calendar date (YYYY-MM-DD, e.g. a check-in date) as "٢٤ ديسمبر ٢٠٢٦" / "24 Dec 2026". */
export function formatDate(isoDate: string, language: Language): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateTimeFormat(dateLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}

/** A month (YYYY-MM, e.g. a draw's month) as "نوفمبر ٢٠٢٦" / "November 2026". */
export function formatMonth(isoMonth: string, language: Language): string {
  const date = new Date(`${isoMonth}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoMonth;
  return dateTimeFormat(dateLocale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    date,
  );
}

/** A year (e.g. a calendar's) as "٢٠٢٦" / "2026": a year's digits, never grouped. */
export function formatYear(year: number, language: Language): string {
  return dateTimeFormat(dateLocale(language), { year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, 6, 1)),
  );
}

/** A moment (ISO string or ms, e.g. a creation time) with its time, in the hotel's time zone. */
export function formatDateTime(value: string | number, language: Language): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateTimeFormat(dateLocale(language), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: language === 'ar' ? 'numeric' : '2-digit',
    minute: '2-digit',
    timeZone: HOTEL_TIME_ZONE,
  }).format(date);
}

/** A file's size, "2.4 MB" / "٢٫٤ ميغابايت" (kilobytes below one megabyte), in the language's digits. */
export function formatFileSize(bytes: number, language: Language): string {
  const megabytes = bytes >= 1_000_000;
  return numberFormat(language === 'ar' ? 'ar-OM' : 'en-OM', {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(megabytes ? bytes / 1_000_000 : Math.max(1, Math.round(bytes / 1000)));
}

/** A percentage to the hundredth, "١٢٫٥٪؜" / "12.5%" (a travel agent's commission). */
export function formatPercent(percent: number, language: Language): string {
  if (Number.isSafeInteger(percent) && percent >= 0) return formatWholePercent(percent, language);
  return numberFormat(language === 'ar' ? 'ar-OM' : 'en-OM', {
    style: 'percent',
    maximumFractionDigits: 2,
  }).format(percent / 100);
}

/**
 * An amount in a currency other than the rial, as an outside party sent it (an OTA's "240.00" in
 * USD): "USD 240.00" / "٢٤٠٫٠٠ USD", in each language's digits; as sent when it cannot be read.
 */
export function formatCurrencyAmount(amount: string, currency: string, language: Language): string {
  const value = Number(amount);
  if (amount.trim() === '' || !Number.isFinite(value) || !/^[A-Z]{3}$/.test(currency)) {
    return `${currency} ${amount}`;
  }
  // The currency by its code (USD, EUR): a symbol such as "$" is ambiguous.
  return numberFormat(language === 'ar' ? 'ar-OM' : 'en-OM', {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
  }).format(value);
}
