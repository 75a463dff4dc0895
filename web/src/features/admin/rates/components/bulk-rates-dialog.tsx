import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { addDays, hotelToday } from '@shared/dates';
import { RATE_VALUE_FIELDS } from '@shared/rate-schemas';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { DatePicker } from '@/components/ui/date-picker';
import { Modal } from '@/components/ui/dialog';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { weekdayName, weekdaysInOrder } from '../lib/calendar';
import { initialRateForm } from '../lib/rate-form';
import { useSaveRates } from '../lib/use-save-rates';
import { RateFields } from './rate-fields';

const ALL_WEEKDAYS = ['0', '1', '2', '3', '4', '5', '6'];

/**
 * The bulk edit (managers): a range of nights (the last one included), the weekdays among them
 * ("every Thursday and Friday from 1 December to 31 March"), the room types, and the prices and
 * restrictions to set or clear; what is left empty stays as it is. The default export, a lazy
 * chunk.
 */
export default function BulkRatesDialog({
  ratePlan,
  planLabel,
  roomTypes,
  from: firstShown,
  to: lastShown,
  extraGuestUnset,
  onClose,
}: {
  ratePlan: string;
  planLabel: string;
  /** What each further guest pays on nights with no extra-guest price of their own, in words. */
  extraGuestUnset: string;
  roomTypes: readonly RoomTypeCode[];
  from: string;
  to: string;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const yesterday = addDays(hotelToday(), -1);
  const [from, setFrom] = useState(firstShown < yesterday ? hotelToday() : firstShown);
  const [to, setTo] = useState(lastShown);
  const [weekdays, setWeekdays] = useState<string[]>(ALL_WEEKDAYS);
  const [types, setTypes] = useState<string[]>([...roomTypes]);
  const [initial] = useState(() => initialRateForm(null));
  const [values, setValues] = useState(initial);
  const { save, errors, isPending } = useSaveRates(onClose, [
    ...RATE_VALUE_FIELDS,
    'from',
    'to',
    'weekdays',
    'roomType',
  ]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save(
      {
        ratePlan,
        roomType: types,
        from,
        to,
        // Every day is the default: no weekdays sent.
        ...(weekdays.length < 7 && { weekdays: weekdays.map(Number).sort() }),
      },
      values,
      initial,
    );
  }

  return (
    <Modal title={t`Bulk edit: ${planLabel}`} size="lg" isOpen onOpenChange={(open) => !open && onClose()}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="bulk-rates-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <DatePicker
            label={t`First night`}
            value={from}
            onChange={setFrom}
            minValue={yesterday}
            isRequired
            errorMessage={errors.from}
          />
          <DatePicker
            label={t`Last night`}
            value={to}
            onChange={setTo}
            minValue={from || yesterday}
            isRequired
            errorMessage={errors.to}
          />
        </div>
        <CheckboxGroup
          label={t`On these weekdays`}
          value={weekdays}
          onChange={setWeekdays}
          isInvalid={!!errors.weekdays}
          errorMessage={errors.weekdays}
          optionsClassName="grid grid-cols-2 gap-x-4 sm:grid-cols-4"
        >
          {weekdaysInOrder(language).map((day) => (
            <Checkbox key={day} value={String(day)}>
              {weekdayName(day, language)}
            </Checkbox>
          ))}
        </CheckboxGroup>
        <CheckboxGroup
          label={t`Room types`}
          value={types}
          onChange={setTypes}
          isInvalid={!!errors.roomType}
          errorMessage={errors.roomType}
        >
          {roomTypes.map((type) => (
            <Checkbox key={type} value={type}>
              {roomName(type)}
            </Checkbox>
          ))}
        </CheckboxGroup>
        <RateFields
          values={values}
          onChange={setValues}
          errors={errors}
          bulk
          extraGuestUnset={extraGuestUnset}
        />
        {errors._ ? (
          <p role="alert" className="font-medium text-red-700">
            {errors._}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isPending={isPending}>
            <Trans>Save the nights</Trans>
          </Button>
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
