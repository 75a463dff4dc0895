import { Trans } from '@lingui/react/macro';
import { ROOM_TYPE_CODE, type RoomTypeCode } from '@shared/room-type-schemas';
import { Button } from '@/components/ui/button';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { formatDate } from '@/lib/format';
import { leftCount } from '@/lib/counts';

/** What the guest picked instead of a refused request: another room type or other dates. */
export type BookingChange = { roomType?: RoomTypeCode; checkInDate?: string; checkOutDate?: string };

export type Alternatives = {
  roomTypes: { roomType: RoomTypeCode; availableCount: number }[];
  dates: { checkInDate: string; checkOutDate: string }[];
};

/**
 * The `alternatives` of a refusal for want of rooms (409 no_*_available; server:
 * modules/bookings/booking-alternatives.ts `bookingAlternatives`), from an error body `{ error: { alternatives } }`,
 * checked (a body kept on the device may come from an older server).
 */
export function alternativesOf(body: unknown): Alternatives {
  const raw = (body as { error?: { alternatives?: Partial<Alternatives> } } | null)?.error?.alternatives;
  const dateOk = (d: unknown): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d);
  return {
    roomTypes: Array.isArray(raw?.roomTypes)
      ? raw.roomTypes.filter(
          (r) =>
            typeof r?.roomType === 'string' &&
            ROOM_TYPE_CODE.test(r.roomType) &&
            typeof r.availableCount === 'number',
        )
      : [],
    dates: Array.isArray(raw?.dates)
      ? raw.dates.filter((d) => dateOk(d?.checkInDate) && dateOk(d?.checkOutDate))
      : [],
  };
}

export const hasAlternatives = (a: Alternatives) => a.roomTypes.length > 0 || a.dates.length > 0;

/**
 * The server's suggestions after a sold-out refusal: other room types free on the
 * guest's dates, and the same room on the nearest free dates; each is a button.
 * Used by the booking form's refusal and by the outbox's (a request sent later).
 */
export function BookingAlternatives({
  alternatives,
  roomType,
  onPick,
}: {
  alternatives: Alternatives;
  /** The refused request's room type. */
  roomType: RoomTypeCode;
  onPick: (change: BookingChange) => void;
}) {
  const roomName = useRoomName();
  const language = useLanguage();
  const room = roomName(roomType);
  return (
    <>
      {alternatives.roomTypes.length > 0 && (
        <section aria-labelledby="alternative-rooms-heading" className="flex flex-col gap-2">
          <h3 id="alternative-rooms-heading" className="font-bold text-teal-800">
            <Trans>Free on your dates</Trans>
          </h3>
          <ul className="flex flex-col gap-2">
            {alternatives.roomTypes.map((r) => (
              <li key={r.roomType}>
                <Button
                  variant="secondary"
                  className="w-full justify-between"
                  onPress={() => onPick({ roomType: r.roomType })}
                  data-testid="alternative-room"
                >
                  <span className="flex w-full items-center justify-between gap-2">
                    <span>{roomName(r.roomType)}</span>
                    <span className="text-sm font-normal">{leftCount(r.availableCount, language)}</span>
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {alternatives.dates.length > 0 && (
        <section aria-labelledby="alternative-dates-heading" className="flex flex-col gap-2">
          <h3 id="alternative-dates-heading" className="font-bold text-teal-800">
            <Trans>The {room} is free on these dates</Trans>
          </h3>
          <ul className="flex flex-col gap-2">
            {alternatives.dates.map((d) => (
              <li key={d.checkInDate}>
                <Button
                  variant="secondary"
                  className="w-full"
                  onPress={() => onPick({ checkInDate: d.checkInDate, checkOutDate: d.checkOutDate })}
                  data-testid="alternative-dates"
                >
                  {formatDate(d.checkInDate, language)} – {formatDate(d.checkOutDate, language)}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {alternatives.roomTypes.length === 0 && alternatives.dates.length === 0 && (
        <p className="text-slate-800">
          <Trans>Nothing close is free. Please choose other dates, or call the hotel.</Trans>
        </p>
      )}
    </>
  );
}
