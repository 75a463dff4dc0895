import { Trans } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ChatUnreadBadge, useGuestChatUnread } from '@/entities/conversations/chat-unread';
import { lazy } from '@/lib/lazy';
import { useSearchParams } from '@/lib/router';
import type { ManagedBooking } from '../../api/managed-booking';

const GuestChatDialog = lazy(() => import('@/entities/conversations/guest-chat-dialog'));

/**
 * The booking page's way to the front desk: "Message the front desk" opens the guest's chat about
 * this booking (its guest, signed in or holding its link), live. `?messages=true` (a staff reply's
 * push) opens it at once; while it is shut, the desk's replies not read yet are a badge on it.
 */
export function MessageDeskSection({ booking }: { booking: ManagedBooking }) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(() => params.get('messages') === 'true');
  // The desk's replies not read yet on this booking's thread: a badge on the button while it is shut.
  const unread = useGuestChatUnread(booking.id, !open && booking.status !== 'cancelled');
  if (booking.status === 'cancelled') return null;
  return (
    <section
      aria-labelledby="message-desk-heading"
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="message-desk-heading" className="text-xl font-bold text-slate-900">
        <Trans>Questions about your stay?</Trans>
      </h2>
      <p className="text-slate-700">
        <Trans>Write to the front desk: a late check-out, a cot, directions. They answer here.</Trans>
      </p>
      <Button
        variant="secondary"
        onPress={() => setOpen(true)}
        data-testid="open-guest-chat"
        className="self-start"
      >
        <Trans>Message the front desk</Trans>
        <ChatUnreadBadge count={unread} />
      </Button>
      {open && (
        <Suspense fallback={null}>
          <GuestChatDialog bookingId={booking.id} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
