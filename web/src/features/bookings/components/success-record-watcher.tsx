import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { TIMING } from '../../../../../shared/src/constants';
import { showToast } from '../../../components/ui/toast';
import { takeSuccessRecord } from '../lib/success-record';

/**
 * Spec section 4: a stored `successfulBooking` record makes the success toast
 * once (checked every second) and is removed. Mounted once, in the app layout,
 * so the toast also follows a reload or the points booking's return to /.
 */
export function SuccessRecordWatcher() {
  const { t } = useLingui();
  useEffect(() => {
    const check = () => {
      const record = takeSuccessRecord();
      if (!record) return;
      showToast({
        variant: 'success',
        title: record.isPointsBooking ? t`Your free night is booked` : t`Booking request sent`,
        description: record.isPointsBooking
          ? t`Your booking is approved. You will find it in My bookings.`
          : t`We will confirm it soon. Your loyalty points are granted when management approves the booking.`,
      });
    };
    check();
    const id = window.setInterval(check, TIMING.successRecordCheck);
    return () => window.clearInterval(id);
  }, [t]);
  return null;
}
