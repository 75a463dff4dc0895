import { bookingSubmissionsAdmin } from './admin/booking-submissions';
import { bookingsCsvRoutes } from './admin/bookings';
import { roomTypesAdmin } from './admin/room-types';
import { bookingCheckInRoutes } from './booking-check-in';
import { bookings } from './booking-submissions';
import { manageBookingRoutes } from './bookings';
import { quoteRoutes } from './quote';

/**
 * The bookings module's routes, one sub-app per resource, which the entry mounts each by its own
 * prefix (worker/src/index.ts), so the entry reads which module serves which path: the quote
 * (/quote), the booking requests (/booking-submissions) and their online check-in (the same
 * resource's /:id/online-check-in and /:id/id-document), a guest's own booking (/bookings), and
 * the admin's room types (/admin/room-types), bookings CSV (/admin/bookings.csv) and booking list
 * (/admin/booking-submissions). /booking-submissions and /bookings are shared: the front desk's,
 * the folio's, the payments' and the messaging's routes of those resources are mounted after
 * these.
 *
 * @example api.route('/quote', bookingsRoutes.quote);
 */
export const bookingsRoutes = {
  quote: quoteRoutes,
  bookingSubmissions: bookings,
  onlineCheckIn: bookingCheckInRoutes,
  bookings: manageBookingRoutes,
  roomTypesAdmin,
  bookingsCsv: bookingsCsvRoutes,
  bookingSubmissionsAdmin,
} as const;
