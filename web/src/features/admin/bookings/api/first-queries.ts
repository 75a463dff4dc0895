import { BOOKING_FILTERS } from '../lib/booking-decisions';
import { bookingCountsQueryOptions } from './get-booking-counts';
import { bookingPageQueryOptions } from './get-booking-page';

/**
 * What /admin/bookings shows first, started with its code (app/more-routes.tsx): the first page of
 * the pending tab, unfiltered (the screen's opening state: the same query key), and the tabs' counts.
 */
export const bookingsDeskFirstQueries = () => [
  bookingPageQueryOptions({ statuses: BOOKING_FILTERS.pending }),
  bookingCountsQueryOptions(),
];
