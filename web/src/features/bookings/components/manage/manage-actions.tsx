import { Trans } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { lazy } from '@/lib/lazy';
import { Button } from '@/components/ui/button';
import type { ManagedBooking } from '../../api/managed-booking';
import { CancellationPolicy } from '../cancellation-policy';
import { CallTheHotel } from './call-the-hotel';

const CancelBookingDialog = lazy(() => import('./cancel-booking-dialog'));
const ChangeBookingDialog = lazy(() => import('./change-booking-dialog'));

/**
 * The booking page's cancel and change actions (issue 30 sections 2 and 4): the cancellation
 * policy with this booking's deadline, "Change booking" and "Cancel booking" while the policy
 * (`booking.policy`, decided by the server again on each call) allows them, and past the
 * deadline the hotel's phone. Each dialog is its own chunk, loaded when opened.
 */
export function ManageActions({ booking }: { booking: ManagedBooking }) {
  const [open, setOpen] = useState<'cancel' | 'change' | null>(null);
  const { mayCancel, mayChange } = booking.policy;
  const pastDeadline = !mayCancel && (booking.status === 'approved' || booking.status === 'confirmed');
  return (
    <div className="flex flex-col gap-4" data-testid="manage-actions">
      <CancellationPolicy booking={booking} />
      {mayChange || mayCancel ? (
        <div className="flex flex-wrap gap-2">
          {mayChange && !booking.isPointsBooking ? (
            <Button variant="secondary" onPress={() => setOpen('change')}>
              <Trans>Change booking</Trans>
            </Button>
          ) : null}
          {mayCancel ? (
            <Button variant="danger" onPress={() => setOpen('cancel')}>
              <Trans>Cancel booking</Trans>
            </Button>
          ) : null}
        </div>
      ) : null}
      {mayChange && booking.isPointsBooking ? (
        <p className="text-sm text-slate-700">
          <Trans>
            A free night booked with points cannot be changed: cancel it (your points come back) and book
            again.
          </Trans>
        </p>
      ) : null}
      {pastDeadline ? (
        <div className="flex flex-col gap-2" data-testid="manage-too-late">
          <p className="text-slate-800">
            <Trans>To cancel or change this booking now, please call the hotel.</Trans>
          </p>
          <CallTheHotel />
        </div>
      ) : null}
      <Suspense fallback={null}>
        {open === 'cancel' ? <CancelBookingDialog booking={booking} onClose={() => setOpen(null)} /> : null}
        {open === 'change' ? <ChangeBookingDialog booking={booking} onClose={() => setOpen(null)} /> : null}
      </Suspense>
    </div>
  );
}
