import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { housekeepingKeys } from './housekeeping-keys';

/** GET /api/admin/housekeeping (staff): the day's rooms by floor and the rooms to clean, in order. */
export function getHousekeepingBoard() {
  return readJson(api.admin.housekeeping.$get({ query: {} }));
}

export type HousekeepingBoard = Awaited<ReturnType<typeof getHousekeepingBoard>>;
export type HousekeepingRoom = HousekeepingBoard['floors'][number]['rooms'][number];

/**
 * Today's board (the hotel's day, chosen by the server), polled every 5 s while the screen is
 * visible: the server answers 304 while no room or booking changed, and the persisted cache keeps
 * the board readable on a floor without Wi-Fi.
 */
export const housekeepingBoardQueryOptions = () =>
  queryOptions({
    queryKey: housekeepingKeys.day('today'),
    queryFn: getHousekeepingBoard,
    refetchInterval: 5_000,
    refetchIntervalInBackground: false,
    staleTime: 5_000,
  });

export function useHousekeepingBoard() {
  return useQuery(housekeepingBoardQueryOptions());
}
