import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { useStayReversal, type StayReversal } from './stay-reversal-api';

/** The stay a manager is about to move back: what the dialog says about it. */
export type ReversibleStay = {
  id: number;
  fullName: string;
  checkInDate: string;
  checkOutDate: string;
  roomNumber: string | null;
  /** The departure an early check-out replaced, when known (the desk shows it). */
  bookedCheckOutDate?: string | null;
};

/**
 * Asks a manager to confirm an undo of a check-in or a check-out, or a reinstatement, saying what
 * it does; on a refusal (a room taken, a day gone by) the server's words stay in the dialog. The
 * default export, a lazy chunk of its own: loaded when a manager opens it.
 */
export default function StayReversalDialog({
  move,
  stay,
  onClose,
}: {
  move: StayReversal;
  stay: ReversibleStay;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const reversal = useStayReversal();
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = stay.fullName;
  const room = stay.roomNumber ? formatRoomNumber(stay.roomNumber, language) : null;
  const from = formatDate(stay.checkInDate, language);
  const to = formatDate(stay.checkOutDate, language);

  const title = {
    'undo-check-in': t`Undo check-in?`,
    'undo-check-out': t`Undo check-out?`,
    reinstate: t`Reinstate booking?`,
  }[move];
  const confirm = {
    'undo-check-in': t`Undo check-in`,
    'undo-check-out': t`Undo check-out`,
    reinstate: t`Reinstate`,
  }[move];

  function submit() {
    setRefusal(null);
    reversal.mutate(
      { move, id: stay.id },
      {
        onSuccess: (result) => {
          showToast({ variant: 'success', title: result.message });
          onClose();
        },
        onError: (error) => setRefusal(errorMessage(error, t`That did not work. Please try again.`)),
      },
    );
  }

  return (
    <Modal
      isOpen
      size="sm"
      title={title}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <div className="flex flex-col gap-2 text-slate-800" data-testid="stay-reversal-question">
        {move === 'undo-check-in' ? (
          <p>
            {room ? (
              <Trans>
                {name} is no longer checked in: the booking goes back to arriving on {from}, still in room{' '}
                <span translate="no" className="font-bold">
                  {room}
                </span>
                , and the room is no longer occupied.
              </Trans>
            ) : (
              <Trans>
                {name} is no longer checked in: the booking goes back to arriving on {from}.
              </Trans>
            )}
          </p>
        ) : null}
        {move === 'undo-check-out' ? (
          <>
            <p>
              <Trans>
                {name} is in house again, staying until{' '}
                {formatDate(stay.bookedCheckOutDate ?? stay.checkOutDate, language)}. The nights given up are
                held again and the room is occupied again.
              </Trans>
            </p>
            <p className="text-sm text-slate-700">
              <Trans>If someone has taken the room for one of those nights, nothing is changed.</Trans>
            </p>
          </>
        ) : null}
        {move === 'reinstate' ? (
          <>
            <p>
              <Trans>
                The booking of {name} from {from} to {to} is open again, as it was before it was cancelled.
                Its nights are held again and the guest is told.
              </Trans>
            </p>
            <p className="text-sm text-slate-700">
              <Trans>
                If a night is sold out, nothing is changed. If its room has been given to someone else,
                another room is assigned at check-in.
              </Trans>
            </p>
          </>
        ) : null}
        {refusal ? (
          <p
            role="alert"
            className="rounded-lg bg-red-50 p-2 font-semibold text-red-900"
            data-testid="stay-reversal-error"
          >
            {refusal}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={onClose}>
          <Trans>Not now</Trans>
        </Button>
        <Button isPending={reversal.isPending} onPress={submit} data-testid="stay-reversal-confirm">
          {confirm}
        </Button>
      </div>
    </Modal>
  );
}
