import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

/** Query keys of the hotel's room types as the back office reads them. */
export const adminRoomTypeKeys = {
  all: ['admin', 'room-types'] as const,
  list: () => [...adminRoomTypeKeys.all, 'list'] as const,
};

/**
 * GET /api/admin/room-types: every room type, retired ones too, in the hotel's order, each with
 * its photos and how many bookings of it are still to come.
 */
export async function getAdminRoomTypes() {
  return (await readJson(api.admin['room-types'].$get())).roomTypes;
}
export type AdminRoomType = Awaited<ReturnType<typeof getAdminRoomTypes>>[number];

export const adminRoomTypesQueryOptions = () =>
  queryOptions({ queryKey: adminRoomTypeKeys.list(), queryFn: getAdminRoomTypes, staleTime: 30_000 });

export function useAdminRoomTypes() {
  return useQuery(adminRoomTypesQueryOptions());
}
