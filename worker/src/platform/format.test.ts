import type { Messages } from '@lingui/core';
import { FORM_ERROR_MESSAGES } from '@shared/message-catalogue';
import { describe, expect, it } from 'vitest';
import { messages as workerAr } from '../locales/ar';
import { messages as workerEn } from '../locales/en';
import { formatAmount, formatCount, formatDate, formatMoney, formatMoment } from './format';
import { assistantText, text } from './messages';

/*
 * One formatter for the money and dates of every worker text (platform/format.ts,
 * docs/decisions/054-one-formatter-for-numbers.md), as web/src/lib/one-formatter.test.ts holds the
 * web's: no catalogue message writes a currency beside its placeholder (the code passes
 * formatMoney's "OMR 12.600" / "١٢٫٦٠٠ ر.ع."), and no worker code makes money or a date's locale
 * by hand or defines a second formatMoney or dateLocale.
 */

/** A compiled ICU message: text, and placeholders `[name]` or `[name, format, forms]`. */
type Token = string | [string, string?, Record<string, Token[] | string>?];

/** A currency written in a message's own words (the code, the Arabic abbreviation, the rial). */
const CURRENCY = String.raw`(?:OMR|ر\.ع\.?|ريال|rials?\b|R\.O\.)`;
const CURRENCY_AFTER = new RegExp(String.raw`^\s*${CURRENCY}`, 'i');
const CURRENCY_BEFORE = new RegExp(String.raw`${CURRENCY}\s*$`, 'i');

/** `name: "text"` of each placeholder of `message` that has a currency written beside it. */
function currencyBesidePlaceholder(message: Token[] | string): string[] {
  if (typeof message === 'string') return [];
  const found: string[] = [];
  message.forEach((token, i) => {
    if (typeof token === 'string') return;
    const [name, , forms] = token;
    const before = message[i - 1];
    const after = message[i + 1];
    if (typeof before === 'string' && CURRENCY_BEFORE.test(before)) found.push(`${before}{${name}}`);
    if (typeof after === 'string' && CURRENCY_AFTER.test(after)) found.push(`{${name}}${after}`);
    for (const form of Object.values(forms ?? {})) found.push(...currencyBesidePlaceholder(form));
  });
  return found;
}

/** `id: text` of every message of the worker's and shared/'s catalogues that writes money by hand. */
function handWrittenMoney(catalogue: Messages): string[] {
  return Object.entries(catalogue).flatMap(([id, message]) =>
    currencyBesidePlaceholder(message as Token[]).map((found) => `${id}: ${found}`),
  );
}

/** The worker's code as text, its comments left out (tests, declarations and catalogues aside). */
const sources = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!**/*.test.ts', '!**/*.d.ts', '!**/locales/**'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

const withoutComments = (code: string) =>
  code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/** `path:line: text` of every line of the worker's code but the formatter's that `pattern` finds. */
function linesWith(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const [path, code] of Object.entries(sources)) {
    if (path === './format.ts') continue;
    withoutComments(code)
      .split('\n')
      .forEach((line, i) => {
        if (pattern.test(line)) found.push(`${path}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

/**
 * Money or a date's locale made by hand: a currency beside a template's placeholder, the shared
 * helpers the formatter wraps called directly, Intl's dates or the Gregorian locales named.
 */
const HAND_MADE =
  /ر\.ع|OMR\s*\$\{|\}\s*OMR\b|\bformatOmr\(|\bformatThousandths\(|\bdateTimeFormat\(|Intl\.DateTimeFormat|-u-ca-gregory/;

/** A second formatter: a function or constant named as the formatter's, or the web's. */
const SECOND_FORMATTER =
  /\b(?:function|const|let|var)\s+(?:formatMoney|formatPrice|formatAmount|dateLocale|formatDate|formatDay|formatMoment|readableDate|readableMoment)\b/;

describe('one money formatter for every worker text', () => {
  it('writes money as the web does: "OMR 12.600" / "١٢٫٦٠٠ ر.ع.", three decimals (the baisa)', () => {
    expect(formatMoney(1_234_560, 'en')).toBe('OMR\u00a01,234.560');
    expect(formatMoney(1_234_560, 'ar')).toBe('١٬٢٣٤٫٥٦٠\u00a0ر.ع.');
    expect(formatMoney(12_600, 'en')).toBe('OMR\u00a012.600');
    expect(formatMoney(12_600, 'ar')).toBe('١٢٫٦٠٠\u00a0ر.ع.');
    // A no-break space: a line never breaks between an amount and its currency.
    expect(formatMoney(-5_000, 'ar')).not.toMatch(/ /);
    expect(formatAmount(12_600, 'en')).toBe('12.600');
    expect(formatAmount(12_600, 'ar')).toBe('١٢٫٦٠٠');
    expect(formatCount(1234, 'ar')).toBe('١٬٢٣٤');
  });

  it('is the only way a message writes money: no catalogue message puts a currency beside a placeholder', () => {
    expect(handWrittenMoney({ ...FORM_ERROR_MESSAGES.en, ...workerEn })).toEqual([]);
    expect(handWrittenMoney({ ...FORM_ERROR_MESSAGES.ar, ...workerAr })).toEqual([]);
  });

  it('so e-mails, push, notices and the assistant put the currency in one place in each language', () => {
    const amount = (lang: 'ar' | 'en') => formatMoney(12_600, lang);
    expect(text('en', 'push.payment_received', { amount: amount('en'), reference: 'K7M' })).toBe(
      'OMR\u00a012.600 · Reference K7M',
    );
    expect(text('ar', 'push.payment_received', { amount: amount('ar'), reference: 'K7M' })).toBe(
      '١٢٫٦٠٠\u00a0ر.ع.، رقم الحجز K7M',
    );
    expect(text('en', 'email.action.pay_now', { amount: amount('en') })).toBe('Pay OMR\u00a012.600 now');
    const vip = {
      name: 'Silver',
      price: amount('en'),
      coffees: '2 coffees',
      nights: '1 night',
      rooms: '3 rooms',
    };
    expect(assistantText('en', 'vip_line', vip)).toBe(
      '• Silver: OMR\u00a012.600 a year, 2 coffees and 1 night, discounts on 3 rooms',
    );
    expect(assistantText('ar', 'vip_line', { ...vip, price: amount('ar') })).toContain(
      '١٢٫٦٠٠\u00a0ر.ع. سنوياً',
    );
  });

  it('is really checked: a currency beside a placeholder is found, in both orders and both languages', () => {
    const compiled = (...tokens: Token[]) => ({ id: tokens });
    expect(handWrittenMoney(compiled('• ', ['price'], ' OMR a night'))).toEqual(['id: {price} OMR a night']);
    expect(handWrittenMoney(compiled('Pay OMR ', ['amount']))).toEqual(['id: Pay OMR {amount}']);
    expect(handWrittenMoney(compiled(['price'], ' ر.ع. لليلة'))).toHaveLength(1);
    expect(
      handWrittenMoney(compiled(['n', 'plural', { one: ['#', ' rial'], other: [['x'], ' rials'] }])),
    ).toHaveLength(1);
    expect(handWrittenMoney(compiled('Total (OMR)'))).toEqual([]);
    expect(handWrittenMoney(compiled(['price'], ' a night'))).toEqual([]);
  });
});

describe('one formatter module in the worker', () => {
  it("writes dates in the Gregorian calendar, each style as before, the language's digits", () => {
    expect(formatDate('2027-01-05', 'en')).toBe('5 Jan 2027');
    expect(formatDate('2027-01-05', 'ar')).toBe('٥ يناير ٢٠٢٧');
    expect(formatDate('2026-03-10', 'en', 'long')).toBe('10 March 2026');
    expect(formatDate('2026-03-10', 'ar', 'long')).toBe('١٠ مارس ٢٠٢٦');
    expect(formatDate('2026-12-01', 'en', 'weekday')).toBe('Tuesday, 1 December 2026');
    expect(formatDate('2026-12-01', 'ar', 'weekday')).toBe('الثلاثاء، ١ ديسمبر ٢٠٢٦');
    expect(formatMoment(new Date('2026-12-01T18:05:00Z'), 'en')).toBe('1 December 2026 at 22:05');
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  it('is the only worker code that makes money or a date by hand', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(150);
    expect(linesWith(HAND_MADE)).toEqual([]);
  });

  it('has no second formatMoney, dateLocale or date formatter', () => {
    expect(linesWith(SECOND_FORMATTER)).toEqual([]);
  });

  it('is really checked: the formatters written before it are found', () => {
    const finds = (pattern: RegExp, line: string) => pattern.test(line);
    expect(finds(SECOND_FORMATTER, 'export function formatMoney(baisa: number, lang: Lang): string {')).toBe(
      true,
    );
    expect(
      finds(SECOND_FORMATTER, "const dateLocale = (lang: Language) => (lang === 'ar' ? 'ar-OM' : 'en-GB');"),
    ).toBe(true);
    expect(finds(SECOND_FORMATTER, "date: formatDate(b.checkInDate, lang, 'weekday'),")).toBe(false);
    expect(
      finds(HAND_MADE, "return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-OM-u-ca-gregory' : 'en-GB')"),
    ).toBe(true);
    expect(finds(HAND_MADE, "amount: formatOmr(amount, 'en'),")).toBe(true);
    expect(finds(HAND_MADE, 'const total = `${amount} OMR`;')).toBe(true);
    expect(finds(HAND_MADE, "amount: formatMoney(amount, 'en'),")).toBe(false);
    expect(finds(HAND_MADE, "priceCurrency: 'OMR',")).toBe(false);
  });
});
