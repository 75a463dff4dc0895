import { formatWhole } from '../../../shared/src/intl-cache';

/**
 * Counted nouns in the API's own sentences (e-mails, the desk's answers), issue 28 item 7. The
 * web's copy goes through Lingui's plural forms; the worker has no Lingui, so the same CLDR
 * categories come from Intl.PluralRules: English one/other, Arabic zero, one, two, few (3-10),
 * many (11-99) and other (100...), each with its own noun. The number is written by the one
 * formatter the web uses too (shared/src/intl-cache.ts formatWhole: Arabic-Indic digits in Arabic).
 */
type Lang = 'ar' | 'en';
type Forms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const NOUNS = {
  points: {
    ar: { one: 'نقطة واحدة', two: 'نقطتان', few: '{n} نقاط', many: '{n} نقطة', other: '{n} نقطة' },
    en: { one: '{n} point', other: '{n} points' },
  },
  minutes: {
    ar: { one: 'دقيقة واحدة', two: 'دقيقتان', few: '{n} دقائق', many: '{n} دقيقة', other: '{n} دقيقة' },
    en: { one: '{n} minute', other: '{n} minutes' },
  },
  nights: {
    ar: { one: 'ليلة واحدة', two: 'ليلتان', few: '{n} ليالٍ', many: '{n} ليلة', other: '{n} ليلة' },
    en: { one: '{n} night', other: '{n} nights' },
  },
  // The assistant's facts (modules/assistant/assistant-facts.ts, modules/assistant/assistant.ts): "up to four guests",
  // "discounts on 8 rooms" (both after a preposition, so the Arabic dual is in the genitive).
  guests: {
    ar: { one: 'ضيف واحد', two: 'ضيفين', few: '{n} ضيوف', many: '{n} ضيفًا', other: '{n} ضيف' },
    en: { one: '{n} guest', other: '{n} guests' },
  },
  rooms: {
    ar: { one: 'غرفة واحدة', two: 'غرفتين', few: '{n} غرف', many: '{n} غرفة', other: '{n} غرفة' },
    en: { one: '{n} room', other: '{n} rooms' },
  },
  roomsAvailable: {
    ar: {
      one: 'غرفة واحدة متاحة',
      two: 'غرفتان متاحتان',
      few: '{n} غرف متاحة',
      many: '{n} غرفة متاحة',
      other: '{n} غرفة متاحة',
    },
    en: { one: '{n} room available', other: '{n} rooms available' },
  },
  freeCoffees: {
    ar: {
      zero: 'دون قهوة مجانية',
      one: 'قهوة مجانية واحدة',
      two: 'قهوتان مجانيتان',
      few: '{n} قهوات مجانية',
      many: '{n} قهوة مجانية',
      other: '{n} قهوة مجانية',
    },
    en: { one: '{n} free coffee', other: '{n} free coffees' },
  },
  freeNights: {
    ar: {
      zero: 'دون ليالٍ مجانية',
      one: 'ليلة مجانية واحدة',
      two: 'ليلتان مجانيتان',
      few: '{n} ليالٍ مجانية',
      many: '{n} ليلة مجانية',
      other: '{n} ليلة مجانية',
    },
    en: { one: '{n} free night', other: '{n} free nights' },
  },
} satisfies Record<string, Record<Lang, Forms>>;

export type CountedNoun = keyof typeof NOUNS;

const rules = { ar: new Intl.PluralRules('ar'), en: new Intl.PluralRules('en') };

/** "10 minutes" / "١٠ دقائق", "2 points" / "نقطتان". */
export function countText(n: number, lang: Lang, noun: CountedNoun): string {
  const forms: Forms = NOUNS[noun][lang];
  const form = forms[rules[lang].select(n)] ?? forms.other;
  return form.replace('{n}', formatWhole(n, lang));
}
