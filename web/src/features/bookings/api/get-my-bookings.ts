import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { bookingKeys } from '@/entities/bookings/booking-keys';
import { refetchIfRestored } from '@/lib/refetch-if-restored';

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
    // A reloaded page asks again at once: the status saved on the device (shown meanwhile) may be
    // one staff have changed since.
    refetchOnMount: refetchIfRestored,
  });

export function useMyBookings({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myBookingsQueryOptions(), enabled });
}
