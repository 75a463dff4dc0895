import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { roomKeys } from './room-keys';

/** GET /api/rooms: every room type (retired ones with `available` false) with prices (baisa), features, descriptions and low-stock marks. */
export function getRooms() {
  return readJson(() => api.rooms.$get());
}

export type RoomTier = Awaited<ReturnType<typeof getRooms>>[number];

export const roomsQueryOptions = () =>
  queryOptions({ queryKey: roomKeys.list(), queryFn: getRooms, staleTime: 5 * 60_000 });

export function useRooms() {
  return useQuery(roomsQueryOptions());
}
