import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FolioViewKind } from '@shared/folio';
import type { Db } from '../../platform/env';
import { folioRoundings, type folioLines } from './tables';

/**
 * A folio's lines as the API answers them (the stay's folio, a group's, a posting's answer), and
 * its documents' roundings shown among them (decision 068, "One truth").
 */

/** The most lines a folio answers (a stay is at most a few months: far fewer in practice). */
export const FOLIO_MAX_LINES = 2_000;

type LineRow = typeof folioLines.$inferSelect;
type RoundingRow = typeof folioRoundings.$inferSelect;

/** A line as the API answers it. */
export function folioLineView(line: LineRow, invoiceId: number | null) {
  return {
    id: line.id,
    kind: line.kind as FolioViewKind,
    department: line.department,
    method: line.method,
    description: line.description,
    quantity: line.quantity,
    amountBaisa: line.amountBaisa,
    netBaisa: line.netBaisa,
    taxes: line.taxes,
    businessDate: line.businessDate,
    /** A room night's date (room charges posted by the day close or the check-out). */
    night: line.night,
    invoiceId,
    correctsLineId: line.correctsLineId,
    refundsLineId: line.refundsLineId,
    cityLedgerAccountId: line.cityLedgerAccountId,
    reason: line.reason,
    /** A card payment at the desk: the terminal's approval code (null: none given). */
    approvalCode: line.approvalCode ?? null,
    /**
     * An outlet's check the line is of (decision 090): its description is the check's in both
     * languages, English · Arabic, and the app shows the half of its page's language.
     */
    outletCheckId: line.outletCheckId ?? null,
    createdAt: line.createdAt.toISOString(),
  };
}
export type FolioLineView = ReturnType<typeof folioLineView>;

/**
 * A document's rounding as a line of its folio (decision 068, "One truth"): kind `rounding`, amount
 * 0, its net and taxes, on the document it belongs to. Its id is the rounding's own, negated: no
 * folio line has it, so no posting can name it.
 */
export function roundingLineView(row: RoundingRow): FolioLineView {
  return {
    id: -row.id,
    kind: 'rounding',
    department: row.department,
    method: null,
    description: '',
    quantity: 1,
    amountBaisa: 0,
    netBaisa: row.netBaisa,
    taxes: row.taxes,
    businessDate: row.businessDate,
    night: null,
    invoiceId: row.invoiceId,
    correctsLineId: null,
    refundsLineId: null,
    cityLedgerAccountId: null,
    reason: null,
    approvalCode: null,
    outletCheckId: null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A folio's lines and its documents' roundings in the order they were written (a rounding after
 * the lines of its document's batch).
 */
export function withRoundings<L extends FolioLineView>(lines: L[], roundings: L[]): L[] {
  if (roundings.length === 0) return lines;
  return [...lines, ...roundings].sort(
    (a, b) =>
      a.createdAt.localeCompare(b.createdAt) || Number(a.kind === 'rounding') - Number(b.kind === 'rounding'),
  );
}

/** A stay's own folio's roundings (on no group's folio), in order, along the booking index. */
export const stayRoundingsQuery = (db: Db, bookingId: number) =>
  db
    .select()
    .from(folioRoundings)
    .where(and(eq(folioRoundings.bookingId, bookingId), isNull(folioRoundings.groupId)))
    .orderBy(asc(folioRoundings.id))
    .limit(FOLIO_MAX_LINES);
