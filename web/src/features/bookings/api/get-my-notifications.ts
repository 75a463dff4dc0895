import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { bookingKeys } from '@/entities/bookings/booking-keys';

/**
 * GET /api/notifications/mine: the signed-in guest's notifications (those of
 * the phones on their bookings), newest first, titles in Arabic and English.
 */
export function getMyNotifications() {
  return readJson(api.notifications.mine.$get());
}

export type MyNotification = Awaited<ReturnType<typeof getMyNotifications>>[number];

/** Refreshed with the bookings (a status change writes a notification), while the page is visible. */
export const myNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: bookingKeys.notifications(),
    queryFn: getMyNotifications,
    refetchInterval: TIMING.bookingsPoll,
    refetchIntervalInBackground: false,
    staleTime: TIMING.bookingsPoll,
  });

export function useMyNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myNotificationsQueryOptions(), enabled });
}
