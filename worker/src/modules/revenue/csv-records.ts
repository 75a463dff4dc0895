/**
 * Reading a CSV file a chunk at a time (docs/decisions/094, "Reading the file"): RFC 4180 (fields
 * quoted with `"`, a doubled `""` inside, a delimiter or a line break inside quotes), the
 * delimiter found from the header (`,`, `;` as Excel writes in many locales, or tab), a byte-order
 * mark dropped, `\r\n`, `\n` or `\r` line ends, empty lines skipped.
 *
 * Records are found on the bytes, not the text: the quote, the delimiters and the line breaks are
 * ASCII, which no byte of a multi-byte UTF-8 character is, so a chunk is cut only at the end of
 * a record and a character is never split. A record whose quotes never close would swallow the
 * rest of the file: one longer than `maxLineBytes` is refused alone, up to the end of its first
 * physical line, and reading goes on from there.
 */

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** A record: its line number, and where the next one starts in the bytes read (`after`). */
export type CsvRecord =
  | { line: number; after: number; fields: string[] }
  /** A line refused as a whole: too long, or its quotes never close. */
  | { line: number; after: number; refused: 'history_line_too_long' | 'history_line_quote' };

export type ReadState = {
  /** The line number of the first record of the bytes. */
  line: number;
  /** The bytes start in the middle of a line refused as too long: skip to its end first. */
  skipping: boolean;
};

export type ReadResult = {
  records: CsvRecord[];
  /** Bytes of the chunk read (the rest starts a record not complete in this chunk). */
  consumed: number;
  next: ReadState;
};

const decoder = new TextDecoder('utf-8');

/** The delimiter of a header line: the one of `,` `;` tab found most often outside quotes. */
export function detectDelimiter(header: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of header) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const [ch, n] of counts) if (n > counts.get(best)!) best = ch;
  return best;
}

/** A record's fields (its text without the line end). */
export function splitFields(text: string, delimiter: string): string[] {
  const fields: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let start = true;
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        continue;
      }
      field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && start) {
      quoted = true;
      start = false;
      i += 1;
      continue;
    }
    if (ch === delimiter) {
      fields.push(field);
      field = '';
      start = true;
      i += 1;
      continue;
    }
    field += ch;
    start = false;
    i += 1;
  }
  fields.push(field);
  return fields;
}

/** The line breaks in bytes [from, to) (`\r\n` one, a lone `\r` one). */
export const countLineBreaks = (bytes: Uint8Array, from: number, to: number) => {
  let n = 0;
  for (let i = from; i < to; i++) {
    if (bytes[i] === LF) n += 1;
    else if (bytes[i] === CR && bytes[i + 1] !== LF) n += 1;
  }
  return n;
};

/**
 * The records of `bytes` (a chunk of the file from a record's start, or from inside a line being
 * skipped). `final`: the chunk ends the file (a last record without a line end is complete).
 */
export function readRecords(
  bytes: Uint8Array,
  delimiter: string,
  state: ReadState,
  final: boolean,
  maxLineBytes: number,
): ReadResult {
  const records: CsvRecord[] = [];
  let line = state.line;
  let pos = 0;
  // The rest of a line refused as too long.
  if (state.skipping) {
    const end = bytes.indexOf(LF);
    if (end === -1) {
      return final
        ? { records, consumed: bytes.length, next: { line, skipping: false } }
        : { records, consumed: bytes.length, next: { line, skipping: true } };
    }
    pos = end + 1;
    line += 1;
  }
  while (pos < bytes.length) {
    const start = pos;
    let quoted = false;
    let i = pos;
    let end = -1;
    let after = -1;
    for (; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (b === QUOTE) quoted = !quoted;
      else if (!quoted && b === LF) {
        end = i;
        after = i + 1;
        break;
      } else if (!quoted && b === CR) {
        if (i + 1 < bytes.length) {
          end = i;
          after = bytes[i + 1] === LF ? i + 2 : i + 1;
          break;
        }
        if (final) {
          end = i;
          after = i + 1;
          break;
        }
        i = bytes.length;
        break;
      }
      if (i - start > maxLineBytes) break;
    }
    if (end === -1 && i - start > maxLineBytes) {
      // Too long, or quotes that never close: refused up to the end of its first physical line.
      const physical = bytes.indexOf(LF, start);
      const firstLineTooLong = physical === -1 || physical - start > maxLineBytes;
      records.push({
        line,
        after: physical === -1 ? bytes.length : physical + 1,
        refused: firstLineTooLong ? 'history_line_too_long' : 'history_line_quote',
      });
      if (physical === -1) {
        return { records, consumed: bytes.length, next: { line, skipping: !final } };
      }
      pos = physical + 1;
      line += 1;
      continue;
    }
    if (end === -1) {
      if (!final) return { records, consumed: start, next: { line, skipping: false } };
      end = bytes.length;
      after = bytes.length;
    }
    const text = decoder.decode(bytes.subarray(start, end));
    if (text.trim() !== '') records.push({ line, after, fields: splitFields(text, delimiter) });
    line += 1 + countLineBreaks(bytes, start, end);
    pos = after;
  }
  return { records, consumed: bytes.length, next: { line, skipping: false } };
}

/** The header's words as a column name: letters and digits only, lower case (`Booked On`, `booked_on`: `bookedon`). */
export const columnKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
