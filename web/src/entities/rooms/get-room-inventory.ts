import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@shared/start-constants';
import { api, readJson } from '@/lib/api-client';
import { roomKeys, type StayWindow } from './room-keys';

/** GET /api/room-inventory[?from&to]: rooms left per type, tonight or for a stay (its busiest night). */
export function getRoomInventory(stay?: StayWindow) {
  return readJson(() => api['room-inventory'].$get({ query: stay ?? {} }));
}

export type RoomInventoryRow = Awaited<ReturnType<typeof getRoomInventory>>[number];

/** Spec section 7: every 30 s for tonight; for a stay on the booking form, like its bed and smoking counts. */
export const roomInventoryQueryOptions = (stay?: StayWindow) =>
  queryOptions({
    queryKey: roomKeys.inventory(stay),
    queryFn: () => getRoomInventory(stay),
    refetchInterval: stay ? TIMING.bookingFormInventoryPoll : TIMING.inventoryPoll,
    staleTime: stay ? TIMING.bookingFormInventoryStale : TIMING.inventoryPoll,
    ...(stay && { gcTime: 60_000 }),
  });

export function useRoomInventory(stay?: StayWindow) {
  return useQuery(roomInventoryQueryOptions(stay));
}

/**
 * Tonight's rooms per type with a retired type's rows too (GET /api/room-inventory?all=1; guests'
 * screens leave them out): the staff's inventory screen, polled like tonight's counts.
 */
export const staffRoomInventoryQueryOptions = () =>
  queryOptions({
    queryKey: roomKeys.staffInventory('rooms'),
    queryFn: () => readJson(api['room-inventory'].$get({ query: { all: '1' } })),
    refetchInterval: TIMING.inventoryPoll,
    staleTime: TIMING.inventoryPoll,
  });

export function useStaffRoomInventory() {
  return useQuery(staffRoomInventoryQueryOptions());
}
