import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';
import { api, readJson } from '@/lib/api-client';

/** The desk's filters: statuses of a tab, stays over a date range, the search, and where the page starts. */
export type BookingPageQuery = {
  statuses: readonly string[];
  from?: string;
  to?: string;
  q?: string;
  cursor?: string;
};

/** Rows per page of the desk's list. */
export const BOOKING_PAGE_SIZE = 25;

/**
 * GET /api/booking-submissions with the desk's filters: one page, newest first (`limit`, keyset
 * `cursor`), read along an index on the server, so a page costs the same however long the
 * history. Asks one row more than it shows, to know whether a next page exists.
 */
export function getBookingPage({ statuses, from, to, q, cursor }: BookingPageQuery) {
  return readJson(
    api['booking-submissions'].$get({
      query: {
        status: statuses.join(','),
        limit: String(BOOKING_PAGE_SIZE + 1),
        ...(from && { from }),
        ...(to && { to }),
        ...(q && { q }),
        ...(cursor && { cursor }),
      },
    }),
  );
}

export const bookingPageQueryOptions = (query: BookingPageQuery) =>
  queryOptions({
    queryKey: [...adminBookingKeys.all, 'page', query] as const,
    queryFn: () => getBookingPage(query),
    // Spec: the bookings list is polled every 10 s (paused while the tab is hidden).
    refetchInterval: TIMING.bookingsPoll,
    refetchIntervalInBackground: false,
    staleTime: TIMING.bookingsPoll,
    // A new filter or page keeps the rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export function useBookingPage(query: BookingPageQuery) {
  return useQuery(bookingPageQueryOptions(query));
}
