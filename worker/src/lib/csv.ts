/**
 * RFC 4180 CSV with a UTF-8 byte-order mark, so spreadsheet programs show
 * Arabic names correctly. Cells that start with = + - @ are prefixed with an
 * apostrophe so a spreadsheet never runs them as formulas.
 */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<T extends Record<string, unknown>>(columns: (keyof T & string)[], rows: T[]): string {
  const lines = [columns.join(','), ...rows.map((row) => columns.map((c) => cell(row[c])).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
