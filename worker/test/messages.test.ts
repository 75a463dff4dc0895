import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_RETRY,
  ASSISTANT_TEXT,
  BED_NAME,
  BOOKING_STATUS_NOTICE,
  ENTRY_DECISION_TEXT,
  MESSAGES,
  ROOM_TIER_NAME,
  SMOKING_NAME,
} from '../src/platform/messages';
import { passwordResetMail, verificationMail } from '../src/modules/accounts/account-mails';
import { countText } from '../src/platform/counts';
import { nightsText, pointsText, roomPricesText } from '../src/modules/assistant/assistant-facts';

/** Every Arabic text the API can send, by a name that says where it comes from. */
function arabicTexts(): [string, string][] {
  return [
    ...Object.entries(MESSAGES).map(([code, m]): [string, string] => [`MESSAGES.${code}`, m.ar]),
    ...Object.entries(ASSISTANT_TEXT).map(([code, m]): [string, string] => [`ASSISTANT_TEXT.${code}`, m.ar]),
    ...Object.entries(ASSISTANT_RETRY).flatMap(([step, m]) =>
      m.ar.map((text, i): [string, string] => [`ASSISTANT_RETRY.${step}.${i}`, text]),
    ),
    ...Object.entries(BOOKING_STATUS_NOTICE).map(([s, m]): [string, string] => [
      `BOOKING_STATUS_NOTICE.${s}`,
      m!.ar,
    ]),
    ...Object.entries(ENTRY_DECISION_TEXT).flatMap(([kind, byDecision]) =>
      Object.entries(byDecision).flatMap(([decision, m]): [string, string][] => [
        [`ENTRY_DECISION_TEXT.${kind}.${decision}.titleAr`, m.titleAr],
        [`ENTRY_DECISION_TEXT.${kind}.${decision}.messageAr`, m.messageAr],
      ]),
    ),
    ...Object.entries({ ...ROOM_TIER_NAME.ar, ...BED_NAME.ar, ...SMOKING_NAME.ar }).map(
      ([k, v]): [string, string] => [`names.${k}`, v],
    ),
  ];
}

/** A Latin digit outside the `{placeholders}` the code fills (in Arabic-Indic digits for Arabic). */
const latinDigitOutsidePlaceholders = (text: string) => /[0-9]/.test(text.replace(/\{\w+\}/g, ''));

describe('Arabic server texts (issue 17, finding 1)', () => {
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

  it('e-mail codes are shown as typed, isolated left to right, beside Arabic-Indic digits (issue 28 item 8)', () => {
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

describe('counted nouns in server texts (issue 28 item 7)', () => {
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
});

describe("the assistant's facts count in the reply's language (issue 28 item 7)", () => {
  it('say each count with its own noun: points, nights, guests, free nights, rooms', () => {
    const ar = pointsText('ar');
    expect(ar).toContain('تكسب ٥ نقاط للغرفة الفضية');
    expect(ar).toContain('و٢٠ نقطة للديلوكس');
    expect(ar).toContain('١٥٠ نقطة للفضية');
    expect(pointsText('en')).toContain('earns 5 points in a silver room, 10 points in gold');
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
