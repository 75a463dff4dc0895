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
} satisfies Record<string, Record<Lang, Forms>>;

export type CountedNoun = keyof typeof NOUNS;

const rules = { ar: new Intl.PluralRules('ar'), en: new Intl.PluralRules('en') };

/** "10 minutes" / "١٠ دقائق", "2 points" / "نقطتان". */
export function countText(n: number, lang: Lang, noun: CountedNoun): string {
  const forms: Forms = NOUNS[noun][lang];
  const form = forms[rules[lang].select(n)] ?? forms.other;
  return form.replace('{n}', formatWhole(n, lang));
}
