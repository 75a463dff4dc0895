import { FOLIO_OPEN_STATUSES } from '@shared/folio';
import type { BookingSubmission } from '../bookings';
import { chargeLineValues, stayNightPrices, type TaxRule } from './posting';

/**
 * A stay's room nights not on its folio yet (the day close and the check-out post them), each at
 * the amount the folio will post it for; and the balance the stay is expected to end on with
 * them. A folio paid in advance reads as paid, with the nights still to be charged against it,
 * rather than as a credit; the desk sees what the check-out will ask. Worked out from the booking
 * and the nights already posted, which every caller reads anyway: no read of its own.
 */

/** A night still to be charged, at its amount on the folio (taxes added when prices exclude them). */
export type NightToCome = { night: string; amountBaisa: number };

/**
 * The stay's room nights not on its folio yet (`posted`: a set, or `postedNightsJsonSql`'s JSON
 * text), each at the amount the folio will post it for on `businessDate`; none for a stay no
 * longer open, nor for a member of a master-billed group (`billedToGroup`: its room nights go on
 * the group's folio, decision 076).
 *
 * @example
 * nightsToCome(booking, postedNightSet(rows), settings, businessDate)
 * // [{ night: '2026-03-11', amountBaisa: 25_000 }]
 */
export function nightsToCome(
  booking: Pick<
    BookingSubmission,
    | 'status'
    | 'checkedOutAt'
    | 'checkInDate'
    | 'checkOutDate'
    | 'totalPrice'
    | 'nightPrices'
    | 'isPointsBooking'
  >,
  posted: ReadonlySet<string> | string | null,
  settings: TaxRule,
  businessDate: string,
  billedToGroup = false,
): NightToCome[] {
  // Only an open stay: a cancelled or completed one has nothing more to post.
  if (!(FOLIO_OPEN_STATUSES as readonly string[]).includes(booking.status) || booking.checkedOutAt) return [];
  if (billedToGroup) return [];
  const nights =
    typeof posted === 'string' || posted === null
      ? new Set((JSON.parse(posted ?? '[]') as (string | null)[]).filter((n) => n !== null))
      : posted;
  return stayNightPrices(booking)
    .filter((n) => !nights.has(n.night))
    .map((n) => ({
      night: n.night,
      amountBaisa: chargeLineValues(settings, 'room', businessDate, n.priceBaisa).amountBaisa,
    }));
}

/**
 * The balance with the nights still to come charged.
 *
 * @example
 * expectedBalance(-10_000, [{ night: '2026-03-11', amountBaisa: 25_000 }]) // 15_000
 */
export const expectedBalance = (balanceBaisa: number, nights: readonly NightToCome[]) =>
  nights.reduce((sum, n) => sum + n.amountBaisa, balanceBaisa);
