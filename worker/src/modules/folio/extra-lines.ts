import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { TaxAmount } from '@shared/folio';
import type { FolioDepartment } from '@shared/taxes';
import { insertWhere } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import type { FolioStatement } from './line-statements';
import { folioLines, invoiceLines } from './tables';

/**
 * An extra bought for a stay on its folio (docs/decisions/098-stay-extras.md, modules/extras): its
 * charge lines (an upgrade's supplement one a night, any other extra one line), each naming the
 * purchase (`extra_purchase_id`), posted in the purchase's own batch under its guard; and, when the
 * stay is cancelled before the extras were had, their corrections in the cancellation's batch. The
 * folio keeps its rules: the balance moves with each line, a line on a closed day is refused, a
 * charge is corrected at most once in full.
 */

/** One charge of a purchase: its department, description (both languages), quantity and split. */
export type ExtraChargeLine = {
  department: FolioDepartment;
  description: string;
  quantity: number;
  amountBaisa: number;
  netBaisa: number;
  taxes: TaxAmount[];
};

/**
 * The charge lines of a purchase on booking `bookingId`'s folio, dated `businessDate`, each naming the
 * purchase `purchaseId` (an SQL scalar: the purchase inserted earlier in the same batch), each only
 * if `guard` holds when the batch reaches it.
 *
 * @example
 * statements.push(...extraFolio.chargeStatements(db, { bookingId: 7,
 *   purchaseId: sql`(select id from extra_purchases where token = ${token})`, lines, businessDate,
 *   createdBy: null }, mine));
 */
function chargeStatements(
  db: Db,
  purchase: {
    bookingId: number;
    purchaseId: SQL;
    lines: readonly ExtraChargeLine[];
    businessDate: string;
    createdBy: number | null;
  },
  guard: SQL,
): FolioStatement[] {
  return purchase.lines.map((line) =>
    insertWhere(
      db,
      folioLines,
      {
        bookingId: purchase.bookingId,
        kind: 'charge',
        department: line.department,
        description: line.description,
        quantity: line.quantity,
        amountBaisa: line.amountBaisa,
        netBaisa: line.netBaisa,
        taxes: line.taxes,
        businessDate: purchase.businessDate,
        createdBy: purchase.createdBy,
        extraPurchaseId: purchase.purchaseId,
      },
      guard,
    ),
  );
}

/**
 * A booking's extras' charges not corrected yet and on no tax invoice (an invoiced one is the desk's
 * to credit), along the folio's booking index: a stay's few lines.
 *
 * @example const open = await extraFolio.openChargesQuery(db, 7);
 */
function openChargesQuery(db: Db, bookingId: number) {
  return db
    .select()
    .from(folioLines)
    .where(
      and(
        eq(folioLines.bookingId, bookingId),
        eq(folioLines.kind, 'charge'),
        isNotNull(folioLines.extraPurchaseId),
        sql`not exists (select 1 from ${invoiceLines} where ${invoiceLines.folioLineId} = ${folioLines.id})`,
        sql`not exists (select 1 from folio_lines c where c.corrects_line_id = ${folioLines.id})`,
      ),
    )
    .orderBy(asc(folioLines.id));
}

/**
 * The corrections of `charges` (each its exact negation, naming its purchase, with `reason` in both
 * languages), dated `businessDate`, each only if `guard` holds.
 *
 * @example
 * statements.push(...extraFolio.correctionStatements(db, charges, { reason, businessDate, createdBy: null }, won));
 */
function correctionStatements(
  db: Db,
  charges: readonly (typeof folioLines.$inferSelect)[],
  { reason, businessDate, createdBy }: { reason: string; businessDate: string; createdBy: number | null },
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
        extraPurchaseId: line.extraPurchaseId,
      },
      guard,
    ),
  );
}

/**
 * The extras' lines of a folio as the folio's door hands them out: the charges a purchase posts,
 * the open ones a cancellation corrects, and their corrections.
 */
export const extraFolio = { chargeStatements, openChargesQuery, correctionStatements };
