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
} from '../src/lib/messages';
import { verificationMail } from '../src/lib/mail';

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
});
