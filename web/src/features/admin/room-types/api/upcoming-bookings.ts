import { useQuery } from '@tanstack/react-query';
import { adminRoomTypeKeys } from '@/entities/admin/room-types/get-admin-room-types';
import { api, readJson } from '@/lib/api-client';

/**
 * GET /api/admin/room-types/:code/bookings (admins): the type's bookings still to come, the next
 * 20 by arrival (reference, dates, guest) and how many in all (`more`: those not listed).
 */
export function getUpcomingBookings(code: string) {
  return readJson(api.admin['room-types'][':code'].bookings.$get({ param: { code } }));
}
export type UpcomingBookings = Awaited<ReturnType<typeof getUpcomingBookings>>;

/** Read when the retire dialog opens for a type with bookings to come, fresh each time; not kept. */
export function useUpcomingBookings(code: string | null) {
  return useQuery({
    queryKey: [...adminRoomTypeKeys.all, 'upcoming', code] as const,
    queryFn: () => getUpcomingBookings(code!),
    enabled: code !== null,
    staleTime: 0,
    gcTime: 0,
    meta: { persist: false },
  });
}
