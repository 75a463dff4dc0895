import { t } from '@lingui/core/macro';
import { POINTS_EARNED, type Language } from '@shared/constants';
import { showToast } from '@/components/ui/toast-queue';
import { formatReference } from '@/lib/format-reference';
import { pointsCount } from '@/lib/counts';
import { formatDateTime } from '@/lib/format';
import { hasSignedInHint } from '@/entities/session/use-current-user';
import type { SuccessRecord } from '@/entities/bookings/success-record';

/**
 * The success toast of a stored `successfulBooking` record (spec section 4), in the active
 * language. Its own chunk: the landing entry only looks for the record (success-record-watcher).
 */
export function showSuccessToast(record: SuccessRecord, language: Language) {
  // Points are credited when the desk marks the stay completed (modules/bookings/booking-status.ts),
  // not when the booking is approved; a guest without an account earns none.
  const said = record.isPointsBooking
    ? record.pointsUsed
      ? t`Your booking is approved and ${pointsCount(record.pointsUsed, language)} were used. You will find it in My bookings.`
      : t`Your booking is approved. You will find it in My bookings.`
    : hasSignedInHint()
      ? t`We will confirm it soon. This stay earns you ${pointsCount(POINTS_EARNED[record.roomType], language)}, added to your balance when the stay is completed.`
      : t`We will confirm it soon.`;
  const reference = record.reference ? formatReference(record.reference) : '';
  const until = record.freeCancellationUntil ? formatDateTime(record.freeCancellationUntil, language) : '';
  // The confirmation says the policy's deadline for this stay.
  const policy = until ? ` ${t`Free cancellation and changes until ${until}.`}` : '';
  showToast({
    variant: 'success',
    title: record.isPointsBooking ? t`Your free night is booked` : t`Booking request sent`,
    description: (reference ? `${t`Booking reference: ${reference}.`} ${said}` : said) + policy,
  });
}
