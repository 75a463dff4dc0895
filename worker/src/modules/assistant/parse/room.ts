import { BED_TYPES, SMOKING_TYPES, type BedType, type SmokingType } from '@shared/constants';
import { normalizeText, STOP_WORDS } from '@shared/text-normalize';
import { catalogueRoomTypes, type RoomTypeNames } from '../../../platform/messages';

// The room asked for: its type ("غرفة ذهبية", "a Gold room", "جناح عائلي"), its bed, smoking or not.

/** Words that name no type in particular ("room", "غرفة"). */
const GENERIC = new Set(['room', 'rooms', 'غرفه', 'غرف', ...STOP_WORDS]);
const ARABIC = /[\u0600-\u06ff]/;

/**
 * A word of a type's names as the parser looks for it (normalised): an Arabic word without its
 * article and final teh marbuta ("الذهبية" -> "ذهبي", found in "ذهبية" and "الذهبي"), an English
 * one as a word with an optional ending (Gold, Golden); null for a word too short or generic.
 */
function keyOf(word: string): string | null {
  let w = normalizeText(word);
  if (!w || GENERIC.has(w) || w.includes(' ')) return null;
  if (ARABIC.test(w)) {
    if (w.startsWith('ال') && w.length > 4) w = w.slice(2);
    if (w.endsWith('ه') && w.length > 3) w = w.slice(0, -1);
  }
  return w.length >= 3 && !GENERIC.has(w) ? w : null;
}

const patternOf = (key: string) => (ARABIC.test(key) ? key : `\\b${key}(?:en|s)?\\b`);

/** A type as the parser knows it; a retired one (`active: false`) is never read, but its words stay its own. */
export type RoomWords = RoomTypeNames & { active?: boolean };

type Matcher = { code: string; pattern: RegExp };
const built = new WeakMap<readonly RoomWords[], Matcher[]>();
let catalogue: RoomTypeNames[] | undefined;

/**
 * Each type's words (its code, its names in both languages, and the catalogue's own words for it),
 * keeping only those that name it and no other type, retired ones included ("suite" names no type
 * once two are suites, "the family suite" names no other type once it is retired). Retired types
 * are not read.
 */
function matchersOf(types: readonly RoomWords[]): Matcher[] {
  const cached = built.get(types);
  if (cached) return cached;
  const own = new Map((catalogue ??= catalogueRoomTypes()).map((t) => [t.code, t]));
  const keysOf = types.map((t) => {
    const words = [t.code, t.nameEn, t.nameAr, own.get(t.code)?.nameEn ?? '', own.get(t.code)?.nameAr ?? ''];
    const keys = new Set<string>();
    for (const name of words)
      for (const word of normalizeText(name).split(' ')) {
        const key = keyOf(word);
        if (key) keys.add(key);
      }
    return keys;
  });
  const uses = new Map<string, number>();
  for (const keys of keysOf) for (const key of keys) uses.set(key, (uses.get(key) ?? 0) + 1);
  const matchers = types.flatMap((t, i) => {
    if (t.active === false) return [];
    const keys = [...keysOf[i]!].filter((key) => uses.get(key) === 1);
    return keys.length === 0 ? [] : [{ code: t.code, pattern: new RegExp(keys.map(patternOf).join('|')) }];
  });
  built.set(types, matchers);
  return matchers;
}

/**
 * The active room type a text names, among `types` (the hotel's, from its table, retired ones
 * too; by default the types the message catalogue has words for), or null.
 */
export function findRoomType(
  text: string,
  types: readonly RoomWords[] = (catalogue ??= catalogueRoomTypes()),
): string | null {
  const t = normalizeText(text);
  return matchersOf(types).find((m) => m.pattern.test(t))?.code ?? null;
}

const BED_WORDS: Record<BedType, RegExp> = {
  single: /\bsingle bed|\bsingle\b(?! (room|night))|مفرد|فردي|سنجل|سينجل/,
  double: /\bdouble\b|مزدوج|دبل|زوجي(?!ن)|زوجي$/,
};
const NON_SMOKING =
  /\bdon ?t smoke|\bdo not smoke|لا ادخن|ما ادخن|ما ندخن|لا ندخن|مو مدخن|مش مدخن|\bnon ?smok|\bno smok|\bnot smok|غير مدخن|غير المدخن|لغير المدخن|ممنوع التدخين|بدون تدخين|عدم التدخين|بلا تدخين/;
const SMOKING = /\bsmok|مدخن|تدخين/;

export function findBedType(text: string): BedType | null {
  const t = normalizeText(text);
  return BED_TYPES.find((b) => BED_WORDS[b].test(t)) ?? null;
}

export function findSmoking(text: string): SmokingType | null {
  const t = normalizeText(text);
  if (NON_SMOKING.test(t)) return SMOKING_TYPES[1];
  if (SMOKING.test(t)) return SMOKING_TYPES[0];
  return null;
}
