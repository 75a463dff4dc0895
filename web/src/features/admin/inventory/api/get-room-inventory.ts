import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../../../../shared/src/constants';
import { api, readJson } from '../../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';

/** GET /api/room-inventory: per room type, the allotment (totalCount), tonight's availableCount and the cap. */
export function getRoomInventory() {
  return readJson(api['room-inventory'].$get({ query: {} }));
}

export type RoomInventoryRow = Awaited<ReturnType<typeof getRoomInventory>>[number];

/** Spec: inventories are polled every 30 s. */
export const roomInventoryQueryOptions = () =>
  queryOptions({
    queryKey: inventoryKeys.rooms(),
    queryFn: getRoomInventory,
    refetchInterval: TIMING.inventoryPoll,
    staleTime: TIMING.inventoryPoll,
  });

export function useRoomInventory() {
  return useQuery(roomInventoryQueryOptions());
}
