import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { OUTLET_RULES, outletDocumentNumber } from '@shared/outlets';
import type { Db } from '../../platform/env';
import { outletCheckVoids, outletChecks, outlets } from './tables';

/**
 * What the accountant's journal reads of the outlets (modules/accounting, docs/decisions/100): the
 * outlets (their categories' names), and a closed date's checks paid at an outlet and voids of
 * such checks, with their tax document. A check to a room is on the stay's folio and the journal
 * books it there; a paid one is on no folio. Along the business-date indexes of both tables.
 */

/** The outlets, by id (a hotel has a handful). */
export function outletNamesQuery(db: Db) {
  return db
    .select({ id: outlets.id, nameAr: outlets.nameAr, nameEn: outlets.nameEn })
    .from(outlets)
    .orderBy(asc(outlets.id))
    .limit(200);
}

/** A paid check (`sign` 1) or its void (`sign` -1) on a date, as its tax document has it. */
export type JournalOutletSale = {
  checkId: number;
  outletId: number;
  outletNameAr: string;
  outletNameEn: string;
  checkNumber: string;
  /** 1: the check's sale; -1: its void (a credit note). */
  sign: 1 | -1;
  method: string;
  /** The document's total (what was paid), always positive; `sign` says which way. */
  totalBaisa: number;
  /** Each tax of the check's invoice (each once on the document's base), positive. */
  taxes: { code: string; amountBaisa: number }[];
  /** The invoice's number (OUT-…), or the void's credit note's (OCN-…). */
  document: string;
};

type DocumentJson = { taxTotals?: { code: string; amountBaisa: number }[] } | null;
const docOf = (value: unknown): DocumentJson =>
  typeof value === 'string' ? (JSON.parse(value) as DocumentJson) : (value as DocumentJson);

/**
 * The checks paid at an outlet on `date` and the voids of paid checks dated `date` (two reads in
 * one batch). A void takes back its check's invoice's taxes, as the day close counts it.
 *
 * @example const sales = await paidChecksOfDate(db, '2026-03-10');
 */
export async function paidChecksOfDate(db: Db, date: string): Promise<JournalOutletSale[]> {
  const columns = {
    checkId: outletChecks.id,
    outletId: outletChecks.outletId,
    outletNameAr: outlets.nameAr,
    outletNameEn: outlets.nameEn,
    checkNumber: outletChecks.checkNumber,
    method: outletChecks.method,
    totalBaisa: outletChecks.totalBaisa,
    invoice: outletChecks.invoice,
    invoiceYear: outletChecks.invoiceYear,
    invoiceSequence: outletChecks.invoiceSequence,
  };
  const [sales, voids] = await db.batch([
    db
      .select(columns)
      .from(outletChecks)
      .innerJoin(outlets, eq(outlets.id, outletChecks.outletId))
      .where(
        and(
          eq(outletChecks.businessDate, date),
          eq(outletChecks.settlement, 'paid'),
          isNotNull(outletChecks.invoiceSequence),
        ),
      )
      .orderBy(asc(outletChecks.id)),
    db
      .select({
        ...columns,
        creditNoteYear: outletCheckVoids.creditNoteYear,
        creditNoteSequence: outletCheckVoids.creditNoteSequence,
      })
      .from(outletCheckVoids)
      .innerJoin(outletChecks, eq(outletChecks.id, outletCheckVoids.checkId))
      .innerJoin(outlets, eq(outlets.id, outletChecks.outletId))
      .where(
        and(eq(outletCheckVoids.businessDate, date), sql`${outletCheckVoids.creditNoteSequence} is not null`),
      )
      .orderBy(asc(outletCheckVoids.checkId)),
  ]);
  const sale = (row: (typeof sales)[number], sign: 1 | -1, document: string): JournalOutletSale => ({
    checkId: row.checkId,
    outletId: row.outletId,
    outletNameAr: row.outletNameAr,
    outletNameEn: row.outletNameEn,
    checkNumber: row.checkNumber,
    sign,
    method: row.method ?? 'cash',
    totalBaisa: row.totalBaisa,
    taxes: (docOf(row.invoice)?.taxTotals ?? []).map((t) => ({ code: t.code, amountBaisa: t.amountBaisa })),
    document,
  });
  return [
    ...sales.map((s) =>
      sale(s, 1, outletDocumentNumber(OUTLET_RULES.invoiceSeries, s.invoiceYear!, s.invoiceSequence!)),
    ),
    ...voids.map((v) =>
      sale(
        v,
        -1,
        outletDocumentNumber(OUTLET_RULES.creditNoteSeries, v.creditNoteYear!, v.creditNoteSequence!),
      ),
    ),
  ];
}
