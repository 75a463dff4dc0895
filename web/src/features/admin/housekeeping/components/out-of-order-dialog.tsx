import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { addDays } from '@shared/dates';
import { FRONT_DESK_RULES } from '@shared/front-desk-schemas';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Modal } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatRoomNumber } from '@/lib/format-room-number';
import type { HousekeepingRoom } from '../api/get-housekeeping-board';
import { useSetOutOfOrder } from '../api/update-room';

/**
 * "Out of order…": a reason and the days (the first day out of order, and the day it is back in
 * service: the API's exclusive end). The dates are typed in the language's digits or picked; the
 * server's refusal (e.g. every room of the type is booked on one of the nights) is shown here, in
 * the user's language.
 */
export function OutOfOrderDialog({
  room,
  today,
  onClose,
}: {
  room: HousekeepingRoom | null;
  today: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const number = room ? formatRoomNumber(room.number, language) : '';
  return (
    <Modal
      isOpen={room !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={room ? t`Room ${number} out of order` : ''}
      size="sm"
    >
      {room ? <OutOfOrderForm room={room} today={today} onDone={onClose} /> : null}
    </Modal>
  );
}

function OutOfOrderForm({
  room,
  today,
  onDone,
}: {
  room: HousekeepingRoom;
  today: string;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const save = useSetOutOfOrder();
  const [reason, setReason] = useState('');
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDays(today, 1));
  const [tried, setTried] = useState(false);
  const fields = fieldErrorsOf(save.error);
  const missingReason = tried && reason.trim() === '' ? t`Say why the room is out of order.` : undefined;
  const badDates =
    tried && (!from || !to || to <= from)
      ? t`The room must be back in service after the first day.`
      : undefined;
  const number = formatRoomNumber(room.number, language);

  const submit = () => {
    setTried(true);
    if (reason.trim() === '' || !from || !to || to <= from) return;
    save.mutate(
      { roomId: room.id, from, to, reason: reason.trim() },
      {
        onSuccess: () => {
          showToast({ variant: 'success', title: t`Room ${number} is out of order` });
          onDone();
        },
      },
    );
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <TextField
        label={t`Reason`}
        value={reason}
        onChange={setReason}
        maxLength={FRONT_DESK_RULES.reasonMax}
        isRequired
        isInvalid={!!(missingReason ?? fields.reason)}
        errorMessage={missingReason ?? fields.reason}
        data-testid="out-of-order-reason"
      />
      <DatePicker
        label={t`First day out of order`}
        value={from}
        onChange={setFrom}
        minValue={today}
        isRequired
        errorMessage={fields.outOfOrderFrom}
      />
      <DatePicker
        label={t`Back in service on`}
        value={to}
        onChange={setTo}
        minValue={from ? addDays(from, 1) : today}
        isRequired
        errorMessage={badDates ?? fields.outOfOrderTo}
      />
      {save.isError ? (
        <p role="alert" data-testid="out-of-order-error" className="rounded-xl bg-red-50 p-3 text-red-800">
          {errorMessage(save.error, t`Check your connection and try again.`)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" isPending={save.isPending} data-testid="out-of-order-save">
          <Trans>Put out of order</Trans>
        </Button>
        <Button variant="secondary" onPress={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
