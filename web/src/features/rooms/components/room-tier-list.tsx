import { memo, useLayoutEffect } from 'react';
import { DRAWN_PLACES, drawnPartLive } from '@/lib/drawn-parts';
import { useBookingFlow } from '@/entities/bookings/booking-flow';
import { roomsLeft } from '@/entities/rooms/availability';
import type { RoomInventoryRow } from '@/entities/rooms/get-room-inventory';
import type { RoomTier } from '@/entities/rooms/get-rooms';
import { RoomTierCard } from './room-tier-card';

/**
 * The landing page's room cards (room-tiers-section.tsx), a chunk of its own fetched as the rooms
 * are asked for. Memoized on the section's deferred values.
 */
export const RoomTierList = memo(function RoomTierList({
  rooms,
  inventory,
}: {
  rooms: readonly RoomTier[];
  inventory: readonly RoomInventoryRow[] | undefined;
}) {
  const flow = useBookingFlow();
  // In the frame these cards appear, the ones the page drew before the app are taken away (in the
  // same place, the same markup), and a tap on one of those is given to its copy here.
  useLayoutEffect(() => {
    document.getElementById(DRAWN_PLACES.rooms[0])?.replaceChildren();
    drawnPartLive('rooms'); // (and the page draws none after this)
  }, []);
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
