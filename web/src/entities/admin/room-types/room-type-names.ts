import type { Language } from '@shared/constants';

/** What naming a room type needs of it (a row of GET /api/room-types or /api/admin/room-types). */
export type NamedRoomType = { code: string; nameAr: string; nameEn: string };

/** A room type's name in the language. */
export function roomTypeLabel(type: NamedRoomType, language: Language): string {
  return language === 'ar' ? type.nameAr : type.nameEn;
}

/**
 * `codes` in the hotel's order of types (its list, already sorted), then those the list lacks in
 * the order given: the rows of a table by type (the rate calendar, the tape chart, the rooms).
 */
export function codesInTypeOrder(
  types: readonly NamedRoomType[] | undefined,
  codes: Iterable<string>,
): string[] {
  const wanted = new Set(codes);
  const known = (Array.isArray(types) ? types : []).map((t) => t.code).filter((code) => wanted.has(code));
  const rest = [...wanted].filter((code) => !known.includes(code));
  return [...known, ...rest];
}
