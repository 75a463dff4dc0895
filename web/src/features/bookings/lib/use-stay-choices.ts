import { type BedType, type SmokingType } from '@shared/constants';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { addDays, hotelToday } from '@shared/dates';
import { useBedInventory } from '@/entities/rooms/get-bed-inventory';
import { useRoomInventory } from '@/entities/rooms/get-room-inventory';
import { useSmokingInventory } from '@/entities/rooms/get-smoking-inventory';
import { availableChoices, bedCounts, roomsLeft, smokingCounts } from '@/entities/rooms/availability';
import { roomTypeOptions } from '@/entities/rooms/room-type-options';
import { useRoomType } from '@/entities/rooms/get-room-types';
import { useSoldOutNightOf } from '@/entities/availability/get-availability';
import { useOnline } from '@/lib/use-online';
import { type BookingDraft } from './booking-draft';
import { stayWindow } from './live-price';

/** An option offered for the stay; `count` null: not known (offline, or the check failed). */
export type StayChoice<Value> = { value: Value; count: number | null };

/**
 * What the booking form may offer for the draft's stay, from the live counts (polled every 3 s):
 * the bed types and smoking options with rooms left, the rooms of the type left, the first
 * sold-out night of the stay, and the guest's choices that still stand.
 */
export function useStayChoices(roomType: RoomTypeCode | undefined, draft: BookingDraft) {
  const today = hotelToday();
  const stay = stayWindow(draft.checkInDate, draft.checkOutDate);
  // Until the dates make a stay, the counts are tonight's; polled as often either way.
  const asked = stay ?? { from: today, to: addDays(today, 1) };
  const rooms = useRoomInventory(asked);
  const beds = useBedInventory(asked);
  const smoking = useSmokingInventory(asked);

  // Counts that cannot be known (offline, or the check failed, for dates never looked up): every
  // option the room type has is offered, and the server checks the stay when the request reaches it.
  const online = useOnline();
  const bedsUnknown = !!roomType && !beds.data && (beds.isError || !online);
  const smokingUnknown = !!roomType && !smoking.data && (smoking.isError || !online);
  const options = roomTypeOptions(useRoomType(roomType));
  const bedChoices: StayChoice<BedType>[] = !roomType
    ? []
    : bedsUnknown
      ? options.beds.map((value) => ({ value, count: null }))
      : availableChoices(bedCounts(beds.data, roomType));
  const smokingChoices: StayChoice<SmokingType>[] = !roomType
    ? []
    : smokingUnknown
      ? options.smoking.map((value) => ({ value, count: null }))
      : availableChoices(smokingCounts(smoking.data, roomType));
  // A choice whose count fell to 0 is no longer offered; it counts as not chosen (and comes back with the count).
  // While the counts for newly chosen dates are still on their way, the guest's choice stands (the
  // server checks it anyway): a quick Confirm must not say "choose a bed type" beside a ticked one.
  // A single option offered is the guest's (one bed type, one smoking option): shown ticked and
  // sent, never a "please select" beside the only choice there is.
  const bedType =
    onlyChoice(bedChoices) ??
    (!beds.data || bedChoices.some((c) => c.value === draft.bedType) ? draft.bedType : undefined);
  const smokingPreference =
    onlyChoice(smokingChoices) ??
    (!smoking.data || smokingChoices.some((c) => c.value === draft.smokingPreference)
      ? draft.smokingPreference
      : undefined);
  const left = roomType ? roomsLeft(rooms.data, roomType) : undefined;
  const soldOutNight = useSoldOutNightOf(roomType, stay ?? null);

  return {
    today,
    stay,
    online,
    bedsUnknown,
    smokingUnknown,
    bedChoices,
    smokingChoices,
    bedType,
    smokingPreference,
    left,
    soldOutNight,
    bedsPending: beds.isPending,
    smokingPending: smoking.isPending,
  };
}

/** The one option offered, when there is exactly one. */
function onlyChoice<Value>(choices: StayChoice<Value>[]): Value | undefined {
  return choices.length === 1 ? choices[0]!.value : undefined;
}
