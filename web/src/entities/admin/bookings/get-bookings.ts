import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { adminBookingKeys } from './booking-keys';

/** GET /api/booking-submissions (staff): every booking, newest first, in the listed shape. */
export function getBookings() {
  return readJson(api['booking-submissions'].$get({ query: {} }));
}

export type AdminBooking = Awaited<ReturnType<typeof getBookings>>[number];

/**
 * Spec: the bookings list is polled every 10 s. TanStack Query pauses the
 * interval while the tab is hidden (refetchIntervalInBackground is false), and
 * the persisted cache keeps the last list readable offline (DESIGN.md).
 */
export const bookingsQueryOptions = () =>
  queryOptions({
    queryKey: adminBookingKeys.list(),
    queryFn: getBookings,
    refetchInterval: TIMING.bookingsPoll,
    refetchIntervalInBackground: false,
    staleTime: TIMING.bookingsPoll,
  });

export function useBookings() {
  return useQuery(bookingsQueryOptions());
}
