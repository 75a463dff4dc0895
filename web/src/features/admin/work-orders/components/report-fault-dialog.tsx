import { Trans, useLingui } from '@lingui/react/macro';
import { BookingReference } from '@/components/booking-reference';
import { type FormEvent, useId, useState } from 'react';
import { addDays } from '@shared/dates';
import type { WorkOrderPriority, WorkOrderRoomState } from '@shared/work-order-schemas';
import { Button } from '@/components/ui/button';
import { DateRangePicker } from '@/components/ui/date-range-picker';
import { Modal } from '@/components/ui/dialog';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField, fieldLabelClass } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { ApiRequestError, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { type WorkOrderList, useReportWorkOrder } from '../api/work-orders';

type Stay = { reference: string; fullName: string; checkInDate: string; checkOutDate: string };

/** The stays a refusal named (409 `out_of_order_stays`): the nights they hold in the room. */
function staysOf(error: unknown): Stay[] {
  if (!(error instanceof ApiRequestError) || error.body?.error.code !== 'out_of_order_stays') return [];
  return ((error.body.error as { stays?: Stay[] }).stays ?? []).slice(0, 20);
}

const NO_ROOM = 'none';

/**
 * Reporting a fault (anyone on the staff): a room or a public area, what is wrong, a priority, a
 * photo; for a room, out of order for chosen nights or out of service until the work is done. The
 * default export, a lazy chunk of its own: loaded when someone opens it.
 */
export default function ReportFaultDialog({
  rooms,
  today,
  onClose,
}: {
  rooms: WorkOrderList['rooms'];
  today: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const report = useReportWorkOrder();
  const [roomId, setRoomId] = useState<string>(NO_ROOM);
  const [area, setArea] = useState('');
  const [note, setNote] = useState('');
  const [priority, setPriority] = useState<WorkOrderPriority>('normal');
  const [roomState, setRoomState] = useState<WorkOrderRoomState>('none');
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [photo, setPhoto] = useState<File | null>(null);
  const photoId = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stays, setStays] = useState<Stay[]>([]);
  const inRoom = roomId !== NO_ROOM;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outOfOrder = inRoom && roomState === 'out_of_order';
    if (outOfOrder && !range)
      return setErrors({ outOfOrderTo: t`Choose the nights the room is out of order` });
    report.mutate(
      {
        ...(inRoom ? { roomId: Number(roomId) } : { area }),
        note,
        priority,
        roomState: inRoom ? roomState : 'none',
        // The picker names the last night; the period ends the morning after it.
        ...(outOfOrder && range ? { outOfOrderFrom: range.from, outOfOrderTo: addDays(range.to, 1) } : {}),
        photo,
      },
      {
        onSuccess: (result) => {
          showToast({ variant: 'success', title: result.message });
          onClose();
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error));
          setStays(staysOf(error));
          showToast({
            variant: 'error',
            title: t`The fault was not reported`,
            description: errorMessage(error, t`Please try again.`),
          });
        },
      },
    );
  }

  return (
    <Modal isOpen size="md" title={t`Report a fault`} onOpenChange={(open) => !open && onClose()}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="report-fault-form">
        <Select
          label={t`Room`}
          selectedKey={roomId}
          onSelectionChange={(key) => setRoomId(String(key))}
          isInvalid={!!errors.roomId}
          errorMessage={errors.roomId}
        >
          <SelectItem id={NO_ROOM}>{t`No room: a public area`}</SelectItem>
          {rooms.map((room) => (
            <SelectItem key={room.id} id={String(room.id)} textValue={room.number}>
              {t`Room ${formatRoomNumber(room.number, language)}`}
            </SelectItem>
          ))}
        </Select>
        {!inRoom && (
          <TextField
            label={t`Where`}
            description={t`For example: lobby toilets, pool, second-floor corridor.`}
            value={area}
            onChange={setArea}
            isRequired
            isInvalid={!!errors.area}
            errorMessage={errors.area}
          />
        )}
        <TextField
          label={t`What is wrong`}
          value={note}
          onChange={setNote}
          multiline
          rows={3}
          isRequired
          isInvalid={!!errors.note}
          errorMessage={errors.note}
        />
        <RadioGroup
          label={t`Priority`}
          value={priority}
          onChange={(value) => setPriority(value as WorkOrderPriority)}
        >
          <RadioOption value="low">{t`Low`}</RadioOption>
          <RadioOption value="normal">{t`Normal`}</RadioOption>
          <RadioOption value="high">{t`High`}</RadioOption>
          <RadioOption value="urgent">{t`Urgent`}</RadioOption>
        </RadioGroup>
        {inRoom && (
          <RadioGroup
            label={t`The room meanwhile`}
            value={roomState}
            onChange={(value) => setRoomState(value as WorkOrderRoomState)}
            optionsClassName="flex flex-col gap-2"
          >
            <RadioOption value="none">{t`In use as usual`}</RadioOption>
            <RadioOption value="out_of_service">{t`Out of service: still sold, not given to arrivals`}</RadioOption>
            <RadioOption value="out_of_order">{t`Out of order: not sold on the nights chosen`}</RadioOption>
          </RadioGroup>
        )}
        {inRoom && roomState === 'out_of_order' && (
          <DateRangePicker
            label={t`Nights out of order`}
            description={t`From the first night to the last night the room cannot be sold.`}
            value={range}
            onChange={setRange}
            minValue={today}
            maxValue={addDays(today, 365)}
            errorMessage={errors.outOfOrderTo ?? errors.outOfOrderFrom}
            isRequired
          />
        )}
        {stays.length > 0 && (
          <div
            role="alert"
            className="rounded-xl bg-red-50 p-3 text-sm text-red-900"
            data-testid="holding-stays"
          >
            <p className="font-semibold">
              <Trans>These stays hold the room on some of those nights:</Trans>
            </p>
            <ul className="mt-1 list-disc ps-5">
              {stays.map((stay) => {
                const from = formatDate(stay.checkInDate, language);
                const to = formatDate(stay.checkOutDate, language);
                return (
                  <li key={stay.reference}>
                    <bdi>{stay.fullName}</bdi> · <BookingReference reference={stay.reference} /> · {from} –{' '}
                    {to}
                  </li>
                );
              })}
            </ul>
          </div>
        )}
        <div className="flex flex-col gap-1.5">
          <label htmlFor={photoId} className={fieldLabelClass}>
            {t`Photo`}
          </label>
          <input
            id={photoId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/avif"
            capture="environment"
            data-testid="fault-photo"
            className="text-sm text-slate-800 file:me-3 file:min-h-11 file:rounded-xl file:border file:border-slate-400 file:bg-white file:px-3 file:text-base"
            onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isPending={report.isPending}>
            <Trans>Report</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
