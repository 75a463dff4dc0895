import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOTEL, TIMING } from '../../../../../../shared/src/constants';
import { api, readJson } from '../../../../lib/api-client';
import { adminBookingKeys } from '../../../../entities/admin/bookings/booking-keys';

/** GET /api/notifications/:phone (staff). Spec section 7: the panel reads those of a fixed hotel phone. */
export function getEventNotifications(phone: string = HOTEL.phone) {
  return readJson(api.notifications[':phone'].$get({ param: { phone } }));
}

export type EventNotification = Awaited<ReturnType<typeof getEventNotifications>>[number];

export const eventNotificationsQueryOptions = (phone: string = HOTEL.phone) =>
  queryOptions({
    queryKey: adminBookingKeys.notifications(phone),
    queryFn: () => getEventNotifications(phone),
    refetchInterval: TIMING.bookingsPoll,
    staleTime: TIMING.bookingsPoll,
  });

export function useEventNotifications(phone?: string) {
  return useQuery(eventNotificationsQueryOptions(phone));
}
