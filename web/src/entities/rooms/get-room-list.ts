import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { api, readJson } from '@/lib/api-client';
import { roomKeys } from './room-keys';

/** GET /api/room-list?roomType=: the hotel's numbered rooms of a type, each free tonight or not. */
export function getRoomList(roomType: RoomTypeCode) {
  return readJson(() => api['room-list'].$get({ query: { roomType } }));
}

export type ListedRoom = Awaited<ReturnType<typeof getRoomList>>['rooms'][number];

/** Polled like tonight's counts (spec section 7). */
export const roomListQueryOptions = (roomType: RoomTypeCode) =>
  queryOptions({
    queryKey: roomKeys.roomList(roomType),
    queryFn: () => getRoomList(roomType),
    refetchInterval: TIMING.inventoryPoll,
    staleTime: TIMING.inventoryPoll,
  });

export function useRoomList(roomType: RoomTypeCode) {
  return useQuery(roomListQueryOptions(roomType));
}
