/**
 * Intl formatters, made once per locale and options and then reused. Making one costs far more
 * than formatting with it (a phone renders a price or a count many times per screen).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options ?? {})}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

export function dateTimeFormat(locale: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options ?? {})}`;
  let format = dateTimeFormats.get(key);
  if (!format) dateTimeFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/*
 * Whole numbers (counts, rials and baisa, percents) without Intl. The first Intl.NumberFormat a
 * page makes loads ICU's number data: 17-38 ms on a fast machine, a long task on a phone (issue
 * 17, decision 021), for output that is a few digits with separators. These give exactly what
 * Intl.NumberFormat gives for ar-OM and en-OM (intl-cache.test.ts compares them); anything else
 * (negative, fractional, unsafe) goes to Intl.
 */
const SEPARATORS = {
  ar: { group: '\u066c', decimal: '\u066b', percent: '\u066a\u061c' },
  en: { group: ',', decimal: '.', percent: '%' },
} as const;

type NumberLanguage = keyof typeof SEPARATORS;

function digitsIn(language: NumberLanguage, latin: string): string {
  return language === 'ar' ? latin.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d))) : latin;
}

function grouped(language: NumberLanguage, n: number): string {
  return digitsIn(language, String(n).replace(/\B(?=(\d{3})+$)/g, SEPARATORS[language].group));
}

const isWhole = (n: number) => Number.isSafeInteger(n) && n >= 0;
const numberLocale = (language: NumberLanguage) => (language === 'ar' ? 'ar-OM' : 'en-OM');

/** A count in the language's digits and grouping: "١٬٢٣٤" / "1,234". */
export function formatWhole(n: number, language: NumberLanguage): string {
  return isWhole(n) ? grouped(language, n) : numberFormat(numberLocale(language)).format(n);
}

/** Thousandths (baisa) as units with three decimals: 12600 -> "١٢٫٦٠٠" / "12.600". */
export function formatThousandths(thousandths: number, language: NumberLanguage): string {
  if (!isWhole(thousandths)) {
    return numberFormat(numberLocale(language), {
      minimumFractionDigits: 3,
      maximumFractionDigits: 3,
    }).format(thousandths / 1000);
  }
  const fraction = String(thousandths % 1000).padStart(3, '0');
  return `${grouped(language, Math.floor(thousandths / 1000))}${SEPARATORS[language].decimal}${digitsIn(language, fraction)}`;
}

/** A whole percent: 25 -> "٢٥٪؜" / "25%". */
export function formatWholePercent(percent: number, language: NumberLanguage): string {
  return isWhole(percent)
    ? `${grouped(language, percent)}${SEPARATORS[language].percent}`
    : numberFormat(numberLocale(language), { style: 'percent' }).format(percent / 100);
}
