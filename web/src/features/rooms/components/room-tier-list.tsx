import { memo } from 'react';
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
