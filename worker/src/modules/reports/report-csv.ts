import type { OnTheBooksKey } from '@shared/books-on-hand';
import { BOOKING_SEGMENTS, OWN_BOOKING_SOURCES } from '@shared/constants';
import type { ProductionDimension } from '@shared/flash-production';
import type { Db } from '../../platform/env';
import { text, type Language } from '../../platform/messages';
import { roomTypesQuery } from '../catalog';

/**
 * The words of the reports' CSV files, in the request's language (`report_csv.*` in the worker's
 * catalogue): each column's header, and each row's key by its name (a room type's, a segment's, a
 * source's, a country's, a company's), never its code. The figures stay plain data: Latin digits,
 * rials with three decimals, dates as YYYY-MM-DD, so a spreadsheet reads them as numbers and dates.
 */

/** A column's (or a flash figure's) words: `report_csv.<id>`. */
export const csvWord = (language: Language, id: string) => text(language, `report_csv.${id}`);

/** What a report groups its rows by, as its key column's header says it. */
export type ReportGrouping = OnTheBooksKey | ProductionDimension;

/** A country's name (CLDR) for its ISO code, or the code when the runtime has no name for it. */
function countryName(language: Language, code: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const SEGMENTS: ReadonlySet<string> = new Set(BOOKING_SEGMENTS);
const SOURCES: ReadonlySet<string> = new Set(OWN_BOOKING_SOURCES);

/**
 * How a report's rows name their key in `language`: a room type's name (one read of the types), a
 * segment's or the hotel's own source's words, an OTA's name as it came, a country's name, a
 * company's or agent's name (the row's `label`); an empty key is "None".
 *
 * @example const name = await keyNamer(db, 'ar', 'roomType'); name({ key: 'family-suite', label: 'family-suite' });
 */
export async function keyNamer(
  db: Db,
  language: Language,
  by: ReportGrouping,
): Promise<(row: { key: string; label: string }) => string> {
  const none = csvWord(language, 'none');
  switch (by) {
    case 'roomType': {
      const names = new Map(
        (await roomTypesQuery(db)).map((t) => [t.roomType, language === 'ar' ? t.nameAr : t.name]),
      );
      return (row) => (row.key ? (names.get(row.key) ?? row.key) : none);
    }
    case 'segment':
      return (row) =>
        !row.key ? none : SEGMENTS.has(row.key) ? csvWord(language, `segment.${row.key}`) : row.key;
    case 'source':
      return (row) =>
        !row.key ? none : SOURCES.has(row.key) ? csvWord(language, `source.${row.key}`) : row.key;
    case 'nationality':
      return (row) =>
        !row.key ? none : /^[A-Z]{2}$/.test(row.key) ? countryName(language, row.key) : row.key;
    case 'company':
    case 'travelAgent':
      return (row) => (row.key ? row.label || row.key : none);
  }
}

/** The header line's words for `columns` (each `report_csv.<id>`; the key column the grouping's). */
export function csvHeaders<C extends string>(
  language: Language,
  columns: readonly C[],
  ids: Record<C, string>,
): Record<C, string> {
  return Object.fromEntries(columns.map((c) => [c, csvWord(language, ids[c])])) as Record<C, string>;
}
