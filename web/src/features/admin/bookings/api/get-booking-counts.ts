import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';
import { api, readJson } from '@/lib/api-client';

/** GET /api/booking-submissions/counts (staff): how many bookings each status has (the tabs' badges). */
export function getBookingCounts() {
  return readJson(api['booking-submissions'].counts.$get());
}

export const bookingCountsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminBookingKeys.all, 'counts'] as const,
    queryFn: getBookingCounts,
    refetchInterval: TIMING.bookingsPoll,
    refetchIntervalInBackground: false,
    staleTime: TIMING.bookingsPoll,
  });

export function useBookingCounts() {
  return useQuery(bookingCountsQueryOptions());
}
