import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../../../../shared/src/constants';
import { api, readJson } from '../../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';

/** GET /api/room-bed-inventory: single and double beds per room type. */
export function getBedInventory() {
  return readJson(api['room-bed-inventory'].$get({ query: {} }));
}

export type BedInventoryRow = Awaited<ReturnType<typeof getBedInventory>>[number];

export const bedInventoryQueryOptions = () =>
  queryOptions({
    queryKey: inventoryKeys.beds(),
    queryFn: getBedInventory,
    refetchInterval: TIMING.inventoryPoll,
    staleTime: TIMING.inventoryPoll,
  });

export function useBedInventory() {
  return useQuery(bedInventoryQueryOptions());
}
