import { text, type Language } from './messages';

/**
 * Counted nouns in the API's own sentences (e-mails, the desk's answers, the assistant): the
 * catalogue's `count.<noun>` entries, ICU plurals with the CLDR categories (English one/other;
 * Arabic zero, one, two, few (3-10), many (11-99) and other (100...), each with its own noun),
 * the number written in the language's digits by the catalogue's formatter.
 */
export const COUNTED_NOUNS = [
  'points',
  'minutes',
  'nights',
  // A stay's guests ("(ليلتان، ضيفان)", "• الضيوف: ضيفان": the Arabic dual in the nominative, as
  // a count said on its own), and the assistant's "up to four guests" (never two).
  'guests',
  // "discounts on 8 rooms" (after a preposition, so the Arabic dual is in the genitive).
  'rooms',
  'roomsAvailable',
  'freeCoffees',
  'freeNights',
  // The assistant's stay policy: "until 24 hours before check-in".
  'hours',
] as const;
export type CountedNoun = (typeof COUNTED_NOUNS)[number];

/** "10 minutes" / "١٠ دقائق", "2 points" / "نقطتان". */
export function countText(n: number, lang: Language, noun: CountedNoun): string {
  return text(lang, `count.${noun}`, { n });
}
