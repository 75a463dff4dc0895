import { Hono } from 'hono';
import type { AppEnv } from '../../../platform/env';
import { bookingSubmissionsAdmin } from './admin/booking-submissions';
import { bookingsCsvRoutes } from './admin/bookings';
import { roomTypesAdmin } from './admin/room-types';
import { bookingCheckInRoutes } from './booking-check-in';
import { bookings } from './booking-submissions';
import { manageBookingRoutes } from './bookings';
import { quoteRoutes } from './quote';
import { inventoryRoutes } from '../../inventory';

/**
 * Every route of the bookings module under its own prefix, the entry mounting them at once on
 * /api (worker/src/index.ts): the inventory's routes (allotments, availability, the numbered rooms'
 * list: modules/inventory `inventoryRoutes`), the quote, the booking requests and their online check-in, a guest's own booking, and the admin's
 * room types, bookings CSV and booking list. Each prefix is this module's alone but
 * /booking-submissions and /bookings, where the front desk's, the folio's, the payments' and the
 * messaging's routes follow these (the entry mounts them after this one).
 */
export const bookingsRoutes = new Hono<AppEnv>()
  // The inventory's allotments, availability and room list (modules/inventory), at their paths as before.
  .route('/', inventoryRoutes)
  .route('/quote', quoteRoutes)
  .route('/booking-submissions', bookings)
  // Online check-in: the same resource's /:id/online-check-in and /:id/id-document.
  .route('/booking-submissions', bookingCheckInRoutes)
  .route('/bookings', manageBookingRoutes)
  .route('/admin/room-types', roomTypesAdmin)
  .route('/admin/bookings.csv', bookingsCsvRoutes)
  .route('/admin/booking-submissions', bookingSubmissionsAdmin);
