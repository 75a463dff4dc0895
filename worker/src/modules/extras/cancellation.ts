import { and, eq, inArray } from 'drizzle-orm';
import { HOLDING_PURCHASE_STATUSES } from '@shared/extras';
import type { CancellationHook } from '../../platform/booking-hooks';
import { text } from '../../platform/messages';
import { businessDateOf, extraFolio, lastClosedDateQuery } from '../folio';
import { extraPurchases } from './tables';

/**
 * What a stay's cancellation does to its extras (docs/decisions/098-stay-extras.md), asked by every
 * path that cancels (platform/booking-hooks.ts: the guest's cancel, staff's cancel and reject, a
 * no-show, a pending request run out) and written into the cancellation's ONE batch, each statement
 * guarded by its `won`. A cancelled stay has had none of its extras (a stay in house is never
 * cancelled): every purchase requested or confirmed is cancelled, and each charge of theirs not on a
 * tax invoice is corrected (an invoiced one is the desk's to credit). The money paid for them online
 * follows the plan's rule with the stay's own (modules/payments' hook, installed after this one):
 * refunded within the free period, kept as a cancellation charge after it or on a non-refundable
 * plan; so a cancelled folio ends at zero either way.
 */
export const extrasCancellationHook: CancellationHook = async (db, { booking, actor, now }) => {
  const [holding, charges, closed] = await db.batch([
    db
      .select({ id: extraPurchases.id })
      .from(extraPurchases)
      .where(
        and(
          eq(extraPurchases.bookingId, booking.id),
          inArray(extraPurchases.status, HOLDING_PURCHASE_STATUSES),
        ),
      ),
    extraFolio.openChargesQuery(db, booking.id),
    lastClosedDateQuery(db),
  ]);
  if (holding.length === 0 && charges.length === 0) return () => [];
  const reason = `${text('en', 'extras.cancelled_with_stay')} · ${text('ar', 'extras.cancelled_with_stay')}`;
  const businessDate = businessDateOf(closed, now);
  return (won) => [
    db
      .update(extraPurchases)
      .set({ status: 'cancelled', updatedAt: now })
      .where(
        and(
          eq(extraPurchases.bookingId, booking.id),
          inArray(extraPurchases.status, HOLDING_PURCHASE_STATUSES),
          won,
        ),
      ),
    ...extraFolio.correctionStatements(
      db,
      charges,
      { reason, businessDate, createdBy: actor?.id ?? null },
      won,
    ),
  ];
};
