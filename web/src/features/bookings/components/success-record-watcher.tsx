import { useEffect } from 'react';
import { TIMING } from '@shared/constants';
import { hasSuccessRecord, takeSuccessRecord } from '@/entities/bookings/success-record';
import { useLanguage } from '@/hooks/use-language';

/**
 * Spec section 4: a stored `successfulBooking` record makes the success toast
 * once (checked every second) and is removed. Mounted once, in the app layout,
 * so the toast also follows a reload or the points booking's return to /. The
 * toast's words load only when there is a record (lib/success-toast.ts), not with the landing.
 */
export function SuccessRecordWatcher() {
  const language = useLanguage();
  useEffect(() => {
    let loading = false;
    const check = () => {
      if (loading || !hasSuccessRecord()) return;
      loading = true;
      // The record is taken only once the toast's code is here: a failed load (a deploy
      // meanwhile, no network) leaves it for the next check.
      import('../lib/success-toast')
        .then(({ showSuccessToast }) => {
          const record = takeSuccessRecord();
          if (record) showSuccessToast(record, language);
        })
        .catch(() => undefined)
        .finally(() => {
          loading = false;
        });
    };
    check();
    const id = window.setInterval(check, TIMING.successRecordCheck);
    return () => window.clearInterval(id);
  }, [language]);
  return null;
}
