import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { roomKeys, type StayWindow } from './room-keys';

/** GET /api/room-bed-inventory[?from&to]: single and double beds left per room type. */
export function getBedInventory(stay?: StayWindow) {
  return readJson(api['room-bed-inventory'].$get({ query: stay ?? {} }));
}

export type BedInventoryRow = Awaited<ReturnType<typeof getBedInventory>>[number];

/**
 * Spec section 7: every 3 s and stale after 2 s on the booking form (pass the
 * stay), every 30 s elsewhere (tonight). A stay's answers are dropped soon
 * after the form closes, so the persisted cache does not collect old windows.
 */
export const bedInventoryQueryOptions = (stay?: StayWindow) =>
  queryOptions({
    queryKey: roomKeys.bedInventory(stay),
    queryFn: () => getBedInventory(stay),
    refetchInterval: stay ? TIMING.bookingFormInventoryPoll : TIMING.inventoryPoll,
    staleTime: stay ? TIMING.bookingFormInventoryStale : TIMING.inventoryPoll,
    ...(stay && { gcTime: 60_000 }),
  });

export function useBedInventory(stay?: StayWindow) {
  return useQuery(bedInventoryQueryOptions(stay));
}

/**
 * Tonight's beds per type with a retired type's rows too (GET /api/room-bed-inventory?all=1; guests'
 * screens leave them out): the staff's inventory screen, polled like tonight's counts.
 */
export const staffBedInventoryQueryOptions = () =>
  queryOptions({
    queryKey: roomKeys.staffInventory('beds'),
    queryFn: () => readJson(api['room-bed-inventory'].$get({ query: { all: '1' } })),
    refetchInterval: TIMING.inventoryPoll,
    staleTime: TIMING.inventoryPoll,
  });

export function useStaffBedInventory() {
  return useQuery(staffBedInventoryQueryOptions());
}
