import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { InvoiceLine, InvoiceParty, TaxAmount } from '@shared/folio';
import type { FolioDepartment } from '@shared/taxes';
import { insertWhere } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import { documentOf } from './document-lines';
import { INVOICE_PAGE_STYLE, invoicePageHtml } from './invoice-page';
import { invoiceUbl } from './invoice-ubl';
import { supplierOf } from './invoices';
import type { FolioStatement } from './line-statements';
import { readTaxSettings } from './tax-settings';
import { documentCounters, folioLines, invoiceLines } from './tables';

/**
 * An outlet's check on a stay's folio (docs/decisions/090-outlets.md, modules/outlets): its items
 * as charge lines, each naming the check (`outlet_check_id`), posted in the check's own batch; its
 * void as their corrections. The folio keeps its rules: the balance moves with each line (the
 * trigger), a line on a closed day is refused (`day_closed`), a charge is corrected once.
 */

/** One item of a check as its folio line: its department, description, quantity and split. */
export type OutletChargeLine = {
  department: FolioDepartment;
  /** Text, or an SQL text the batch completes (the check's number taken in it). */
  description: string | SQL;
  quantity: number;
  amountBaisa: number;
  netBaisa: number;
  taxes: TaxAmount[];
};

/**
 * The charge lines of a check on booking `bookingId`'s folio, dated `businessDate`, each naming the
 * check `checkId` (an SQL scalar: the check inserted earlier in the same batch), each only if
 * `guard` holds when the batch reaches it.
 *
 * @example
 * statements.push(...outletChargeStatements(db, { bookingId: 7, checkId: sql`(select max(id) from outlet_checks)`,
 *   lines, businessDate, createdBy: user.id }, made));
 */
export function outletChargeStatements(
  db: Db,
  check: {
    bookingId: number;
    checkId: SQL;
    lines: readonly OutletChargeLine[];
    businessDate: string;
    createdBy: number | null;
  },
  guard: SQL,
): FolioStatement[] {
  return check.lines.map((line) =>
    insertWhere(
      db,
      folioLines,
      {
        bookingId: check.bookingId,
        kind: 'charge',
        department: line.department,
        description: line.description,
        quantity: line.quantity,
        amountBaisa: line.amountBaisa,
        netBaisa: line.netBaisa,
        taxes: line.taxes,
        businessDate: check.businessDate,
        createdBy: check.createdBy,
        outletCheckId: check.checkId,
      },
      guard,
    ),
  );
}

/**
 * A check's lines on its folio (its charges and any corrections), each with the document it is on,
 * along the lines' check index: a check's few lines, never the folio's history.
 *
 * @example
 * const lines = await outletCheckLinesQuery(db, 12);
 */
export function outletCheckLinesQuery(db: Db, checkId: number) {
  return db
    .select({ line: folioLines, invoiceId: invoiceLines.invoiceId })
    .from(folioLines)
    .leftJoin(invoiceLines, eq(invoiceLines.folioLineId, folioLines.id))
    .where(eq(folioLines.outletCheckId, checkId))
    .orderBy(asc(folioLines.id));
}

/**
 * The corrections that void a check's charges (each the exact negation of its charge, with the
 * check's id and the reason), dated `businessDate`, each only if `guard` holds. The unique
 * correction rule of the folio refuses a second void of the same charge.
 *
 * @example
 * statements.push(...outletVoidStatements(db, charges, { reason, businessDate, createdBy: user.id }, made));
 */
export function outletVoidStatements(
  db: Db,
  charges: readonly (typeof folioLines.$inferSelect)[],
  { reason, businessDate, createdBy }: { reason: string; businessDate: string; createdBy: number },
  guard: SQL,
): FolioStatement[] {
  return charges.map((line) =>
    insertWhere(
      db,
      folioLines,
      {
        bookingId: line.bookingId,
        kind: 'correction',
        department: line.department,
        description: line.description,
        quantity: line.quantity,
        amountBaisa: -line.amountBaisa,
        netBaisa: -(line.netBaisa ?? 0),
        taxes: line.taxes.map((t) => ({ code: t.code, amountBaisa: -t.amountBaisa })),
        correctsLineId: line.id,
        reason,
        businessDate,
        createdBy,
        outletCheckId: line.outletCheckId,
      },
      guard,
    ),
  );
}

/**
 * The integrity check's rule for the outlets' lines: each check to a room has exactly its lines on
 * its stay's folio (their sum its total, all of its booking), and a voided one their corrections
 * (the lines of a voided check sum to 0); a line naming a check names one that exists.
 */
export const outletLinesIntegritySql = (perCheck: number): SQL => sql`
  select c.id as checkId, c.total_baisa as total, coalesce(l.charged, 0) as charged,
    coalesce(l.net, 0) as net, (v.check_id is not null) as voided, coalesce(l.bookings, 0) as bookings
  from outlet_checks c
  left join (
    select outlet_check_id, sum(case when kind = 'charge' then amount_baisa else 0 end) as charged,
      sum(amount_baisa) as net, count(distinct booking_id) as bookings, min(booking_id) as booking_id
    from folio_lines where outlet_check_id is not null group by outlet_check_id
  ) l on l.outlet_check_id = c.id
  left join outlet_check_voids v on v.check_id = c.id
  where (c.settlement = 'room' and (coalesce(l.charged, 0) <> c.total_baisa or l.bookings <> 1
      or l.booking_id <> c.booking_id or coalesce(l.net, 0) <> (case when v.check_id is null then c.total_baisa else 0 end)))
    or (c.settlement = 'paid' and l.outlet_check_id is not null)
  union all
  select f.outlet_check_id as checkId, null, f.amount_baisa, null, null, null from folio_lines f
  where f.outlet_check_id is not null and not exists (select 1 from outlet_checks c where c.id = f.outlet_check_id)
  limit ${perCheck}`;

/**
 * The supplier as the hotel's documents print it (the tax settings', else the site's name and
 * address) and the taxes of the settings (their names and rates): a sale's document, and a
 * receipt's heading and tax names (modules/outlets). One round trip.
 *
 * @example const { supplier, taxes } = await documentSupplier(db);
 */
export async function documentSupplier(db: Db) {
  const [settings, site] = await Promise.all([
    readTaxSettings(db),
    db.get<Pick<InvoiceParty, 'nameAr' | 'nameEn' | 'addressAr' | 'addressEn'> | undefined>(
      sql`select site_name as nameEn, site_name_ar as nameAr, address as addressEn, address_ar as addressAr
        from site_settings where id = 1`,
    ),
  ]);
  return { supplier: supplierOf(settings.supplier, site ?? undefined), taxes: settings.taxes };
}

/**
 * A sale's tax document for an outlet's check paid at the outlet (its own series, numbered by the
 * caller's batch): its lines as given, each tax computed once on the document's base with its
 * rounding lines (decision 068, `documentOf`), the supplier as the desk's invoices print it. One
 * round trip (the settings and the site's name beside each other).
 *
 * @example
 * const doc = await saleDocument(db, lines, '2026-03-10'); // doc.totalBaisa, doc.taxTotals
 */
export async function saleDocument(db: Db, lines: InvoiceLine[], businessDate: string) {
  const { supplier, taxes } = await documentSupplier(db);
  const doc = documentOf(lines, taxes, undefined, businessDate);
  const totalBaisa = doc.lines.reduce((a, l) => a + l.amountBaisa, 0);
  const taxBaisa = doc.taxTotals.reduce((a, t) => a + t.amountBaisa, 0);
  return {
    ...doc,
    supplier,
    netBaisa: totalBaisa - taxBaisa,
    taxBaisa,
    totalBaisa,
  };
}

/**
 * The statement that takes the next number of a document series (`series`, `year`) in the caller's
 * batch (document_counters, as the desk's invoices take theirs): a refused batch takes none, two
 * concurrent batches take consecutive ones. `documentSequenceSql` reads it back in the same batch.
 *
 * @example
 * statements.push(nextDocumentNumberStatement(db, 'OUT', 2026)); // then documentSequenceSql('OUT', 2026)
 */
export function nextDocumentNumberStatement(db: Db, series: string, year: number): FolioStatement {
  return db
    .insert(documentCounters)
    .values({ series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.series, documentCounters.year],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    });
}

/** The number just taken in a series (an SQL scalar, for the same batch). */
export const documentSequenceSql = (series: string, year: number): SQL =>
  sql`(select last_number from document_counters where series = ${series} and year = ${year})`;

/**
 * What the outlets (modules/outlets, decision 090) use of the folio, behind one name of its door:
 * a check's lines and their void for the check's batch, its lines read, a paid check's document,
 * its series' number taken in the batch, and the UBL of a document.
 *
 * @example statements.push(...outletFolio.chargeStatements(db, check, made));
 */
export const outletFolio = {
  chargeStatements: outletChargeStatements,
  checkLinesQuery: outletCheckLinesQuery,
  voidStatements: outletVoidStatements,
  saleDocument,
  nextDocumentNumberStatement,
  documentSequenceSql,
  invoiceUbl,
  supplier: documentSupplier,
  /** The printable A4 page of a paid check's document, as the desk's (`/invoices/:id`), and its style. */
  pageHtml: invoicePageHtml,
  pageStyle: INVOICE_PAGE_STYLE,
};
