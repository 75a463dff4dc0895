import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { roomKeys, type StayWindow } from './room-keys';

/** GET /api/room-smoking-inventory[?from&to]: smoking and non-smoking rooms left per room type. */
export function getSmokingInventory(stay?: StayWindow) {
  return readJson(api['room-smoking-inventory'].$get({ query: stay ?? {} }));
}

export type SmokingInventoryRow = Awaited<ReturnType<typeof getSmokingInventory>>[number];

/**
 * Spec section 7: every 3 s and stale after 2 s on the booking form (pass the
 * stay), every 30 s elsewhere (tonight). A stay's answers are dropped soon
 * after the form closes, so the persisted cache does not collect old windows.
 */
export const smokingInventoryQueryOptions = (stay?: StayWindow) =>
  queryOptions({
    queryKey: roomKeys.smokingInventory(stay),
    queryFn: () => getSmokingInventory(stay),
    refetchInterval: stay ? TIMING.bookingFormInventoryPoll : TIMING.inventoryPoll,
    staleTime: stay ? TIMING.bookingFormInventoryStale : TIMING.inventoryPoll,
    ...(stay && { gcTime: 60_000 }),
  });

export function useSmokingInventory(stay?: StayWindow) {
  return useQuery(smokingInventoryQueryOptions(stay));
}

/**
 * Tonight's smoking rooms per type with a retired type's rows too (GET /api/room-smoking-inventory?all=1; guests'
 * screens leave them out): the staff's inventory screen, polled like tonight's counts.
 */
export const staffSmokingInventoryQueryOptions = () =>
  queryOptions({
    queryKey: roomKeys.staffInventory('smoking'),
    queryFn: () => readJson(api['room-smoking-inventory'].$get({ query: { all: '1' } })),
    refetchInterval: TIMING.inventoryPoll,
    staleTime: TIMING.inventoryPoll,
  });

export function useStaffSmokingInventory() {
  return useQuery(staffSmokingInventoryQueryOptions());
}
