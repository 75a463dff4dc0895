import {
  BED_TYPES,
  ROOM_TYPES,
  SMOKING_TYPES,
  type BedType,
  type RoomType,
  type SmokingType,
} from '@shared/constants';
import { normalizeText } from '@shared/text-normalize';

// The room asked for: its type ("غرفة ذهبية", "gold"), its bed, smoking or not.

const ROOM_WORDS: Record<RoomType, RegExp> = {
  silver: /\bsilver\b|فضي|فضه/,
  gold: /\bgold(en)?\b|ذهبي/,
  diamond: /\bdiamond\b|ماسي|الماس( |$)/,
  deluxe: /\bdeluxe\b|\bde luxe\b|ديلوكس|دولوكس|ديلكس/,
};
const BED_WORDS: Record<BedType, RegExp> = {
  single: /\bsingle bed|\bsingle\b(?! (room|night))|مفرد|فردي|سنجل|سينجل/,
  double: /\bdouble\b|مزدوج|دبل|زوجي(?!ن)|زوجي$/,
};
const NON_SMOKING =
  /\bdon ?t smoke|\bdo not smoke|لا ادخن|ما ادخن|ما ندخن|لا ندخن|مو مدخن|مش مدخن|\bnon ?smok|\bno smok|\bnot smok|غير مدخن|غير المدخن|لغير المدخن|ممنوع التدخين|بدون تدخين|عدم التدخين|بلا تدخين/;
const SMOKING = /\bsmok|مدخن|تدخين/;

export function findRoomType(text: string): RoomType | null {
  const t = normalizeText(text);
  return ROOM_TYPES.find((r) => ROOM_WORDS[r].test(t)) ?? null;
}

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
