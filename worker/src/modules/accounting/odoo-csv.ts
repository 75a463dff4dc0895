import type { JournalAnswer } from '@shared/accounting';
import { omrDecimal } from '@shared/money';
import { toCsv } from '../../platform/csv';

/**
 * The journal as Odoo imports journal entries (docs/decisions/100, "What Odoo's import reads"):
 * Accounting > Journal Entries > Import, the `account.move` import with its lines (`line_ids`, a
 * one2many), which Odoo 17 and 18 have in Community and Enterprise alike.
 *
 * - The columns are the fields' English labels, the lines' through their one2many ("Journal
 *   Items/Account"): base_import matches a header to a field's name or label, and a "/" walks into
 *   a relation; a bare "Partner" would be the entry's partner and "Debit" no field of an entry.
 * - One entry is its first line's row with the journal, date and reference; each further line a
 *   row with those three empty (`_extract_records`: a row with only one2many values continues the
 *   record above).
 * - The journal by its code (account.journal searches its name and code), the account by its code
 *   (account.account matches the first word of the value to its code), the partner by its name
 *   exactly (name_search with "="): the names as the hotel's city ledger has them, Arabic kept.
 * - Dates ISO (YYYY-MM-DD, among the formats the import recognises), amounts in rials with a point
 *   and three decimals and no grouping (the rial's three; Odoo reads "." as the decimal separator by
 *   default, and a value with one separator as decimals), each cell formula-safe, UTF-8 without a
 *   byte-order mark (with the encoding chosen as utf-8 a mark would stay in "Journal").
 */
export const ODOO_COLUMNS = [
  'Journal',
  'Date',
  'Reference',
  'Journal Items/Account',
  'Journal Items/Label',
  'Journal Items/Partner',
  'Journal Items/Debit',
  'Journal Items/Credit',
] as const;

type Row = Record<(typeof ODOO_COLUMNS)[number], string>;

/**
 * The journal's entries as Odoo's import file, and its name. The same journal gives the same
 * bytes.
 *
 * @example const { body, filename } = odooJournalCsv(await readJournal(db, query, 'en'), 'MISC');
 */
export function odooJournalCsv(journal: JournalAnswer, journalCode: string) {
  const rows: Row[] = journal.entries.flatMap((entry) =>
    entry.lines.map((line, i) => ({
      Journal: i === 0 ? journalCode : '',
      Date: i === 0 ? entry.date : '',
      Reference: i === 0 ? entry.ref : '',
      'Journal Items/Account': line.account,
      'Journal Items/Label': line.label,
      'Journal Items/Partner': line.partner ?? '',
      'Journal Items/Debit': omrDecimal(line.debitBaisa),
      'Journal Items/Credit': omrDecimal(line.creditBaisa),
    })),
  );
  const period = journal.from === journal.to ? journal.from : `${journal.from}-${journal.to}`;
  return {
    body: toCsv([...ODOO_COLUMNS], rows, undefined, { byteOrderMark: false }),
    filename: `journal-${period}${journal.detail ? '-detail' : ''}.csv`,
  };
}
