import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../../../shared/src/constants';
import { api, readJson } from '../../../lib/api-client';
import { roomKeys } from './room-keys';

/** GET /api/room-inventory: rooms left tonight per type (spec: polled every 30 s). */
export function getRoomInventory() {
  return readJson(api['room-inventory'].$get({ query: {} }));
}

export const roomInventoryQueryOptions = () =>
  queryOptions({
    queryKey: roomKeys.inventory(),
    queryFn: getRoomInventory,
    refetchInterval: TIMING.inventoryPoll,
    staleTime: TIMING.inventoryPoll,
  });

export function useRoomInventory() {
  return useQuery(roomInventoryQueryOptions());
}
