/**
 * RFC 4180 CSV with a UTF-8 byte-order mark, so spreadsheet programs show
 * Arabic names correctly. A cell a spreadsheet could run as a formula is
 * prefixed with an apostrophe (OWASP "CSV Injection"): one that starts with
 * = + - @ | % (or their full-width forms, which some spreadsheets read as the
 * same), tab or carriage return, also behind leading spaces or invisible
 * characters (zero-width space, joiners, word joiner, byte-order mark), which
 * spreadsheets skip.
 */
const FORMULA_START = /^[\s\u200B-\u200D\u2060\uFEFF]*[=+\-@|%\uFF1D\uFF0B\uFF0D\uFF20\uFF5C\uFF05]|^[\t\r]/;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The rows as CSV, one column each of `columns`; the header line is the columns' names, or the
 * words `headers` gives them (a report's columns in the request's language). `byteOrderMark:
 * false` leaves the mark out: a file for a program that reads UTF-8 as it is (Odoo's import
 * keeps a mark in the first column's name when its encoding is chosen as utf-8).
 */
export function toCsv<T extends Record<string, unknown>>(
  columns: (keyof T & string)[],
  rows: T[],
  headers?: Partial<Record<keyof T & string, string>>,
  { byteOrderMark = true }: { byteOrderMark?: boolean } = {},
): string {
  const head = headers ? columns.map((c) => cell(headers[c] ?? c)).join(',') : columns.join(',');
  const lines = [head, ...rows.map((row) => columns.map((c) => cell(row[c])).join(','))];
  return `${byteOrderMark ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}
