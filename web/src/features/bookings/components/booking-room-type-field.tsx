import { useLingui } from '@lingui/react/macro';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { typeNightBaisa } from '@shared/money';
import { formatRoomNumber } from '@/lib/format-room-number';
import type { ChosenRoom } from '@/entities/bookings/booking-flow';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { formatPrice } from '@/lib/format';
import { useRoomName } from '@/entities/rooms/room-names';
import { useRoomTypes } from '@/entities/rooms/get-room-types';
import { useOfferNightPrices } from '@/entities/offers/get-offers';
import { useLanguage } from '@/hooks/use-language';

/**
 * The booking form's room type: read-only for the room the guest chose (and its number, when
 * they chose a numbered room), or, on the quick-booking form, a choice with each type's "from"
 * price today (its room price; a plan or a night may differ: the quote says the stay's price).
 */
export function BookingRoomTypeField(
  props:
    | { fixed: { roomType: RoomTypeCode; room?: ChosenRoom } }
    | {
        fixed?: undefined;
        value: RoomTypeCode | undefined;
        onChange: (roomType: RoomTypeCode) => void;
        isInvalid: boolean;
        error: string | undefined;
      },
) {
  const { t } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const offers = useOfferNightPrices();
  const types = useRoomTypes().data ?? [];
  if (props.fixed) {
    const mode = props.fixed;
    return (
      <TextField
        label={t`Room type`}
        value={
          mode.room
            ? t`${roomName(mode.roomType)}, room ${formatRoomNumber(mode.room.number, language)}`
            : roomName(mode.roomType)
        }
        isReadOnly
      />
    );
  }
  return (
    <Select
      label={t`Room type`}
      placeholder={t`Choose a room type`}
      selectedKey={props.value ?? null}
      onSelectionChange={(key) => props.onChange(key as RoomTypeCode)}
      isInvalid={props.isInvalid}
      errorMessage={props.error}
      isRequired
    >
      {types.map((type) => (
        <SelectItem key={type.code} id={type.code} textValue={roomName(type.code)}>
          {t`${roomName(type.code)} · from ${formatPrice(typeNightBaisa(type, offers), language)} a night`}
        </SelectItem>
      ))}
    </Select>
  );
}
