import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../../../../shared/src/constants';
import { api, readJson } from '../../../../lib/api-client';
import { inventoryKeys } from './inventory-keys';

/** GET /api/room-smoking-inventory: smoking and non-smoking rooms per room type. */
export function getSmokingInventory() {
  return readJson(api['room-smoking-inventory'].$get({ query: {} }));
}

export type SmokingInventoryRow = Awaited<ReturnType<typeof getSmokingInventory>>[number];

export const smokingInventoryQueryOptions = () =>
  queryOptions({
    queryKey: inventoryKeys.smoking(),
    queryFn: getSmokingInventory,
    refetchInterval: TIMING.inventoryPoll,
    staleTime: TIMING.inventoryPoll,
  });

export function useSmokingInventory() {
  return useQuery(smokingInventoryQueryOptions());
}
