import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { hotelToday } from '@shared/dates';
import { formatDate } from '@/lib/format';
import { useLanguage } from '@/hooks/use-language';
import { availabilityQueryOptions } from './get-availability';
import { calendarNights, nextAvailableNight } from './stay-nights';

/**
 * Under a room card whose type is sold out tonight: the first night of the next two
 * months with a room of that type. A lazy chunk: only a sold-out card loads it and asks.
 */
export default function NextAvailable({ roomType }: { roomType: RoomTypeCode }) {
  const { t } = useLingui();
  const language = useLanguage();
  const today = hotelToday();
  const { data } = useQuery(availabilityQueryOptions(roomType, today));
  if (!data) return null;
  const next = nextAvailableNight(calendarNights(data.nights), today);
  return (
    <p className="text-sm font-semibold text-teal-800" data-testid="next-available">
      {next ? t`Next available: ${formatDate(next, language)}` : t`Fully booked for the next two months`}
    </p>
  );
}
