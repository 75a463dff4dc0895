import { Trans } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { lazy } from '@/lib/lazy';
import { Button } from '@/components/ui/button';
import { useOnline } from '@/lib/use-online';
import type { ManagedBooking } from '../../api/managed-booking';

const CancelBookingDialog = lazy(() => import('./cancel-booking-dialog'));
const ChangeBookingDialog = lazy(() => import('./change-booking-dialog'));

/**
 * The booking page's cancel and change actions: "Change booking" and
 * "Cancel booking" while the policy (`booking.policy`, decided by the server again on each call)
 * allows them. The page shows the policy itself, and past the deadline the hotel's phone
 * (managed-booking-details.tsx). Each dialog is its own chunk, loaded when opened. Offline (the
 * page as last loaded on this device) both wait for the connection and say so, as Pay does.
 */
export function ManageActions({ booking }: { booking: ManagedBooking }) {
  const [open, setOpen] = useState<'cancel' | 'change' | null>(null);
  const { mayCancel, mayChange } = booking.policy;
  // Sold non-refundable: the guest may cancel (nothing refunded) but never change it (409
  // non_refundable_unchangeable); a page kept on the device from before may lack the flag.
  const nonRefundable = booking.policy.nonRefundable || booking.cancellationRule?.kind === 'non_refundable';
  const online = useOnline();
  const showChange = mayChange && !nonRefundable && !booking.isPointsBooking;
  const offlineId = `manage-offline-${booking.id}`;
  const offline = online ? {} : { isDisabled: true, 'aria-describedby': offlineId };
  return (
    <div className="flex flex-col gap-4" data-testid="manage-actions">
      {(mayChange && !nonRefundable) || mayCancel ? (
        <div className="flex flex-wrap gap-2">
          {showChange ? (
            <Button variant="secondary" onPress={() => setOpen('change')} {...offline}>
              <Trans>Change booking</Trans>
            </Button>
          ) : null}
          {mayCancel ? (
            <Button variant="danger" onPress={() => setOpen('cancel')} {...offline}>
              <Trans>Cancel booking</Trans>
            </Button>
          ) : null}
        </div>
      ) : null}
      {!online && (showChange || mayCancel) ? (
        <p id={offlineId} className="text-sm text-slate-700" data-testid="manage-offline">
          {showChange && mayCancel ? (
            <Trans>You are offline: connect to the internet to change or cancel this booking.</Trans>
          ) : mayCancel ? (
            <Trans>You are offline: connect to the internet to cancel this booking.</Trans>
          ) : (
            <Trans>You are offline: connect to the internet to change this booking.</Trans>
          )}
        </p>
      ) : null}
      {nonRefundable && mayCancel ? (
        <p className="text-sm text-slate-700" data-testid="non-refundable-no-change">
          <Trans>
            A non-refundable booking cannot be changed. To stay on other dates, book them separately; if you
            cancel this one, nothing is refunded.
          </Trans>
        </p>
      ) : null}
      {mayChange && booking.isPointsBooking ? (
        <p className="text-sm text-slate-700">
          <Trans>
            A free night booked with points cannot be changed: cancel it (your points come back) and book
            again.
          </Trans>
        </p>
      ) : null}
      <Suspense fallback={null}>
        {open === 'cancel' ? <CancelBookingDialog booking={booking} onClose={() => setOpen(null)} /> : null}
        {open === 'change' ? <ChangeBookingDialog booking={booking} onClose={() => setOpen(null)} /> : null}
      </Suspense>
    </div>
  );
}
