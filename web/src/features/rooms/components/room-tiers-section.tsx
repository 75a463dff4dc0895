import { useLingui } from '@lingui/react/macro';
import { memo, useDeferredValue } from 'react';
import { useBookingFlow } from '@/entities/bookings/booking-flow';
import { roomsLeft } from '@/entities/rooms/availability';
import { type RoomInventoryRow, useRoomInventory } from '@/entities/rooms/get-room-inventory';
import { type RoomTier, useRooms } from '@/entities/rooms/get-rooms';
import { RoomTierCard } from './room-tier-card';
import { LoadError } from '@/components/load-error';

/**
 * The landing page's room types (the hotel's, in its order): prices from the API, rooms left tonight, and Book Now.
 * Memoized: the landing page renders again when the browser turns idle or the address changes,
 * and the cards need not.
 */
export const RoomTiersSection = memo(function RoomTiersSection() {
  const { t } = useLingui();
  const rooms = useRooms();
  const inventory = useRoomInventory();
  // The cards render in a background (sliced) render once the data arrives, not in one long
  // task that would hold up a tap on the page (Lighthouse's total blocking time). The list is
  // memoized on the deferred values, so the urgent render each answer causes (the inventory's
  // after the rooms') does not render the cards again with the old values first.
  const roomList = useDeferredValue(rooms.data);
  const inventoryData = useDeferredValue(inventory.data);
  return (
    <section aria-labelledby="rooms-heading" className="flex flex-col gap-4">
      <h2 id="rooms-heading" className="text-2xl font-bold text-teal-800">
        {t`Our rooms`}
      </h2>
      {!roomList && !rooms.isError && (
        <p role="status" className="text-slate-700">
          {t`Loading rooms…`}
        </p>
      )}
      {rooms.isError && (
        <LoadError onRetry={() => void rooms.refetch()}>
          {t`The rooms could not be loaded. Check your connection and try again.`}
        </LoadError>
      )}
      {roomList && <RoomTierList rooms={roomList} inventory={inventoryData} />}
    </section>
  );
});

const RoomTierList = memo(function RoomTierList({
  rooms,
  inventory,
}: {
  rooms: readonly RoomTier[];
  inventory: readonly RoomInventoryRow[] | undefined;
}) {
  const flow = useBookingFlow();
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {/* A type the hotel retired is not sold: not shown (the catalogue lists every type). */}
      {rooms
        .filter((room) => room.available !== false)
        .map((room, position) => (
          <RoomTierCard
            key={room.roomType}
            room={room}
            position={position}
            roomsLeft={roomsLeft(inventory, room.roomType)}
            onBook={() => flow.bookRoom(room.roomType)}
          />
        ))}
    </div>
  );
});
