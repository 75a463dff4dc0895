import { toLatinDigits } from './digits';

/**
 * One folded form of a text for matching (the assistant's Q&A search and the admin's
 * Q&A filter): Arabic diacritics (harakat, shadda, sukun, dagger alef) and tatweel go,
 * the alef forms (أ إ آ ٱ) become ا, ta marbuta ة becomes ه, alef maqsura ى becomes ي,
 * the hamza carriers ؤ ئ become و ي, Arabic-Indic digits become Latin, Latin is
 * case-folded, and punctuation becomes a space.
 */
export function normalizeText(value: string): string {
  return toLatinDigits(value.normalize('NFKC'))
    .replace(/[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed]/g, '')
    .replace(/\u0640/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064a')
    .replace(/\u0624/g, '\u0648')
    .replace(/\u0626/g, '\u064a')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Words that carry no meaning for matching (after normalizeText), Arabic and English. */
export const STOP_WORDS = new Set([
  // English
  'a',
  'an',
  'the',
  'is',
  'are',
  'was',
  'be',
  'do',
  'does',
  'did',
  'can',
  'could',
  'i',
  'we',
  'you',
  'my',
  'your',
  'our',
  'me',
  'it',
  'to',
  'of',
  'in',
  'on',
  'at',
  'for',
  'and',
  'or',
  'with',
  'what',
  'when',
  'where',
  'how',
  'which',
  'who',
  'there',
  'any',
  'have',
  'has',
  'please',
  'tell',
  'about',
  'this',
  'that',
  'hotel',
  'would',
  'like',
  'will',
  'time',
  'times',
  // Arabic (normalised forms)
  'في',
  'من',
  'الي',
  'علي',
  'عن',
  'هل',
  'ما',
  'ماذا',
  'متي',
  'كيف',
  'اين',
  'هو',
  'هي',
  'هذا',
  'هذه',
  'ان',
  'او',
  'و',
  'يوجد',
  'عندكم',
  'لديكم',
  'لكم',
  'عند',
  'كم',
  'مع',
  'انا',
  'نحن',
  'لو',
  'سمحت',
  'الفندق',
  'فندق',
  'اي',
  'ايش',
  'وش',
  'شو',
  'موعد',
  'وقت',
]);

/** Arabic prefixes a light stemmer strips (longest first): the article and its joined particles. */
const ARABIC_PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
/** Arabic suffixes a light stemmer strips (longest first). */
const ARABIC_SUFFIXES = ['ات', 'ون', 'ين', 'ها', 'ه', 'ي'];

/**
 * A light stem: Arabic loses its article and joined particles and a common suffix,
 * English a plural or verb ending, never below three letters.
 */
export function lightStem(term: string): string {
  if (/[\u0600-\u06ff]/.test(term)) {
    let t = term;
    for (const p of ARABIC_PREFIXES) {
      if (t.startsWith(p) && t.length - p.length >= 3) {
        t = t.slice(p.length);
        break;
      }
    }
    for (const s of ARABIC_SUFFIXES) {
      if (t.endsWith(s) && t.length - s.length >= 3) {
        t = t.slice(0, -s.length);
        break;
      }
    }
    return t;
  }
  for (const s of ['ing', 'ies', 'es', 'ed', 's']) {
    if (term.endsWith(s) && term.length - s.length >= 3) {
      return s === 'ies' ? `${term.slice(0, -3)}y` : term.slice(0, -s.length);
    }
  }
  return term;
}

/** The meaningful, stemmed words of a text. */
export function meaningfulTerms(value: string): string[] {
  return normalizeText(value)
    .split(' ')
    .filter((t) => t && !STOP_WORDS.has(t))
    .map(lightStem);
}
