import type { Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ERROR_CODE_VALUES } from '@shared/error-code-values';
import { ERROR_CODES } from '@shared/error-codes';
import { FORM_ERROR_MESSAGES } from '@shared/message-catalogue';
import { messages as workerAr } from './locales/ar';
import { messages as workerEn } from './locales/en';
import { bookingDetails, text, translate } from './platform/messages';
import { passwordResetMail, verificationMail } from './modules/accounts/account-mails';
import { countText } from './platform/counts';
import { nightsText, pointsText, roomPricesText } from './modules/assistant/assistant-facts';

/** A compiled ICU message: text, and placeholders `[name]` or `[name, format, forms]`. */
type Token = string | [string, string?, Record<string, Token[]>?];

/**
 * Sample values for a compiled message: a number for each number or plural placeholder (the
 * catalogue writes it), a word for each plain one (the code passes text it formatted itself).
 */
function sampleValues(tokens: Token[], values: Record<string, string | number> = {}) {
  for (const token of tokens) {
    if (typeof token === 'string') continue;
    const [name, format, forms] = token;
    values[name] ??= format ? 1234 : 'قيمة';
    for (const form of Object.values(forms ?? {})) sampleValues(form, values);
  }
  return values;
}

/** Every Arabic text the catalogue holds, rendered with sample values, by its id. */
function arabicTexts(): [string, string][] {
  const catalogue: Messages = { ...FORM_ERROR_MESSAGES.ar, ...workerAr };
  return Object.entries(catalogue).map(([id, message]): [string, string] => [
    id,
    text('ar', id, sampleValues(message as Token[])),
  ]);
}

/** A Latin digit outside the `{placeholders}` the code fills (in Arabic-Indic digits for Arabic). */
const latinDigitOutsidePlaceholders = (text: string) => /[0-9]/.test(text.replace(/\{\w+\}/g, ''));

describe('the message catalogue', () => {
  it('holds every code and every worker text in Arabic and in English', () => {
    const ar = { ...FORM_ERROR_MESSAGES.ar, ...workerAr };
    const en = { ...FORM_ERROR_MESSAGES.en, ...workerEn };
    expect(ERROR_CODES.filter((code) => !ar[code] || !en[code])).toEqual([]);
    expect(Object.keys(ar).filter((id) => !en[id])).toEqual([]);
    expect(Object.keys(en).filter((id) => !ar[id])).toEqual([]);
    // No entry is left empty (an untranslated .po entry compiles to its id or nothing).
    const empty = (m: Messages) =>
      Object.keys(m).filter((id) => JSON.stringify(m[id]) === '[]' || m[id] === id);
    expect([...empty(ar), ...empty(en)]).toEqual([]);
    // A code is translated once: in the shared catalogue (forms) or the worker's, not both.
    expect(Object.keys(FORM_ERROR_MESSAGES.ar).filter((id) => Object.hasOwn(workerAr, id))).toEqual([]);
  });

  it('has a value for every placeholder of a code (from shared/src/error-code-values.ts)', () => {
    // The codes whose values the caller gives: the points a completed stay earned, the nights a
    // bulk edit of rates wrote, the limit a rate restriction set (platform/api-error.ts errorBody).
    const fromCaller: Record<string, string[]> = {
      completed_with_points: ['points'],
      rates_saved: ['nights'],
      min_stay: ['min'],
      max_stay: ['max'],
      invoice_issued: ['number'],
      credit_note_issued: ['number'],
      correction_credit_noted: ['number'],
      check_charged_to_room: ['number', 'room'],
      check_paid: ['number', 'invoice'],
      revenue_nights_locked: ['nights'],
      revenue_nights_unlocked: ['nights'],
      revenue_suggestions_applied: ['applied', 'unchanged'],
    };
    const missing: string[] = [];
    // Each language's catalogue made once (made again for every code, it took most of 5 s).
    const catalogues = [
      { ...FORM_ERROR_MESSAGES.ar, ...workerAr },
      { ...FORM_ERROR_MESSAGES.en, ...workerEn },
    ];
    for (const code of ERROR_CODES) {
      for (const catalogue of catalogues) {
        for (const name of Object.keys(sampleValues(catalogue[code] as Token[]))) {
          if (!(name in (ERROR_CODE_VALUES[code] ?? {})) && !fromCaller[code]?.includes(name)) {
            missing.push(`${code}: ${name}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("writes the limits a code names in the language's digits, with the Arabic counted noun", () => {
    const arabic = ERROR_CODES.map((code) => translate(code, 'ar'));
    expect(arabic.filter((sentence) => /[0-9]/.test(sentence.replace(/YYYY-MM-DD/, '')))).toEqual([]);
    expect(translate('name_min', 'ar')).toBe('الاسم يجب أن يكون حرفين على الأقل');
    expect(translate('password_min', 'ar')).toBe('كلمة المرور يجب أن تكون ٨ أحرف على الأقل');
    expect(translate('password_min_staff', 'ar')).toBe('كلمة مرور الموظفين يجب أن تكون ١٢ حرفاً على الأقل');
    expect(translate('full_name_max', 'ar')).toBe('الاسم طويل جداً (١٠٠ حرف كحد أقصى)');
    expect(translate('stay_too_long', 'en')).toBe('A stay can be 30 nights at most');
    // The limits' nouns are ICU plurals (CLDR categories), not a form written for one number.
    expect(translate('stay_too_long', 'ar')).toBe('أقصى مدة للإقامة ٣٠ ليلة');
    expect(translate('stay_too_long', 'ar', { max: 2 })).toBe('أقصى مدة للإقامة ليلتان');
    expect(translate('check_in_guests_over_room', 'ar')).toBe('تتسع الغرفة لـ١٢ ضيفًا كحد أقصى');
    expect(translate('check_in_guests_over_room', 'ar', { max: 2 })).toBe('تتسع الغرفة لضيفين كحد أقصى');
    expect(translate('availability_too_long', 'ar', { max: 2 })).toBe(
      'يمكن عرض ليلتين على الأكثر في المرة الواحدة',
    );
    expect(translate('completed_with_points', 'en', { points: '10 points' })).toBe(
      'Booking completed: 10 points added to the guest. New points appear within one second.',
    );
    expect(translate('not_a_code', 'en')).toBe('not_a_code');
  });
});

describe('Arabic server texts', () => {
  it('write every number in Arabic-Indic digits', () => {
    const offenders = arabicTexts().filter(([, text]) => latinDigitOutsidePlaceholders(text));
    expect(offenders).toEqual([]);
    expect(arabicTexts().length).toBeGreaterThan(200);
  });

  it('are really checked: a Latin digit is caught, a placeholder is not', () => {
    expect(latinDigitOutsidePlaceholders('أقصى مدة للإقامة 30 ليلة')).toBe(true);
    expect(latinDigitOutsidePlaceholders('أقصى مدة للإقامة ٣٠ ليلة، {count1} متاحة')).toBe(false);
  });

  it('the verification e-mail says its validity in Arabic-Indic digits in the Arabic part', () => {
    const mail = verificationMail('a@example.com', 'سالم', '123456', {
      nameAr: 'فندق',
      nameEn: 'Hotel',
      contact: '',
    });
    const arabicPart = mail.text.split('\n\n')[0]!.replace('123456', '');
    expect(arabicPart).toContain('١٠ دقائق');
    expect(arabicPart).not.toMatch(/[0-9]/);
  });

  it('e-mail codes are shown as typed, isolated left to right, beside Arabic-Indic digits', () => {
    const hotel = { nameAr: 'فندق', nameEn: 'Hotel', contact: '' };
    for (const mail of [
      verificationMail('a@example.com', 'سالم', '123456', hotel),
      passwordResetMail('a@example.com', 'سالم', '654321', hotel),
    ]) {
      const code = mail.text.match(/\d{6}/)![0];
      const arabicPart = mail.text.split('\n\n')[0]!;
      expect(arabicPart).toContain(`\u2066${code}\u2069`);
      expect(arabicPart.replace(`\u2066${code}\u2069`, '')).not.toMatch(/[0-9]/);
      expect(mail.html).toContain(`<bdi dir="ltr">${code}</bdi>`);
      expect(mail.html).toContain('١٠ دقائق');
      expect(mail.text).toContain('10 minutes');
    }
  });
});

describe('counted nouns in server texts', () => {
  it('take the Arabic plural forms and Arabic-Indic digits, and English one/other', () => {
    expect([0, 1, 2, 3, 11, 100].map((n) => countText(n, 'ar', 'points'))).toEqual([
      '٠ نقطة',
      'نقطة واحدة',
      'نقطتان',
      '٣ نقاط',
      '١١ نقطة',
      '١٠٠ نقطة',
    ]);
    expect([1, 2, 10, 1000].map((n) => countText(n, 'ar', 'minutes'))).toEqual([
      'دقيقة واحدة',
      'دقيقتان',
      '١٠ دقائق',
      '١٬٠٠٠ دقيقة',
    ]);
    expect([1, 2].map((n) => countText(n, 'en', 'points'))).toEqual(['1 point', '2 points']);
  });

  it('a stay of two nights for two guests: "ليلتان" and "ضيفان", each count in its own CLDR form', () => {
    expect([0, 1, 2, 3, 11, 100].map((n) => countText(n, 'ar', 'guests'))).toEqual([
      '٠ ضيف',
      'ضيف واحد',
      'ضيفان',
      '٣ ضيوف',
      '١١ ضيفًا',
      '١٠٠ ضيف',
    ]);
    expect(countText(2, 'ar', 'nights')).toBe('ليلتان');
    // The assistant's booking summary: each count said on its own, in the nominative.
    const summary = text('ar', 'assistant.summary', {
      ...Object.fromEntries(
        [
          'room',
          'checkIn',
          'checkOut',
          'bed',
          'smoking',
          'name',
          'phone',
          'id',
          'rate',
          'cancellation',
          'total',
          'payment',
        ].map((key) => [key, 'قيمة']),
      ),
      nights: countText(2, 'ar', 'nights'),
      guests: countText(2, 'ar', 'guests'),
    });
    expect(summary).toContain('(ليلتان)');
    expect(summary).toContain('• الضيوف: ضيفان');
    expect([1, 2].map((n) => countText(n, 'en', 'guests'))).toEqual(['1 guest', '2 guests']);
  });
});

/** The spec's four room types as their rows say them (points per stay and a free night's price). */
const SPEC_ROOMS = (
  [
    ['silver', 'الغرفة الفضية', 'Silver Room', 5, 150],
    ['gold', 'الغرفة الذهبية', 'Gold Room', 10, 160],
    ['diamond', 'الغرفة الماسية', 'Diamond Room', 15, 175],
    ['deluxe', 'جناح الديلوكس', 'Deluxe Suite', 20, 200],
  ] as const
).map(([code, nameAr, nameEn, pointsPerStay, freeNightPoints]) => ({
  code,
  nameAr,
  nameEn,
  pointsPerStay,
  freeNightPoints,
  active: true,
})) as unknown as Parameters<typeof pointsText>[1];

describe("the assistant's facts count in the reply's language", () => {
  it('say each count with its own noun: points, nights, guests, free nights, rooms', () => {
    const ar = pointsText('ar', SPEC_ROOMS);
    expect(ar).toContain('تكسب ٥ نقاط للغرفة الفضية');
    expect(ar).toContain('و٢٠ نقطة للديلوكس');
    expect(ar).toContain('١٥٠ نقطة للفضية');
    expect(pointsText('en', SPEC_ROOMS)).toContain('earns 5 points in a silver room, 10 points in gold');
    expect([1, 2, 3, 11].map((n) => nightsText(n, 'ar'))).toEqual([
      'ليلة واحدة',
      'ليلتان',
      '٣ ليالٍ',
      '١١ ليلة',
    ]);
    const prices = roomPricesText([{ roomType: 'gold', price: 13200, original: 14706, maxGuests: 4 }], 'ar');
    expect(prices).toContain('حتى ٤ ضيوف');
    expect(countText(1, 'ar', 'freeNights')).toBe('ليلة مجانية واحدة');
    expect(countText(2, 'ar', 'roomsAvailable')).toBe('غرفتان متاحتان');
    expect(countText(1, 'en', 'roomsAvailable')).toBe('1 room available');
  });
});

describe('dates and rooms in notices', () => {
  it("says a booking's room and dates in words, with the staff's reason", () => {
    const stay = { roomType: 'deluxe', checkInDate: '2027-02-20', checkOutDate: '2027-02-21' } as const;
    expect(bookingDetails('en', stay)).toBe('Deluxe room, 20 Feb 2027 – 21 Feb 2027');
    expect(bookingDetails('ar', stay)).toBe('الغرفة الديلوكس، ٢٠ فبراير ٢٠٢٧ – ٢١ فبراير ٢٠٢٧');
    expect(bookingDetails('en', stay, 'Fully booked')).toBe(
      'Deluxe room, 20 Feb 2027 – 21 Feb 2027. Reason: Fully booked',
    );
  });
});
