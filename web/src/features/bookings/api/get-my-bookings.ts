import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { bookingKeys } from '@/entities/bookings/booking-keys';

/** GET /api/booking-submissions: the signed-in guest's own bookings, newest first (401 signed out). */
export function getMyBookings() {
  return readJson(api['booking-submissions'].$get({ query: {} }));
}

export type MyBooking = Awaited<ReturnType<typeof getMyBookings>>[number];

/** Spec section 7: polled every 10 s, but not while the page is hidden. */
export const myBookingsQueryOptions = () =>
  queryOptions({
    queryKey: bookingKeys.mine(),
    queryFn: getMyBookings,
    refetchInterval: TIMING.bookingsPoll,
    refetchIntervalInBackground: false,
    staleTime: TIMING.bookingsPoll,
  });

export function useMyBookings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myBookingsQueryOptions(), enabled });
}
