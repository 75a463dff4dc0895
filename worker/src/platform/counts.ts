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
  // The assistant's facts (modules/assistant/assistant-facts.ts, modules/assistant/assistant.ts): "up to four guests",
  // "discounts on 8 rooms" (both after a preposition, so the Arabic dual is in the genitive).
  'guests',
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
