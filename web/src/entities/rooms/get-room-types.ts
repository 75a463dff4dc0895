import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { roomKeys } from './room-keys';
import { roomsQueryOptions } from './get-rooms';

/**
 * GET /api/room-types: the hotel's active room types, its own data (names and descriptions in
 * both languages, occupancy limits, bed types and smoking options offered, points, low-stock
 * marks, prices), in the hotel's order.
 */
export function getRoomTypes() {
  return readJson(() => api['room-types'].$get({ query: {} }));
}

export type RoomTypeEntry = Awaited<ReturnType<typeof getRoomTypes>>[number];

/**
 * Kept in the persisted query cache like the catalogue (GET /api/rooms), so a phone offline still
 * knows the types it saw. Asked again each time the phone is back online, fresh or not: a type the
 * hotel added while the phone was offline appears then.
 */
export const roomTypesQueryOptions = () =>
  queryOptions({
    queryKey: roomKeys.types(),
    queryFn: getRoomTypes,
    staleTime: 5 * 60_000,
    refetchOnReconnect: 'always',
  });

export function useRoomTypes() {
  return useQuery(roomTypesQueryOptions());
}

/**
 * GET /api/room-types?all=1: every type the hotel has had, retired ones too (each with `active`),
 * for naming what was booked; the landing and the booking forms offer `getRoomTypes` only.
 */
export function getAllRoomTypes() {
  return readJson(() => api['room-types'].$get({ query: { all: '1' } }));
}

/** Persisted and asked again like the active types (a type retired or added meanwhile). */
export const allRoomTypesQueryOptions = () =>
  queryOptions({
    queryKey: roomKeys.allTypes(),
    queryFn: getAllRoomTypes,
    staleTime: 5 * 60_000,
    refetchOnReconnect: 'always',
  });

export function useAllRoomTypes() {
  return useQuery(allRoomTypesQueryOptions());
}

/** One type by its code (undefined while the types load, or for a code the hotel no longer sells). */
export function useRoomType(code: string | undefined): RoomTypeEntry | undefined {
  const types = useRoomTypes().data;
  // A phone that opened only the landing (offline since) has the catalogue, GET /api/rooms,
  // which carries each type's row too: its options and limits are known from it.
  const rooms = useQuery({ ...roomsQueryOptions(), enabled: false }).data;
  if (code === undefined) return undefined;
  const type = types?.find((t) => t.code === code);
  if (type) return type;
  const room = rooms?.find((r) => r.roomType === code);
  return room ? ({ ...room, lowestPriceBaisa: room.discountedPriceBaisa } as RoomTypeEntry) : undefined;
}
