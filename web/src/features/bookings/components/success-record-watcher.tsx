import { useEffect, useState } from 'react';
import { TIMING } from '@shared/start-constants';
import {
  hasSuccessRecord,
  SUCCESS_RECORD_EVENT,
  takeSuccessRecord,
  type SuccessRecord,
} from '@/entities/bookings/success-record';
import { lazy } from '@/lib/lazy';
import { AriaScope } from '@/components/aria-scope/aria-scope';

// Its own chunk: the landing entry only looks for the record.
const loadConfirmation = () =>
  import('./booking-confirmation-loader').then((module) => module?.loadBookingConfirmation());
const BookingConfirmationDialog = lazy(loadConfirmation);

/**
 * Resolves once no other dialog is open (the booking form closing as its booking succeeds), or
 * after 3 s. A dialog opened while another one closes was left hidden from screen readers:
 * react-aria hides what is outside the open dialog, and the closing one hid the new one too.
 */
function modalsClosed(): Promise<void> {
  const until = performance.now() + 3_000;
  return new Promise((resolve) => {
    const look = () => {
      if (!document.documentElement.hasAttribute('data-modal-open') || performance.now() > until) resolve();
      else requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
}

/**
 * Spec section 4: a stored `successfulBooking` record is shown once (checked every second, and at
 * once when a booking writes it) and removed. Where the spec shows a toast, the guest gets the
 * booking's confirmation: its reference large, what happens next, its page and its calendar file,
 * until they close it (a toast went by in six seconds, with the only copy of the reference).
 * Mounted once, in the app layout, so it also follows a reload or the points booking's return to /.
 */
export function SuccessRecordWatcher() {
  const [record, setRecord] = useState<SuccessRecord | null>(null);
  useEffect(() => {
    let loading = false;
    const check = () => {
      if (loading || !hasSuccessRecord()) return;
      loading = true;
      // The record is taken only once the confirmation's code is here: a failed load (a deploy
      // meanwhile, no network) leaves it for the next check.
      loadConfirmation()
        .then(modalsClosed)
        .then(() => {
          const taken = takeSuccessRecord();
          if (taken) setRecord(taken);
        })
        .catch(() => undefined)
        .finally(() => {
          loading = false;
        });
    };
    check();
    const id = window.setInterval(check, TIMING.successRecordCheck);
    window.addEventListener(SUCCESS_RECORD_EVENT, check);
    return () => {
      window.clearInterval(id);
      window.removeEventListener(SUCCESS_RECORD_EVENT, check);
    };
  }, []);
  if (!record) return null;
  return (
    <AriaScope>
      <BookingConfirmationDialog record={record} onClose={() => setRecord(null)} />
    </AriaScope>
  );
}
