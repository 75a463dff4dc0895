import { Trans, useLingui } from '@lingui/react/macro';
import { ROOM_TYPES, type RoomType } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import { formatCount } from '@/lib/format';
import type { RoomInventoryRow } from '@/entities/rooms/get-room-inventory';
import { numberedRooms, roomsLeft } from '@/entities/rooms/availability';
import { roomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';

/**
 * Spec section 2, room lists per type: the numbered rooms (silver 12, gold 10,
 * diamond 8, deluxe 5), each Available or Not Available, with Book Now for
 * that room.
 */
export function RoomList({
  inventory,
  onBook,
}: {
  inventory: RoomInventoryRow[] | undefined;
  onBook: (roomType: RoomType, roomNumber: number) => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  return (
    <Tabs>
      <TabList aria-label={t`Room types`}>
        {ROOM_TYPES.map((type) => (
          <Tab key={type} id={type}>
            {roomName(i18n, type)}
          </Tab>
        ))}
      </TabList>
      {ROOM_TYPES.map((type) => {
        const left = roomsLeft(inventory, type);
        return (
          <TabPanel key={type} id={type}>
            <ul
              className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5"
              data-testid={`room-list-${type}`}
            >
              {numberedRooms(type, left).map((room) => {
                const number = formatCount(room.number, language);
                return (
                  <li
                    key={room.number}
                    className="flex flex-col gap-2 rounded-xl border border-sand-200 bg-white p-3"
                  >
                    <div className="flex flex-wrap items-center justify-between gap-1">
                      <p className="font-bold text-slate-900">
                        <Trans>Room {number}</Trans>
                      </p>
                      <p
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold ${room.available ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-800'}`}
                      >
                        {room.available ? <Trans>Available</Trans> : <Trans>Not Available</Trans>}
                      </p>
                    </div>
                    <Button
                      variant={room.available ? 'primary' : 'secondary'}
                      className="px-3 py-2 text-sm"
                      aria-label={t`Book Now: ${roomName(i18n, type)}, room ${number}`}
                      onPress={() => onBook(type, room.number)}
                    >
                      <Trans>Book Now</Trans>
                    </Button>
                  </li>
                );
              })}
            </ul>
          </TabPanel>
        );
      })}
    </Tabs>
  );
}
