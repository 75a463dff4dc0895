import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { insertWhere } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import { text } from '../../platform/messages';
import { folioLines, invoiceLines } from './tables';

/**
 * Money the hotel keeps instead of a stay (decision 071): the cancellation charge a cancellation
 * after the free period (or of a non-refundable plan) posts for the payment it keeps, and what a
 * reinstatement does with it. The charge is told from other charges by its description, the
 * hotel's words in both languages, as its invoice shows it.
 */

/**
 * The cancellation charge's description on the folio and the invoice: the hotel's words, in both languages.
 *
 * @example
 * cancellationChargeStatement(db, { bookingId, values, businessDate, createdBy: null }, won)
 * // posts a charge described so; keptChargesQuery finds it by it
 */
export const CANCELLATION_CHARGE_DESCRIPTION = `${text('en', 'payment.cancellation_charge')} · ${text('ar', 'payment.cancellation_charge')}`;

/**
 * Why a reinstatement corrects the cancellation charge: on the correction line, in both languages.
 *
 * @example
 * correctionStatements(db, await keptChargesQuery(db, 7), { reason: REINSTATEMENT_REASON, businessDate, user, guard: won })
 */
export const REINSTATEMENT_REASON = `${text('en', 'folio.reinstated_reason')} · ${text('ar', 'folio.reinstated_reason')}`;

/**
 * Why undoing an early check-out corrects the charge it kept for the nights given up.
 *
 * @example
 * correctionStatements(db, await keptChargesQuery(db, 7), { reason: CHECK_OUT_UNDONE_REASON, businessDate, user, guard: won })
 */
export const CHECK_OUT_UNDONE_REASON = `${text('en', 'folio.check_out_undone_reason')} · ${text('ar', 'folio.check_out_undone_reason')}`;

/**
 * The booking's cancellation charges not corrected yet, each with the invoice it is on (null:
 * none yet); along the folio's booking index, so the read is the size of this folio only.
 *
 * @example
 * const charges = await keptChargesQuery(db, 7);
 * statements.push(...correctionStatements(db, charges, { reason: REINSTATEMENT_REASON, businessDate, user, guard: won }));
 */
export function keptChargesQuery(db: Db, bookingId: number) {
  return db
    .select({ line: folioLines, invoiceId: invoiceLines.invoiceId })
    .from(folioLines)
    .leftJoin(invoiceLines, eq(invoiceLines.folioLineId, folioLines.id))
    .where(
      and(
        eq(folioLines.bookingId, bookingId),
        eq(folioLines.kind, 'charge'),
        eq(folioLines.description, CANCELLATION_CHARGE_DESCRIPTION),
        sql`not exists (select 1 from folio_lines c where c.corrects_line_id = ${folioLines.id})`,
      ),
    );
}
export type KeptCharge = { line: typeof folioLines.$inferSelect; invoiceId: number | null };

/**
 * The statements correcting each of `charges` (the exact negation, net and each tax), dated
 * `businessDate`, with `reason`, each only if `guard` holds when the batch reaches it (the move's
 * `won`). The unique index on `corrects_line_id` refuses a second correction of a charge.
 *
 * @example
 * const charges = await keptChargesQuery(db, 7);
 * statements.push(...correctionStatements(db, charges, { reason: REINSTATEMENT_REASON, businessDate, user, guard: won }));
 */
export function correctionStatements(
  db: Db,
  charges: readonly KeptCharge[],
  {
    reason,
    businessDate,
    user,
    guard,
  }: { reason: string; businessDate: string; user: SessionUser; guard: SQL },
): BatchItem<'sqlite'>[] {
  return charges.map(({ line }) =>
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
        createdBy: user.id,
      },
      guard,
    ),
  );
}
