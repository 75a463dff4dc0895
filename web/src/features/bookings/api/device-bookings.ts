import { useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { bookingKeys } from '@/entities/bookings/booking-keys';

/**
 * GET /api/bookings/on-this-device: the bookings this device made, looked up or opened from an
 * e-mail's link (until the end of each one's check-out day), newest stay first. Refreshed each
 * time the lookup page opens: a booking made a moment ago is in it.
 */
export function useDeviceBookings() {
  return useQuery({
    queryKey: bookingKeys.onThisDevice(),
    queryFn: async () => (await readJson(api.bookings['on-this-device'].$get())).bookings,
    refetchOnMount: 'always',
  });
}
