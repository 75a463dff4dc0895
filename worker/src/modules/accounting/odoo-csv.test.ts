import { describe, expect, it } from 'vitest';
import type { JournalAnswer } from '@shared/accounting';
import { OMAN_CHART, odooImport } from '@worker-test/odoo-import';
import { odooJournalCsv } from './odoo-csv';

/**
 * The journal's file for Odoo (odoo-csv.ts) on a journal written here: an entry's first line
 * carries the journal, date and reference and its other lines none; amounts in rials with three
 * decimals; a company named like a formula kept from running in a spreadsheet; Arabic kept; the
 * same journal the same bytes; and Odoo's import (worker/test/odoo-import.ts) reads it.
 */

const journal: JournalAnswer = {
  from: '2026-10-05',
  to: '2026-10-06',
  detail: false,
  totals: { debitBaisa: 0, creditBaisa: 0 },
  entries: [
    {
      date: '2026-10-05',
      ref: 'HTL/2026-10-05',
      label: 'Hotel day 5 Oct 2026',
      lines: [
        {
          account: '100201',
          label: 'Accounts Receivable',
          debitBaisa: 1_234_567,
          creditBaisa: 0,
          partner: '=HYPERLINK("x")',
          categories: ['city_ledger'],
        },
        {
          account: '400101',
          label: 'إيرادات الغرف, "جناح"',
          debitBaisa: 0,
          creditBaisa: 1_234_566,
          categories: ['room'],
        },
        {
          account: '200902',
          label: 'VAT Output',
          debitBaisa: 0,
          creditBaisa: 1,
          taxCode: 'vat',
          categories: ['tax:vat'],
        },
      ],
    },
    {
      date: '2026-10-06',
      ref: 'HTL/2026-10-06',
      label: 'Hotel day 6 Oct 2026',
      lines: [
        { account: '100901', label: 'Cash', debitBaisa: 5, creditBaisa: 0, categories: ['payment:cash'] },
        {
          account: '100203',
          label: 'Other Receivable',
          debitBaisa: 0,
          creditBaisa: 5,
          categories: ['guest_ledger'],
        },
      ],
    },
  ],
};

describe("the journal's file for Odoo", () => {
  it('writes each entry on its lines’ rows, the entry’s fields on its first row only', () => {
    const { body, filename } = odooJournalCsv(journal, 'MISC');
    expect(filename).toBe('journal-2026-10-05-2026-10-06.csv');
    expect(body.split('\r\n')).toEqual([
      'Journal,Date,Reference,Journal Items/Account,Journal Items/Label,Journal Items/Partner,Journal Items/Debit,Journal Items/Credit',
      `MISC,2026-10-05,HTL/2026-10-05,100201,Accounts Receivable,"'=HYPERLINK(""x"")",1234.567,0.000`,
      ',,,400101,"إيرادات الغرف, ""جناح""",,0.000,1234.566',
      ',,,200902,VAT Output,,0.000,0.001',
      'MISC,2026-10-06,HTL/2026-10-06,100901,Cash,,0.005,0.000',
      ',,,100203,Other Receivable,,0.000,0.005',
      '',
    ]);
    expect(body.charCodeAt(0)).not.toBe(0xfeff);
    expect(odooJournalCsv(journal, 'MISC').body).toBe(body);
  });

  it('imports into Odoo’s format: two entries, balanced, the partner by its name as written', () => {
    const bytes = new TextEncoder().encode(odooJournalCsv(journal, 'MISC').body);
    const moves = odooImport(bytes, { ...OMAN_CHART, partners: [`'=HYPERLINK("x")`] });
    expect(moves.map((m) => [m.journal, m.date, m.ref, m.lines.length])).toEqual([
      ['MISC', '2026-10-05', 'HTL/2026-10-05', 3],
      ['MISC', '2026-10-06', 'HTL/2026-10-06', 2],
    ]);
    expect(moves[0]!.lines[1]!.label).toBe('إيرادات الغرف, "جناح"');
    // A journal the company does not have, or an unbalanced entry, is refused as Odoo refuses it.
    expect(() =>
      odooImport(new TextEncoder().encode(odooJournalCsv(journal, 'GEN').body), {
        ...OMAN_CHART,
        partners: [],
      }),
    ).toThrow(/No matching record found for name 'GEN'/);
    const lopsided = structuredClone(journal);
    lopsided.entries[1]!.lines[0]!.debitBaisa = 6;
    expect(() =>
      odooImport(new TextEncoder().encode(odooJournalCsv(lopsided, 'MISC').body), {
        ...OMAN_CHART,
        partners: [`'=HYPERLINK("x")`],
      }),
    ).toThrow(/not balanced/);
  });
});
