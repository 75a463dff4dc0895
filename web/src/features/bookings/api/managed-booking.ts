import { queryOptions, useQuery } from '@tanstack/react-query';
import { isBookingReference, normalizeBookingReference } from '@shared/booking-reference';
import { TIMING } from '@shared/constants';
import { ApiRequestError, api, readJson } from '@/lib/api-client';
import { bookingKeys } from '@/entities/bookings/booking-keys';
import { refetchIfRestored } from '@/lib/refetch-if-restored';

/**
 * GET /api/bookings/:reference: a booking as its page `/booking/<reference>` shows it,
 * for its account or a device it was granted to (a lookup or an e-mail's signed link); 404
 * otherwise, as for an unknown reference.
 */
export function getManagedBooking(reference: string) {
  return readJson(api.bookings[':reference'].$get({ param: { reference } }));
}

/** The answer: the booking and whether this device (not only the account) may see it. */
export type ManagedBookingAnswer = Awaited<ReturnType<typeof getManagedBooking>>;

/**
 * A booking as its page shows it: the listed booking (its ID number masked), what the guest may do
 * now (`policy`, shared/src/stay-policy.ts) and the hotel's policy text in both languages.
 */
export type ManagedBooking = ManagedBookingAnswer['booking'];

/**
 * The booking's page, or null when neither this account nor this device may see it (the grant
 * ran out, or it never had one): the page then offers the lookup. Kept in the persisted cache, so
 * a page opened before opens offline; a device's grant outlives a logout (entities/session/logout.ts).
 */
export const managedBookingQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: bookingKeys.managed(reference),
    queryFn: async (): Promise<ManagedBookingAnswer | null> => {
      try {
        return await getManagedBooking(reference);
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
    // Staff decide while the guest looks: polled like My bookings, not while the page is hidden.
    refetchInterval: TIMING.bookingsPoll,
    refetchIntervalInBackground: false,
    staleTime: TIMING.bookingsPoll,
    // A reloaded page asks again at once: the status saved on the device (shown meanwhile) may be
    // one staff have changed since.
    refetchOnMount: refetchIfRestored,
  });

export function useManagedBooking(reference: string) {
  return useQuery(managedBookingQueryOptions(reference));
}

/** The reference as typed in the page's address (`/booking/<typed>`), decoded when it can be. */
export function typedReference(param: string | undefined): string {
  if (!param) return '';
  try {
    return decodeURIComponent(param);
  } catch {
    return param;
  }
}

/**
 * What `/booking/<reference>` shows first, started with its code (app/more-routes.tsx): the booking,
 * unless the address names none or carries an e-mail's signed link (`?t=`, exchanged first).
 */
export function bookingPageFirstQueries(param: string | undefined, search: URLSearchParams) {
  const reference = normalizeBookingReference(typedReference(param));
  return isBookingReference(reference) && !search.get('t') ? [managedBookingQueryOptions(reference)] : [];
}
