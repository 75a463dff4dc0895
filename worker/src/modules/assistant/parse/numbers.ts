/**
 * Counts in an answer, the rules every count shares: digits or words ("3", "ثلاثة", "three",
 * "a couple"), and "count noun" pairs ("ثلاث ليال", "3 nights", "ليلتين", "شخصين وطفل"). The nouns
 * are where they are counted: nights and weeks in ./dates.ts, guests and rooms in ./guests.ts.
 * Arabic number words are read by this small rule table: no library in the stack reads them.
 */

/** Count words (after normalizeText): Arabic masculine and feminine, colloquial forms, English. */
const COUNT_WORDS: Record<string, number> = {
  واحد: 1,
  واحده: 1,
  وحده: 1,
  اثنين: 2,
  اثنان: 2,
  اثنتين: 2,
  اثنتان: 2,
  ثنتين: 2,
  ثنين: 2,
  اتنين: 2,
  تنين: 2,
  ثلاث: 3,
  ثلاثه: 3,
  تلات: 3,
  تلاته: 3,
  اربع: 4,
  اربعه: 4,
  خمس: 5,
  خمسه: 5,
  ست: 6,
  سته: 6,
  سبع: 7,
  سبعه: 7,
  ثمان: 8,
  ثماني: 8,
  ثمانيه: 8,
  تمان: 8,
  تمانيه: 8,
  تسع: 9,
  تسعه: 9,
  عشر: 10,
  عشره: 10,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  couple: 2,
  pair: 2,
  a: 1,
  an: 1,
  single: 1,
};

/** A count token: digits or a word, with a joined Arabic particle ("لثلاثة", "بخمس"). */
export function countOf(token: string | undefined): number | null {
  if (!token) return null;
  if (/^\d{1,2}$/.test(token)) return Number(token);
  if (Object.hasOwn(COUNT_WORDS, token)) return COUNT_WORDS[token]!;
  const bare = token.replace(/^[لبوف]/, '');
  if (bare !== token && /[\u0600-\u06ff]/.test(bare) && Object.hasOwn(COUNT_WORDS, bare)) {
    return COUNT_WORDS[bare]!;
  }
  return null;
}

export type Noun = { one: string[]; two: string[]; many: string[] };

/** A noun token's form, allowing a joined particle ("لليلتين", "بغرفتين"). */
function nounForm(token: string, noun: Noun): 'one' | 'two' | 'many' | null {
  for (const t of [token, token.replace(/^[لبوف]/, ''), token.replace(/^(لل|ال)/, '')]) {
    if (noun.two.includes(t)) return 'two';
    if (noun.many.includes(t)) return 'many';
    if (noun.one.includes(t)) return 'one';
  }
  return null;
}

/**
 * Every "count noun" in the tokens: "ثلاث ليال", "3 nights", "a couple of nights",
 * "ليلتين" (a dual alone is two), "ليله واحده". Returns the counts found, in order.
 */
export function countsOf(tokens: string[], noun: Noun): number[] {
  const counts: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const form = nounForm(tokens[i]!, noun);
    if (!form) continue;
    if (form === 'two') {
      counts.push(2);
      continue;
    }
    let j = i - 1;
    if (tokens[j] === 'of' || tokens[j] === 'من') j--;
    let before = countOf(tokens[j]);
    // "a" only counts a singular: "a night", not "a nights".
    if ((tokens[j] === 'a' || tokens[j] === 'an' || tokens[j] === 'single') && form === 'many') before = null;
    if ((tokens[j] === 'couple' || tokens[j] === 'pair') && tokens[i - 1] !== 'of' && form === 'one')
      before = null;
    const after = form === 'one' ? countOf(tokens[i + 1]) : null;
    if (before !== null && before > 0) counts.push(before);
    else if (after === 1) counts.push(1);
    // "شخصين وطفل": one more, joined with "and".
    else if (form === 'one' && counts.length > 0 && /^و/.test(tokens[i]!)) counts.push(1);
  }
  return counts;
}

/** Bare answers that are a count, as a whole: "2", "ثلاثة", "we are three", "نحن اثنين فقط". */
export function bareCount(tokens: string[]): number | null {
  const rest = tokens.filter(
    (t) =>
      !/^(we|are|were|re|just|only|for|us|please|total|in|فقط|بس|نحن|احنا|حنا|عددنا|العدد|ل|لـ|of)$/.test(t),
  );
  if (rest.length === 2 && rest[0] === 'a' && (rest[1] === 'couple' || rest[1] === 'pair')) return 2;
  if (rest.length !== 1 || /^(a|an|single)$/.test(rest[0]!)) return null;
  return countOf(rest[0]);
}
