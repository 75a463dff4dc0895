import { useLingui } from '@lingui/react/macro';
import { ROOM_TYPES, type RoomType } from '@shared/constants';
import { roomNightBaisa } from '@shared/money';
import { formatRoomNumber } from '@/lib/format-room-number';
import type { ChosenRoom } from '@/entities/bookings/booking-flow';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { formatPrice } from '@/lib/format';
import { roomName } from '@/entities/rooms/room-names';
import { useOfferNightPrices } from '@/entities/offers/get-offers';
import { useLanguage } from '@/hooks/use-language';

/**
 * The booking form's room type: read-only for the room the guest chose (and its number, when
 * they chose a numbered room), or, on the quick-booking form, a choice with each type's "from"
 * price today (its room price; a plan or a night may differ: the quote says the stay's price).
 */
export function BookingRoomTypeField(
  props:
    | { fixed: { roomType: RoomType; room?: ChosenRoom } }
    | {
        fixed?: undefined;
        value: RoomType | undefined;
        onChange: (roomType: RoomType) => void;
        isInvalid: boolean;
        error: string | undefined;
      },
) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const offers = useOfferNightPrices();
  if (props.fixed) {
    const mode = props.fixed;
    return (
      <TextField
        label={t`Room type`}
        value={
          mode.room
            ? t`${roomName(i18n, mode.roomType)}, room ${formatRoomNumber(mode.room.number, language)}`
            : roomName(i18n, mode.roomType)
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
      onSelectionChange={(key) => props.onChange(key as RoomType)}
      isInvalid={props.isInvalid}
      errorMessage={props.error}
      isRequired
    >
      {ROOM_TYPES.map((type) => (
        <SelectItem key={type} id={type} textValue={roomName(i18n, type)}>
          {t`${roomName(i18n, type)} · from ${formatPrice(roomNightBaisa(type, offers), language)} a night`}
        </SelectItem>
      ))}
    </Select>
  );
}
