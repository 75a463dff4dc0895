/**
 * reports: the manager reports (docs/decisions/078-books-on-hand.md and 079).
 *
 * Owns: the books on hand stored by each day close (table books_on_hand) and the reports read
 * from it and from the bookings: on the books ahead, pickup, pace; flash and production.
 * Offers: the admin routes the entry mounts at /api/admin/reports; the statements a close stores
 * its books with; the books by night and room type as the revenue forecast reads them (a close's
 * stored rooms, the rooms it saw stay, the live ones).
 * Never: writes a booking or a folio line; reads rows in proportion to history (each report reads
 * the nights and groups it shows).
 * Imports: catalog, companies, folio, inventory (the rooms for sale).
 */
export { reportsAdmin } from './routes/admin/reports';
export { booksOnHandStatements } from './books-on-hand';
// The books as the revenue forecast's curves take them (modules/revenue, docs/decisions/094).
export {
  liveRoomsByTypeQuery,
  storedCloseDatesQuery,
  storedCloseRangeQuery,
  storedRoomsByTypeQuery,
  stayedRoomsByTypeQuery,
} from './books-on-hand';
export { booksOnHandIntegrityChecks } from './books-integrity';
export { guestNightsStatements, tourismIntegrityChecks } from './tourism';
