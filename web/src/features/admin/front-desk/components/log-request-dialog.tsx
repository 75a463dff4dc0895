import { useLingui } from '@lingui/react/macro';
import { Modal } from '@/components/ui/dialog';
import { StayRequestForm } from '@/entities/stay-requests/stay-request-form';
import { useLogStayRequest } from '../api/log-stay-request';

/**
 * A request logged for a guest in house who phoned the desk (towels, cleaning, a late check-out, a
 * repair, anything else): the guest's own form, worded about the guest. The default export, a lazy
 * chunk of its own: the desk loads it when a member of staff opens it.
 */
export default function LogRequestDialog({
  booking,
  onClose,
}: {
  booking: { id: number; fullName: string };
  onClose: () => void;
}) {
  const { t } = useLingui();
  const log = useLogStayRequest();
  return (
    <Modal
      isOpen
      size="md"
      title={t`A request for ${booking.fullName}`}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <StayRequestForm
        bookingId={booking.id}
        who="staff"
        send={(input, handlers) => log.mutate(input, handlers)}
        isPending={log.isPending}
      />
    </Modal>
  );
}
