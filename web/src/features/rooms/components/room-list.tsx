import { Trans, useLingui } from '@lingui/react/macro';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { Button } from '@/components/ui/button';
import { Tab, TabList, TabPanel, Tabs } from '@/components/ui/tabs';
import type { ChosenRoom } from '@/entities/bookings/booking-flow';
import type { RoomInventoryRow } from '@/entities/rooms/get-room-inventory';
import { type ListedRoom, useRoomList } from '@/entities/rooms/get-room-list';
import { roomsLeft } from '@/entities/rooms/availability';
import { useRoomName } from '@/entities/rooms/room-names';
import { useRoomTypes } from '@/entities/rooms/get-room-types';
import { useLanguage } from '@/hooks/use-language';
import { formatCount } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';

/**
 * Spec section 2, room lists per type: the hotel's numbered rooms of each type (GET
 * /api/room-list), how many can be booked tonight ("Available (n)", the card's rooms left), each
 * Available or Not Available tonight, with Book Now for an available room.
 * The booking then asks for that room for the guest's dates (decision 047).
 */
export function RoomList({
  inventory,
  onBook,
}: {
  inventory: RoomInventoryRow[] | undefined;
  onBook: (roomType: RoomTypeCode, room: ChosenRoom) => void;
}) {
  const { t } = useLingui();
  const roomName = useRoomName();
  // The hotel's room types, in its order (GET /api/room-types).
  const types = useRoomTypes();
  if (!types.data)
    return types.isError ? (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
        <Trans>The rooms could not be loaded. Check your connection and try again.</Trans>
      </p>
    ) : (
      <p role="status" className="text-slate-700">
        <Trans>Loading rooms…</Trans>
      </p>
    );
  const codes = types.data.map((type) => type.code);
  return (
    <Tabs>
      <TabList aria-label={t`Room types`}>
        {codes.map((type) => (
          <Tab key={type} id={type}>
            {roomName(type)}
          </Tab>
        ))}
      </TabList>
      {codes.map((type) => (
        <TabPanel key={type} id={type}>
          <TypeRooms type={type} soldOut={roomsLeft(inventory, type) === 0} onBook={onBook} />
        </TabPanel>
      ))}
    </Tabs>
  );
}

/** One type's rooms (read when its tab is shown). */
function TypeRooms({
  type,
  soldOut,
  onBook,
}: {
  type: RoomTypeCode;
  soldOut: boolean;
  onBook: (roomType: RoomTypeCode, room: ChosenRoom) => void;
}) {
  const language = useLanguage();
  const list = useRoomList(type);
  if (list.isPending)
    return (
      <p role="status" className="text-slate-700">
        <Trans>Loading rooms…</Trans>
      </p>
    );
  if (list.isError)
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-4 text-red-800">
        <Trans>The rooms could not be loaded. Check your connection and try again.</Trans>
      </p>
    );
  // Spec: the list says how many of its rooms can be booked tonight, "Available (n)": the type's
  // rooms left, the same figure as its card (the server's availableCount), never more than the
  // rooms free. Bookings without a room of their own yet hold the type's count, so more rooms
  // may be free than can be sold: the list then says so.
  const free = list.data.rooms.filter((room) => room.available).length;
  const availableCount = soldOut ? 0 : Math.min(free, list.data.availableCount);
  const count = formatCount(availableCount, language);
  return (
    <div className="flex flex-col gap-2">
      <p
        className="font-semibold text-slate-800"
        data-testid={`room-list-available-${type}`}
        data-count={availableCount}
      >
        {availableCount > 0 ? <Trans>Available ({count})</Trans> : <Trans>Not Available</Trans>}
      </p>
      {availableCount > 0 && availableCount < free && (
        <p className="text-sm text-slate-700" data-testid={`room-list-any-${type}`}>
          {availableCount === 1 ? (
            <Trans>One of these free rooms can still be booked tonight: choose any.</Trans>
          ) : (
            <Trans>{count} of these free rooms can still be booked tonight: choose any.</Trans>
          )}
        </p>
      )}
      <RoomCards rooms={list.data.rooms} type={type} soldOut={availableCount === 0} onBook={onBook} />
    </div>
  );
}

/** The type's numbered rooms, each Available or Not Available, with Book Now for that room. */
function RoomCards({
  rooms,
  type,
  soldOut,
  onBook,
}: {
  rooms: ListedRoom[];
  type: RoomTypeCode;
  soldOut: boolean;
  onBook: (roomType: RoomTypeCode, room: ChosenRoom) => void;
}) {
  const { t } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" data-testid={`room-list-${type}`}>
      {rooms.map((room) => {
        const number = formatRoomNumber(room.number, language);
        const available = room.available && !soldOut;
        return (
          <li
            key={room.id}
            className="flex flex-col gap-2 rounded-xl border border-sand-200 bg-white p-3"
            data-testid={`room-list-room-${room.number}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-1">
              <p className="font-bold text-slate-900">
                <Trans>Room {number}</Trans>
              </p>
              <p
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${available ? 'bg-emerald-100 text-emerald-900' : 'bg-red-100 text-red-800'}`}
              >
                {available ? <Trans>Available</Trans> : <Trans>Not Available</Trans>}
              </p>
            </div>
            {/* Book Now only for a room that can be booked tonight (spec: "Available (n) or Not Available with Book Now"). */}
            {available && (
              <Button
                variant="primary"
                className="px-3 py-2 text-sm"
                aria-label={t`Book Now: ${roomName(type)}, room ${number}`}
                onPress={() => onBook(type, { id: room.id, number: room.number })}
              >
                <Trans>Book Now</Trans>
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
