import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { api, readJson } from '@/lib/api-client';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';

/**
 * GET /api/notifications/:phone (staff). Spec section 7: the panel reads those of the
 * hotel's phone, which is the contact phone of the site settings.
 */
export function getEventNotifications(phone: string) {
  return readJson(api.notifications[':phone'].$get({ param: { phone } }));
}

export type EventNotification = Awaited<ReturnType<typeof getEventNotifications>>[number];

export const eventNotificationsQueryOptions = (phone: string) =>
  queryOptions({
    queryKey: adminBookingKeys.notifications(phone),
    queryFn: () => getEventNotifications(phone),
    refetchInterval: TIMING.bookingsPoll,
    staleTime: TIMING.bookingsPoll,
  });

export function useEventNotifications() {
  const phone = useSiteSettings().data?.contactPhone ?? '';
  return useQuery({ ...eventNotificationsQueryOptions(phone), enabled: phone !== '' });
}
