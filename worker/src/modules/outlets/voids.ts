import { eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { hotelToday } from '@shared/dates';
import { OUTLET_RULES } from '@shared/outlets';
import { ApiError } from '../../platform/api-error';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { text } from '../../platform/messages';
import { auditLog } from '../../platform/tables';
import { businessDateOf, lastClosedDateQuery, outletFolio } from '../folio';
import { checkView, type CheckView } from './check-views';
import { checkRefusal } from './checks';
import { outletCheckVoids, outletChecks, outlets, type CheckDocument } from './tables';

/**
 * A check's void (docs/decisions/090-outlets.md): by a manager, with a reason, before the check's
 * day closes; never an edit. ONE batch: the void (its primary key is the check: a second void, or
 * a race of two, fails whole), and to a room the exact negation of each of its folio lines (the
 * folio's corrections, with the reason), or, paid at the outlet, its credit note (series OCN,
 * numbered in the batch). The database refuses it on a closed day (triggers) whatever was read.
 *
 * @example
 * await voidCheck(db, manager, 12, 'Rang up on the wrong room', 'en');
 */
export async function voidCheck(
  db: Db,
  user: SessionUser,
  checkId: number,
  reason: string,
  language: 'ar' | 'en',
): Promise<{ message: string; check: CheckView }> {
  // The check and its outlet read apart: a join of the two in a D1 batch answers rows keyed by
  // column name, and the tables' same names (id, created_at...) took each other's values.
  const [checks, outletRows, voids, lines, closed] = await db.batch([
    db.select().from(outletChecks).where(eq(outletChecks.id, checkId)),
    db
      .select()
      .from(outlets)
      .where(eq(outlets.id, sql`(select outlet_id from outlet_checks where id = ${checkId})`)),
    db.select().from(outletCheckVoids).where(eq(outletCheckVoids.checkId, checkId)),
    outletFolio.checkLinesQuery(db, checkId),
    lastClosedDateQuery(db),
  ]);
  const [check] = checks;
  const [outlet] = outletRows;
  if (!check || !outlet) throw new ApiError(404, 'outlet_check_not_found');
  if (voids[0]) throw new ApiError(409, 'already_voided');
  const lastClosed = closed[0]?.date ?? null;
  if (lastClosed !== null && check.businessDate <= lastClosed) throw new ApiError(409, 'day_closed');
  if (lines.some((l) => l.invoiceId !== null)) throw new ApiError(409, 'outlet_check_invoiced');
  const businessDate = businessDateOf(closed);
  const year = Number(businessDate.slice(0, 4));
  const mine = sql`exists (select 1 from outlet_check_voids where check_id = ${checkId})`;
  const creditNote: CheckDocument | null = check.invoice
    ? {
        supplier: check.invoice.supplier,
        issueDate: hotelToday(),
        lines: check.invoice.lines.map((l) => ({
          ...l,
          netBaisa: -l.netBaisa,
          amountBaisa: -l.amountBaisa,
          taxes: l.taxes.map((t) => ({ ...t, amountBaisa: -t.amountBaisa })),
          ...(l.roundingBaisa ? { roundingBaisa: -l.roundingBaisa } : {}),
        })),
        taxTotals: check.invoice.taxTotals.map((t) => ({
          ...t,
          baseBaisa: -t.baseBaisa,
          amountBaisa: -t.amountBaisa,
        })),
      }
    : null;
  const statements: BatchItem<'sqlite'>[] = [];
  if (creditNote) {
    statements.push(outletFolio.nextDocumentNumberStatement(db, OUTLET_RULES.creditNoteSeries, year));
  }
  statements.push(
    db.insert(outletCheckVoids).values({
      checkId,
      reason,
      businessDate,
      creditNote,
      creditNoteYear: creditNote ? year : null,
      creditNoteSequence: creditNote
        ? outletFolio.documentSequenceSql(OUTLET_RULES.creditNoteSeries, year)
        : null,
      createdBy: user.id,
    }),
    ...outletFolio.voidStatements(
      db,
      lines.filter((l) => l.line.kind === 'charge').map((l) => l.line),
      { reason, businessDate, createdBy: user.id },
      mine,
    ),
    insertWhere(
      db,
      auditLog,
      auditEntry(user, 'outlet.check_void', 'outlet_check', checkId, null, { reason, businessDate }),
      mine,
    ),
    db.select().from(outletCheckVoids).where(eq(outletCheckVoids.checkId, checkId)),
  );
  const results = await db
    .batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
    .catch((err: unknown) => {
      throw checkRefusal(err) ?? err;
    });
  const voided = (results[results.length - 1] as (typeof outletCheckVoids.$inferSelect)[])[0] ?? null;
  return { message: text(language, 'check_voided'), check: checkView(check, outlet, null, voided) };
}
