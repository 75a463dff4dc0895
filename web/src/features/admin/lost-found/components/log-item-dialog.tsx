import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Modal } from '@/components/ui/dialog';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField, fieldLabelClass } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatRoomNumber } from '@/lib/format-room-number';
import { useLogItem } from '../api/lost-found';

const NO_ROOM = 'none';

/**
 * Logging a found item (anyone on the staff, a housekeeper on the floors too): where, the room if it
 * was in one (the server then matches it to the stay that had the room), what it is, the day it was
 * found (today unless said), a photo. The default export, a lazy chunk of its own.
 */
export default function LogItemDialog({
  rooms,
  today,
  onClose,
}: {
  rooms: { id: number; number: string }[];
  today: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const log = useLogItem();
  const [roomId, setRoomId] = useState<string>(NO_ROOM);
  const [place, setPlace] = useState('');
  const [description, setDescription] = useState('');
  const [foundOn, setFoundOn] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const photoId = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    log.mutate(
      {
        place,
        description,
        ...(roomId === NO_ROOM ? {} : { roomId: Number(roomId) }),
        ...(foundOn.trim() ? { foundOn } : {}),
        photo,
      },
      {
        onSuccess: (result) => {
          showToast({ variant: 'success', title: result.message });
          onClose();
        },
        onError: (error) => {
          setErrors(fieldErrorsOf(error));
          showToast({
            variant: 'error',
            title: t`The item was not logged`,
            description: errorMessage(error, t`Please try again.`),
          });
        },
      },
    );
  }

  return (
    <Modal isOpen size="md" title={t`Log a found item`} onOpenChange={(open) => !open && onClose()}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="log-item-form">
        <TextField
          label={t`What was found`}
          value={description}
          onChange={setDescription}
          multiline
          rows={2}
          isRequired
          isInvalid={!!errors.description}
          errorMessage={errors.description}
        />
        <Select
          label={t`Room`}
          selectedKey={roomId}
          onSelectionChange={(key) => setRoomId(String(key))}
          isInvalid={!!errors.roomId}
          errorMessage={errors.roomId}
        >
          <SelectItem id={NO_ROOM}>{t`Not in a room`}</SelectItem>
          {rooms.map((room) => (
            <SelectItem key={room.id} id={String(room.id)} textValue={room.number}>
              {t`Room ${formatRoomNumber(room.number, language)}`}
            </SelectItem>
          ))}
        </Select>
        <TextField
          label={t`Where exactly`}
          description={t`For example: under the bed, wardrobe, pool side.`}
          value={place}
          onChange={setPlace}
          isRequired
          isInvalid={!!errors.place}
          errorMessage={errors.place}
        />
        <DatePicker
          label={t`Day found (if not today)`}
          value={foundOn}
          onChange={setFoundOn}
          maxValue={today}
          errorMessage={errors.foundOn}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={photoId} className={fieldLabelClass}>
            {t`Photo`}
          </label>
          <input
            id={photoId}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/avif"
            capture="environment"
            data-testid="item-photo"
            className="text-sm text-slate-800 file:me-3 file:min-h-11 file:rounded-xl file:border file:border-slate-400 file:bg-white file:px-3 file:text-base"
            onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isPending={log.isPending}>
            <Trans>Log the item</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
