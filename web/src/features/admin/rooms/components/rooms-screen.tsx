import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, Suspense, useState } from 'react';
import type { RoomStatus } from '@shared/constants';
import { addDays } from '@shared/dates';
import { Button, LinkButton } from '@/components/ui/button';
import { lazy } from '@/lib/lazy';
import { DateRangePicker } from '@/components/ui/date-range-picker';
import { Modal } from '@/components/ui/dialog';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { LoadError } from '@/components/load-error';
import { useAdminRoomTypes } from '@/entities/admin/room-types/get-admin-room-types';
import { codesInTypeOrder } from '@/entities/admin/room-types/room-type-names';
import { roomTypeName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { ApiRequestError, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatCount, formatDate } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { type AdminRoom, useCreateRoom, useRooms, useUpdateRoom } from '../api/rooms';

// A room's history of work orders: a chunk of its own, loaded when opened.
const RoomWorkOrdersDialog = lazy(() => import('./room-work-orders-dialog'));

/**
 * /admin/rooms (admins): the hotel's numbered rooms grouped by type (the hotel's room types, in
 * their order: every type sold, and a retired one while it still has rooms). Add a
 * room, renumber it, move it to another floor, retire it, and put it out of order for some
 * nights with a reason (or end that). Every rule is the server's (PUT /api/admin/rooms/:id); its
 * refusals are shown in the user's language.
 */
export function RoomsScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const rooms = useRooms();
  const types = useAdminRoomTypes();
  const [editing, setEditing] = useState<AdminRoom | null>(null);
  const [blocking, setBlocking] = useState<AdminRoom | null>(null);
  const [history, setHistory] = useState<AdminRoom | null>(null);

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-teal-800">
          <Trans>Rooms</Trans>
        </h1>
        <LinkButton href="/admin" variant="secondary">
          <Trans>Back to the admin dashboard</Trans>
        </LinkButton>
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="flex flex-col gap-6">
          {rooms.isPending ? (
            <p role="status" className="text-slate-700">
              <Trans>Loading rooms…</Trans>
            </p>
          ) : rooms.isError ? (
            <LoadError onRetry={() => void rooms.refetch()}>
              {errorMessage(rooms.error, t`The rooms could not be loaded.`)}
            </LoadError>
          ) : (
            codesInTypeOrder(types.data, [
              ...(types.data ?? []).filter((type) => type.active).map((type) => type.code),
              ...rooms.data.rooms.map((room) => room.roomType),
            ]).map((type) => {
              const ofType = rooms.data.rooms.filter((r) => r.roomType === type);
              const count = formatCount(ofType.length, language);
              return (
                <section
                  key={type}
                  aria-labelledby={`rooms-${type}`}
                  className="flex flex-col gap-3"
                  data-testid={`admin-rooms-${type}`}
                >
                  <h2 id={`rooms-${type}`} className="text-xl font-bold text-slate-900">
                    {roomTypeName(types.data, type, language)}{' '}
                    <span className="text-base font-normal text-slate-700">({count})</span>
                  </h2>
                  <ul className="grid gap-2 sm:grid-cols-2">
                    {ofType.map((room) => (
                      <RoomRow
                        key={room.id}
                        room={room}
                        onEdit={() => setEditing(room)}
                        onOutOfOrder={() => setBlocking(room)}
                        onHistory={() => setHistory(room)}
                      />
                    ))}
                  </ul>
                </section>
              );
            })
          )}
        </div>
        <AddRoomForm />
      </div>

      <EditRoomModal room={editing} onClose={() => setEditing(null)} />
      <OutOfOrderModal room={blocking} today={rooms.data?.today} onClose={() => setBlocking(null)} />
      {history ? (
        <Suspense fallback={null}>
          <RoomWorkOrdersDialog room={history} onClose={() => setHistory(null)} />
        </Suspense>
      ) : null}
    </main>
  );
}

function StatusBadge({ status }: { status: RoomStatus }) {
  const styles: Record<RoomStatus, string> = {
    clean: 'bg-emerald-100 text-emerald-900',
    inspected: 'bg-teal-100 text-teal-900',
    dirty: 'bg-amber-100 text-amber-900',
    out_of_order: 'bg-red-100 text-red-800',
  };
  const words: Record<RoomStatus, ReactNode> = {
    clean: <Trans>Clean</Trans>,
    inspected: <Trans>Inspected</Trans>,
    dirty: <Trans>Dirty</Trans>,
    out_of_order: <Trans>Out of order</Trans>,
  };
  return (
    <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${styles[status]}`}>
      {words[status]}
    </span>
  );
}

function RoomRow({
  room,
  onEdit,
  onOutOfOrder,
  onHistory,
}: {
  room: AdminRoom;
  onEdit: () => void;
  onOutOfOrder: () => void;
  onHistory: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const update = useUpdateRoom();
  const number = formatRoomNumber(room.number, language);
  const floor = formatCount(room.floor, language);

  function endPeriod(id: number) {
    update.mutate(
      { id: room.id, endOutOfOrder: id },
      {
        onSuccess: (result) => showToast({ variant: 'success', title: result.message }),
        onError: (error) =>
          showToast({
            variant: 'error',
            title: t`The change was not saved`,
            description: errorMessage(error, t`Please try again.`),
          }),
      },
    );
  }

  return (
    <li
      className="flex flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
      data-testid={`admin-room-${room.number}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-bold text-slate-900">
          <Trans>Room {number}</Trans>
          <span className="ms-2 text-sm font-normal text-slate-700">
            <Trans>Floor {floor}</Trans>
          </span>
        </p>
        <StatusBadge status={room.status} />
      </div>
      {room.notes ? <p className="text-sm text-slate-700">{room.notes}</p> : null}
      {room.outOfOrder.length > 0 && (
        <ul className="flex flex-col gap-1">
          {room.outOfOrder.map((period) => {
            const from = formatDate(period.from, language);
            const last = formatDate(addDays(period.to, -1), language);
            return (
              <li
                key={period.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-900"
              >
                <span>
                  <Trans>
                    Out of order {from} – {last}: <bdi>{period.reason}</bdi>
                  </Trans>
                </span>
                <Button
                  variant="secondary"
                  className="px-3 py-1.5 text-sm"
                  isPending={update.isPending && update.variables?.endOutOfOrder === period.id}
                  onPress={() => endPeriod(period.id)}
                >
                  {/* The name starts with the visible word (axe: label-content-name-mismatch). */}
                  <Trans>End</Trans>
                  <span className="sr-only"> · {t`Room ${number}`}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="px-3 py-2 text-sm" onPress={onEdit}>
          <Trans>Edit</Trans>
          <span className="sr-only"> · {t`Room ${number}`}</span>
        </Button>
        <Button variant="secondary" className="px-3 py-2 text-sm" onPress={onOutOfOrder}>
          <Trans>Out of order</Trans>
          <span className="sr-only"> · {t`Room ${number}`}</span>
        </Button>
        <Button variant="secondary" className="px-3 py-2 text-sm" onPress={onHistory}>
          <Trans>Work orders</Trans>
          <span className="sr-only"> · {t`Room ${number}`}</span>
        </Button>
      </div>
    </li>
  );
}

function AddRoomForm() {
  const { t } = useLingui();
  const language = useLanguage();
  const create = useCreateRoom();
  const sold = (useAdminRoomTypes().data ?? []).filter((type) => type.active);
  const [number, setNumber] = useState('');
  // The first type sold until the admin chooses one.
  const [chosen, setRoomType] = useState<string | null>(null);
  const roomType = chosen ?? sold[0]?.code ?? '';
  const [floor, setFloor] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.mutate(
      { number, roomType, floor: floor.trim() === '' ? 0 : floor },
      {
        onSuccess: (result) => {
          setNumber('');
          setFloor('');
          setErrors({});
          showToast({ variant: 'success', title: result.message });
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error));
          showToast({
            variant: 'error',
            title: t`The room was not added`,
            description: errorMessage(error, t`Please try again.`),
          });
        },
      },
    );
  }

  return (
    <section
      aria-labelledby="add-room-heading"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
    >
      <h2 id="add-room-heading" className="text-xl font-bold text-slate-900">
        <Trans>Add a room</Trans>
      </h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="add-room-form">
        <TextField
          label={t`Room number`}
          value={number}
          onChange={setNumber}
          inputDir="ltr"
          isRequired
          isInvalid={!!errors.number}
          errorMessage={errors.number}
        />
        <Select
          label={t`Room type`}
          selectedKey={roomType || null}
          onSelectionChange={(key) => setRoomType(String(key))}
          isInvalid={!!errors.roomType}
          errorMessage={errors.roomType}
        >
          {sold.map((type) => (
            <SelectItem key={type.code} id={type.code}>
              {roomTypeName(sold, type.code, language)}
            </SelectItem>
          ))}
        </Select>
        <TextField
          label={t`Floor`}
          value={floor}
          onChange={setFloor}
          inputMode="numeric"
          isInvalid={!!errors.floor}
          errorMessage={errors.floor}
        />
        <Button type="submit" isPending={create.isPending} className="w-full">
          <Trans>Add room</Trans>
        </Button>
      </form>
    </section>
  );
}

function EditRoomModal({ room, onClose }: { room: AdminRoom | null; onClose: () => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const update = useUpdateRoom();
  const [shown, setShown] = useState(room);
  const [values, setValues] = useState({ number: '', floor: '', notes: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmRetire, setConfirmRetire] = useState(false);
  if (room && room !== shown) {
    setShown(room);
    setValues({ number: room.number, floor: String(room.floor), notes: room.notes ?? '' });
    setErrors({});
    setConfirmRetire(false);
  }

  const saved = (result: { message: string }) => {
    showToast({ variant: 'success', title: result.message });
    onClose();
  };
  const refused = (error: unknown) => {
    const fields = fieldErrorsOf(error);
    // A number another room has is the number field's fault.
    if (error instanceof ApiRequestError && error.body?.error.code === 'room_number_taken')
      fields.number = error.body.error.message;
    setErrors(fields);
    showToast({
      variant: 'error',
      title: t`The change was not saved`,
      description: errorMessage(error, t`Please try again.`),
    });
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!shown) return;
    update.mutate(
      { id: shown.id, number: values.number, floor: values.floor, notes: values.notes },
      { onSuccess: saved, onError: refused },
    );
  }

  function retire() {
    if (!shown) return;
    if (!confirmRetire) return setConfirmRetire(true);
    update.mutate({ id: shown.id, retired: true }, { onSuccess: saved, onError: refused });
  }

  const number = formatRoomNumber(shown?.number ?? '', language);
  return (
    <Modal
      title={t`Edit room ${number}`}
      size="sm"
      isOpen={room !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="edit-room-form">
        <TextField
          label={t`Room number`}
          value={values.number}
          onChange={(number) => setValues((v) => ({ ...v, number }))}
          inputDir="ltr"
          isRequired
          isInvalid={!!errors.number}
          errorMessage={errors.number}
        />
        <TextField
          label={t`Floor`}
          value={values.floor}
          onChange={(floor) => setValues((v) => ({ ...v, floor }))}
          inputMode="numeric"
          isInvalid={!!errors.floor}
          errorMessage={errors.floor}
        />
        <TextField
          label={t`Notes`}
          value={values.notes}
          onChange={(notes) => setValues((v) => ({ ...v, notes }))}
          multiline
          rows={2}
          isInvalid={!!errors.notes}
          errorMessage={errors.notes}
        />
        {confirmRetire && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-900">
            <Trans>
              Retire this room? It leaves the lists and its number is free for a new room. Press Retire again
              to confirm.
            </Trans>
          </p>
        )}
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="danger" onPress={retire} isDisabled={update.isPending} data-testid="retire-room">
            <Trans>Retire</Trans>
          </Button>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onPress={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" isPending={update.isPending}>
              <Trans>Save</Trans>
            </Button>
          </div>
        </div>
      </form>
    </Modal>
  );
}

function OutOfOrderModal({
  room,
  today,
  onClose,
}: {
  room: AdminRoom | null;
  today: string | undefined;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const update = useUpdateRoom();
  const [shown, setShown] = useState(room);
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (room && room !== shown) {
    setShown(room);
    setRange(null);
    setReason('');
    setErrors({});
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!shown) return;
    if (!range) return setErrors({ outOfOrderTo: t`Choose the nights the room is out of order` });
    update.mutate(
      // The picker names the last night; the period ends the morning after it.
      { id: shown.id, outOfOrderFrom: range.from, outOfOrderTo: addDays(range.to, 1), reason },
      {
        onSuccess: (result) => {
          showToast({ variant: 'success', title: result.message });
          onClose();
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error));
          showToast({
            variant: 'error',
            title: t`The change was not saved`,
            description: errorMessage(error, t`Please try again.`),
          });
        },
      },
    );
  }

  const number = formatRoomNumber(shown?.number ?? '', language);
  const dateError = errors.outOfOrderTo ?? errors.outOfOrderFrom;
  return (
    <Modal
      title={t`Room ${number} out of order`}
      size="sm"
      isOpen={room !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="out-of-order-form">
        <DateRangePicker
          label={t`Nights out of order`}
          description={t`From the first night to the last night the room cannot be sold.`}
          value={range}
          onChange={setRange}
          minValue={today}
          maxValue={today ? addDays(today, 365) : undefined}
          errorMessage={dateError}
          isRequired
        />
        <TextField
          label={t`Reason`}
          value={reason}
          onChange={setReason}
          isRequired
          isInvalid={!!errors.reason}
          errorMessage={errors.reason}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isPending={update.isPending}>
            <Trans>Save</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
