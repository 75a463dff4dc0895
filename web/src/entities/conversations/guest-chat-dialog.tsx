import { useLingui } from '@lingui/react/macro';
import { Modal } from '@/components/ui/dialog';
import { GuestChat } from './guest-chat';
import type { PendingMessage } from './pending-messages';

/** The guest's chat with the front desk in a dialog (a lazy chunk of its own). */
export default function GuestChatDialog({
  bookingId = null,
  handover,
  onClose,
}: {
  bookingId?: number | null;
  handover?: PendingMessage['handover'];
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal isOpen onOpenChange={(open) => !open && onClose()} title={t`Front desk`} size="md">
      <GuestChat bookingId={bookingId} handover={handover} />
    </Modal>
  );
}
