import Papa from 'papaparse';
import { toLatinDigits } from '@shared/digits';

/** A room type as the rooming list may name it: its code, or its name in either language. */
export type TypeName = { code: string; nameAr: string; nameEn: string };

/** One guest of the rooming list as staff see and correct it before it is sent (text as typed). */
export type RoomingRow = {
  key: string;
  fullName: string;
  phoneNumber: string;
  roomType: string;
  adults: string;
};

let nextKey = 0;
export const newRow = (roomType = ''): RoomingRow => ({
  key: `r${++nextKey}`,
  fullName: '',
  phoneNumber: '',
  roomType,
  adults: '1',
});

const fold = (s: string) => toLatinDigits(s).trim().toLowerCase().replace(/\s+/g, ' ');

/** The type a cell names (code, English or Arabic name, or a word of it: "Gold", "ذهبية"), if any. */
export function typeOf(cell: string, types: readonly TypeName[]): string | undefined {
  const text = fold(cell);
  if (!text) return undefined;
  const exact = types.find(
    (t) => fold(t.code) === text || fold(t.nameEn) === text || fold(t.nameAr) === text,
  );
  if (exact) return exact.code;
  if (text.length < 3) return undefined;
  const partial = types.filter((t) =>
    [t.nameEn, t.nameAr].some((name) => {
      const words = fold(name).split(' ');
      return words.includes(text) || words.some((w) => w.replace(/^ال/, '') === text.replace(/^ال/, ''));
    }),
  );
  return partial.length === 1 ? partial[0]!.code : undefined;
}

/** A phone number as typed (7 to 15 digits, a leading + and spaces or dashes allowed). */
const looksLikePhone = (cell: string) => /^\+?[\d\s\-()]{7,20}$/.test(toLatinDigits(cell).trim());
/** A count of adults (1 to 9). */
const looksLikeCount = (cell: string) => /^[1-9]$/.test(toLatinDigits(cell).trim());

/** Words of a header row, in English or Arabic: such a row is skipped. */
const HEADER_WORDS = /^(name|full name|guest|guest name|الاسم|اسم الضيف|الاسم الكامل|الضيف)$/i;

/**
 * The rows of a list of cells (pasted lines or a CSV file's records): name, phone, room type and
 * adults, in that order or any other (a cell is known by its look: a phone, a type, a count; the
 * first other is the name). Empty lines and a header row are left out; a line naming no type
 * takes `defaultType` (the block's one type).
 */
export function rowsFromCells(
  records: readonly (readonly string[])[],
  types: readonly TypeName[],
  defaultType = '',
): RoomingRow[] {
  const rows: RoomingRow[] = [];
  for (const record of records) {
    const cells = record.map((c) => c.trim()).filter((c) => c !== '');
    if (cells.length === 0) continue;
    if (rows.length === 0 && HEADER_WORDS.test(cells[0]!)) continue;
    const row = newRow(defaultType);
    let named = false;
    let typed = false;
    for (const cell of cells) {
      const type = typed ? undefined : typeOf(cell, types);
      if (type) {
        row.roomType = type;
        typed = true;
      } else if (looksLikeCount(cell)) row.adults = toLatinDigits(cell).trim();
      else if (looksLikePhone(cell) && !row.phoneNumber)
        row.phoneNumber = toLatinDigits(cell).replace(/[\s\-()]/g, '');
      else if (!named) {
        row.fullName = cell;
        named = true;
      }
    }
    rows.push(row);
  }
  return rows;
}

/** Pasted text: one guest a line, cells apart by tabs (a spreadsheet's copy), commas or semicolons. */
export function rowsFromText(text: string, types: readonly TypeName[], defaultType = ''): RoomingRow[] {
  const records = text
    .split(/\r?\n/)
    .map((line) => (line.includes('\t') ? line.split('\t') : line.split(/[,،;]/)));
  return rowsFromCells(records, types, defaultType);
}

/** A CSV file's text (RFC 4180: quoted commas and line breaks, `,` `;` or tab, a BOM): its rows. */
export function rowsFromCsv(text: string, types: readonly TypeName[], defaultType = ''): RoomingRow[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  return rowsFromCells(parsed.data, types, defaultType);
}

export type RowProblem = 'name' | 'roomType' | 'adults' | 'phone';

/** What is wrong with a row before it is sent (the server checks it all again). */
export function rowProblems(row: RoomingRow, roomTypes: readonly string[]): RowProblem[] {
  const problems: RowProblem[] = [];
  if (row.fullName.trim().length < 2) problems.push('name');
  if (!roomTypes.includes(row.roomType)) problems.push('roomType');
  const adults = Number(toLatinDigits(row.adults).trim());
  if (!Number.isInteger(adults) || adults < 1 || adults > 9) problems.push('adults');
  if (row.phoneNumber.trim() && !looksLikePhone(row.phoneNumber)) problems.push('phone');
  return problems;
}

/** The body's line of a row (rows that are not empty; the caller checked them). */
export function lineBody(row: RoomingRow) {
  const phone = toLatinDigits(row.phoneNumber).replace(/[\s\-()]/g, '');
  return {
    fullName: row.fullName.trim(),
    roomType: row.roomType,
    adults: Number(toLatinDigits(row.adults).trim()),
    ...(phone ? { phoneNumber: phone } : {}),
  };
}

/** A row nothing was typed in (the table's spare last line). */
export const isBlank = (row: RoomingRow) => !row.fullName.trim() && !row.phoneNumber.trim();
