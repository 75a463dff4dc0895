import { normalizeText } from '@shared/text-normalize';
import { bareCount, countOf, countsOf, type Noun } from './numbers';

// How many guests ("لشخصين", "2 adults and a child", "just me") and how many rooms an answer names.

const GUEST: Noun = {
  one: [
    'شخص',
    'ضيف',
    'فرد',
    'نزيل',
    'نفر',
    'بالغ',
    'guest',
    'person',
    'adult',
    'pax',
    'طفل',
    'child',
    'kid',
    'baby',
  ],
  two: ['شخصين', 'شخصان', 'ضيفين', 'ضيفان', 'فردين', 'نزيلين', 'نفرين', 'طفلين', 'طفلان'],
  many: [
    'اشخاص',
    'ضيوف',
    'افراد',
    'نزلاء',
    'انفار',
    'بالغين',
    'guests',
    'people',
    'persons',
    'adults',
    'اطفال',
    'children',
    'kids',
  ],
};
const ROOM: Noun = { one: ['غرفه', 'room'], two: ['غرفتين', 'غرفتان'], many: ['غرف', 'rooms'] };

const CHILD_WORDS = new Set(['طفل', 'child', 'kid', 'baby', 'طفلين', 'طفلان', 'اطفال', 'children', 'kids']);
/** The guests' nouns without the children's: what adults a sentence counts. */
const GROWN: Noun = {
  one: GUEST.one.filter((w) => !CHILD_WORDS.has(w)),
  two: GUEST.two.filter((w) => !CHILD_WORDS.has(w)),
  many: GUEST.many.filter((w) => !CHILD_WORDS.has(w)),
};
const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);

/**
 * How many of the guests an answer counts are children ("2 adults and 3 children": 3, "شخصين
 * وطفل": 1, "for 3 guests": 0); null when it counts none by their nouns ("5", "for five").
 */
export function findChildren(text: string): number | null {
  const tokens = normalizeText(text).split(' ');
  const all = countsOf(tokens, GUEST);
  if (all.length === 0) return null;
  return Math.max(0, sum(all) - sum(countsOf(tokens, GROWN)));
}

export function findGuests(text: string, expecting: boolean): number | null {
  const t = normalizeText(text);
  const tokens = t.split(' ');
  const counts = countsOf(tokens, GUEST);
  if (counts.length > 0) return counts.reduce((a, b) => a + b, 0);
  const stay = '(?! ?(nights?|days?|weeks?|ليال|ليالي|ليله|ايام|يوم|اسبوع|اسابيع)( |$))';
  const forN = new RegExp(`\\bfor (\\d{1,2}|one|two|three|four|five|six)\\b${stay}`).exec(t);
  if (forN) return countOf(forN[1]);
  const ofUs = /\b(\d{1,2}|one|two|three|four|five|six) of us\b/.exec(t);
  if (ofUs) return countOf(ofUs[1]);
  const lN = new RegExp(`(?:^| )ل ?(\\d{1,2})(?: |$)${stay}`).exec(t);
  if (lN) return Number(lN[1]);
  if (!expecting) return null;
  if (
    /^(just me|only me|me only|me alone|myself|انا فقط|انا بس|بس انا|فقط انا|لوحدي|وحدي|انا وحدي|انا لوحدي)$/.test(
      t,
    )
  ) {
    return 1;
  }
  if (
    /^(me and my (wife|husband|friend|son|daughter|mother|father)|انا و ?(زوجتي|زوجي|صديقي|ابني|بنتي|امي|ابوي|اخوي|اختي|المدام))$/.test(
      t,
    )
  ) {
    return 2;
  }
  return bareCount(tokens);
}

export function findRooms(text: string): number | null {
  const counts = countsOf(normalizeText(text).split(' '), ROOM);
  return counts.length > 0 ? counts[0]! : null;
}
