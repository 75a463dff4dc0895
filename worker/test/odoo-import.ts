/**
 * What Odoo 17/18's import does with a journal-entries file (Accounting > Journal Entries > Import:
 * `base_import.import` loading `account.move` with its lines), step by step as Odoo's own sources
 * do it, so a test can say that the hotel's export imports with no hand edits. Each step names the
 * source it follows (docs/decisions/100-the-accountants-journal.md quotes them):
 *
 * 1. `base_import/models/base_import.py` `_read_csv`: the bytes decoded (chardet guesses UTF-8; no
 *    byte-order mark, so choosing "utf-8" by hand reads the same), rows read by Python's csv module
 *    with `"` quoting; the separator, when not chosen, is the first of `, ; \t space | \x1f` that
 *    gives every row the same width of at least 2; rows with nothing but blanks skipped.
 * 2. `_get_mapping_suggestion`: a header maps to a field whose technical name or (English) label
 *    it equals, case folded; "a/b" walks into relation a's fields. A header mapped to nothing is
 *    a column the user would have to map by hand: refused here.
 * 3. `odoo/models.py` `_extract_records`: a row with a value in a non-one2many column starts a
 *    record; the rows after it with values only in one2many columns are its lines.
 * 4. Values: a date in one of the import's date patterns (`%Y-%m-%d` among them); a float through
 *    `_parse_float_from_data` / `_infer_separators` with the default options (thousands ",",
 *    decimals "."), here held to a plain `digits[.ddd]`; the company currency (OMR, three decimals,
 *    rounding 0.001 in Odoo's res.currency data) takes no more decimals.
 * 5. `odoo/addons/base/models/ir_fields.py` `db_id_for`: a many2one by `name_search(value,
 *    operator='=')`: account.journal on its name or code (`_rec_names_search = ['name', 'code']`),
 *    account.account on its code (the value's first word) or name, res.partner on its name; no
 *    match is the error "No matching record found for name '…'".
 * 6. `account.move` `_check_balanced`: each entry's debits equal its credits (at the currency's
 *    rounding); a line carries a debit or a credit.
 */

/** The account.move fields the import can map, by technical name, with their English labels. */
const MOVE_FIELDS: Record<
  string,
  { label: string; type: string; relation?: Record<string, { label: string; type: string }> }
> = {
  journal_id: { label: 'Journal', type: 'many2one' },
  date: { label: 'Date', type: 'date' },
  ref: { label: 'Reference', type: 'char' },
  name: { label: 'Number', type: 'char' },
  partner_id: { label: 'Partner', type: 'many2one' },
  line_ids: {
    label: 'Journal Items',
    type: 'one2many',
    relation: {
      account_id: { label: 'Account', type: 'many2one' },
      name: { label: 'Label', type: 'char' },
      partner_id: { label: 'Partner', type: 'many2one' },
      debit: { label: 'Debit', type: 'monetary' },
      credit: { label: 'Credit', type: 'monetary' },
    },
  },
};

/** What the company's Odoo holds: the journals' codes, the accounts' codes and the partners' names. */
export type OdooDatabase = { journals: string[]; accounts: string[]; partners: string[] };

export type ImportedLine = {
  account: string;
  label: string;
  partner: string | null;
  debit: number;
  credit: number;
};
export type ImportedMove = { journal: string; date: string; ref: string; lines: ImportedLine[] };

/** Python's csv reader (quotechar '"', doubled quotes inside quoted fields), over the decoded text. */
function readCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The header's field path, or null (step 2). */
function mapHeader(header: string): string[] | null {
  const match = (
    name: string,
    fields: typeof MOVE_FIELDS | NonNullable<(typeof MOVE_FIELDS)[string]['relation']>,
  ) =>
    Object.entries(fields).find(
      ([field, { label }]) =>
        name.trim().toLowerCase() === field.toLowerCase() ||
        name.trim().toLowerCase() === label.toLowerCase(),
    )?.[0] ?? null;
  const parts = header.split('/');
  const top = match(parts[0]!, MOVE_FIELDS);
  if (!top) return null;
  if (parts.length === 1) return [top];
  const relation = MOVE_FIELDS[top]!.relation;
  if (!relation || parts.length !== 2) return null;
  const sub = match(parts[1]!, relation);
  return sub ? [top, sub] : null;
}

const PYTHON_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const AMOUNT = /^\d+(\.\d{1,3})?$/;

/**
 * Imports `bytes` as Odoo would into `database`: the moves it would create, or throws the first
 * refusal (a header to map by hand, a value Odoo cannot read, a record it cannot find, an
 * unbalanced entry).
 */
export function odooImport(bytes: Uint8Array, database: OdooDatabase): ImportedMove[] {
  // 1. UTF-8, strictly (a wrong byte is a decoding error in Odoo too), and no byte-order mark.
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) throw new Error('byte-order mark');
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  const separator = [',', ';', '\t', ' ', '|', '\x1f'].find((candidate) => {
    const widths = readCsv(text, candidate).map((r) => r.length);
    return widths.every((w) => w >= 2 && w === widths[0]);
  });
  if (separator !== ',') throw new Error(`separator not found as ",": ${JSON.stringify(separator)}`);
  const rows = readCsv(text, ',').filter((r) => r.some((x) => x.trim() !== ''));
  const [headers, ...data] = rows;
  if (!headers) throw new Error('empty file');
  // 2.
  const paths = headers.map((h) => {
    const path = mapHeader(h);
    if (!path) throw new Error(`column to map by hand: ${JSON.stringify(h)}`);
    return path;
  });
  const column = (...path: string[]) => paths.findIndex((p) => p.join('/') === path.join('/'));
  const isO2m = (i: number) => paths[i]!.length > 1;
  // 3.
  const moves: ImportedMove[] = [];
  for (const row of data) {
    const own = row.some((value, i) => !isO2m(i) && value !== '');
    const lineOnly = row.some((value, i) => isO2m(i) && value !== '') && !own;
    if (!own && !lineOnly) continue;
    if (own) {
      // 4. and 5. for the entry.
      const journal = row[column('journal_id')] ?? '';
      if (!database.journals.includes(journal))
        throw new Error(`No matching record found for name '${journal}' in field 'Journal'`);
      const date = row[column('date')] ?? '';
      const d = PYTHON_DATE.exec(date);
      const real = d && new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date;
      if (!real) throw new Error(`date not in a format the import reads: ${date}`);
      moves.push({ journal, date, ref: row[column('ref')] ?? '', lines: [] });
    }
    const move = moves.at(-1);
    if (!move) throw new Error('a line before any entry');
    const value = (field: string) => row[column('line_ids', field)] ?? '';
    const amount = (field: string) => {
      const v = value(field).trim();
      if (v === '') return 0;
      if (!AMOUNT.test(v)) throw new Error(`Column ${field} contains incorrect values (value: ${v})`);
      return Math.round(Number(v) * 1000);
    };
    const account = value('account_id').split(' ')[0]!;
    if (!database.accounts.includes(account))
      throw new Error(`No matching record found for name '${value('account_id')}' in field 'Account'`);
    const partner = value('partner_id');
    if (partner !== '' && !database.partners.includes(partner))
      throw new Error(`No matching record found for name '${partner}' in field 'Partner'`);
    const line = {
      account,
      label: value('name'),
      partner: partner || null,
      debit: amount('debit'),
      credit: amount('credit'),
    };
    if (line.debit > 0 && line.credit > 0) throw new Error('a line with both a debit and a credit');
    move.lines.push(line);
  }
  // 6.
  for (const move of moves) {
    const debit = move.lines.reduce((s, l) => s + l.debit, 0);
    const credit = move.lines.reduce((s, l) => s + l.credit, 0);
    if (debit !== credit)
      throw new Error(`The entry ${move.ref} is not balanced: ${debit} against ${credit}`);
    if (move.lines.length < 2) throw new Error(`The entry ${move.ref} has fewer than two lines`);
  }
  return moves;
}

/**
 * The accounts Odoo's Oman chart gives a new company (addons/l10n_om/data/template/
 * account.account-om.csv, the codes this project's defaults name) and the cash and bank
 * journals' accounts it makes (prefixes 1009 and 1000, six digits), and its journals' codes.
 */
export const OMAN_CHART: Pick<OdooDatabase, 'journals' | 'accounts'> = {
  journals: ['MISC', 'INV', 'BILL', 'BNK1', 'CSH1'],
  accounts: [
    '100001',
    '100103',
    '100106',
    '100201',
    '100203',
    '100901',
    '200202',
    '200401',
    '200902',
    '200905',
    '400101',
    '400201',
    '500306',
  ],
};
