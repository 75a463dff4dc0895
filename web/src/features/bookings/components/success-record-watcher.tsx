import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { POINTS_EARNED, TIMING } from '@shared/constants';
import { showToast } from '@/components/ui/toast-queue';
import { formatReference } from '@/lib/format';
import { pointsCount } from '@/lib/counts';
import { hasSignedInHint } from '@/entities/session/use-current-user';
import { takeSuccessRecord } from '@/entities/bookings/success-record';
import { useLanguage } from '@/hooks/use-language';

/**
 * Spec section 4: a stored `successfulBooking` record makes the success toast
 * once (checked every second) and is removed. Mounted once, in the app layout,
 * so the toast also follows a reload or the points booking's return to /.
 */
export function SuccessRecordWatcher() {
  const { t } = useLingui();
  const language = useLanguage();
  useEffect(() => {
    const check = () => {
      const record = takeSuccessRecord();
      if (!record) return;
      // Points are credited when the desk marks the stay completed (lib/booking-status.ts),
      // not when the booking is approved; a guest without an account earns none.
      const said = record.isPointsBooking
        ? record.pointsUsed
          ? t`Your booking is approved and ${pointsCount(record.pointsUsed, language)} were used. You will find it in My bookings.`
          : t`Your booking is approved. You will find it in My bookings.`
        : hasSignedInHint()
          ? t`We will confirm it soon. This stay earns you ${pointsCount(POINTS_EARNED[record.roomType], language)}, added to your balance when the stay is completed.`
          : t`We will confirm it soon.`;
      const reference = record.reference ? formatReference(record.reference) : '';
      showToast({
        variant: 'success',
        title: record.isPointsBooking ? t`Your free night is booked` : t`Booking request sent`,
        description: reference ? `${t`Booking reference: ${reference}.`} ${said}` : said,
      });
    };
    check();
    const id = window.setInterval(check, TIMING.successRecordCheck);
    return () => window.clearInterval(id);
  }, [t, language]);
  return null;
}
