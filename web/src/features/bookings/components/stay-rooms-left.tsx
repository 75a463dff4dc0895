import { Trans } from '@lingui/react/macro';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { stockLevel } from '@/entities/rooms/availability';
import { useRoomType } from '@/entities/rooms/get-room-types';
import { roomsOfTypeLeftForDates, roomsOfTypeLeftTonight } from '@/lib/counts';
import { useLanguage } from '@/hooks/use-language';

const stockText: Record<'red' | 'yellow' | 'ok', string> = {
  red: 'bg-red-100 text-red-800',
  yellow: 'bg-amber-100 text-amber-900',
  ok: 'bg-emerald-100 text-emerald-900',
};

/**
 * How many rooms of the type are left for the chosen dates (or tonight, before the dates make a
 * stay), coloured by how few.
 */
export function StayRoomsLeft({
  roomType,
  left,
  forDates,
}: {
  roomType: RoomTypeCode;
  left: number;
  forDates: boolean;
}) {
  const language = useLanguage();
  const marks = useRoomType(roomType)?.lowStock;
  return (
    <p
      className={`self-start rounded-full px-3 py-1 text-sm font-semibold ${stockText[stockLevel(marks, left)]}`}
      data-testid="stay-rooms-left"
    >
      {left > 0 ? (
        forDates ? (
          roomsOfTypeLeftForDates(left, language)
        ) : (
          roomsOfTypeLeftTonight(left, language)
        )
      ) : forDates ? (
        <Trans>No room of this type is left for these dates: choose other dates</Trans>
      ) : (
        <Trans>No room of this type is left tonight</Trans>
      )}
    </p>
  );
}
