import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Modal } from '@/components/ui/dialog';
import { useHideHeader } from '@/hooks/use-hide-header';
import type { BookingDraft } from '../lib/booking-draft';
import { BookingForm } from './booking-form';

/**
 * The landing page's quick-booking form (spec section 2): the guest picks the
 * room type; sent as a quick booking ('quick_management', cash, pending).
 */
export default function QuickBookingModal({
  draft,
  onDraftChange,
  onClose,
  onBooked,
}: {
  draft: BookingDraft;
  onDraftChange: (update: (draft: BookingDraft) => BookingDraft) => void;
  onClose: () => void;
  onBooked: () => void;
}) {
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={<Trans>Quick booking form</Trans>}>
      <Body>
        <p className="text-slate-700">
          <Trans>
            One short form: we confirm your room and price with you. You pay in cash at the hotel.
          </Trans>
        </p>
        <BookingForm
          mode={{ kind: 'quick' }}
          draft={draft}
          onDraftChange={onDraftChange}
          onBooked={onBooked}
        />
      </Body>
    </Modal>
  );
}

function Body({ children }: { children: ReactNode }) {
  useHideHeader();
  return (
    <div className="flex flex-col gap-4" data-testid="quick-booking-form">
      {children}
    </div>
  );
}
