/**
 * front-desk: the desk's day (docs/decisions/048-worker-modules.md).
 *
 * Owns: check-in, check-out and no-shows, room assignment and suggestion, the tape chart,
 * housekeeping, stay requests and stay reversals; its table (tables.ts: stay requests). The
 * bookings, rooms and room nights it works on are the bookings module's, which reads and writes
 * them for it (the day's and the chart's reads, a stay's room assignment and check-in, what a
 * check-out stamps, a stay request's stay), and the group blocks' holds on the chart are
 * modules/groups' (`blockHoldsQuery`): the desk names no table of theirs.
 * Offers: the routes the entry mounts; its part of a guest's data (`frontDeskGuestData`: the stay
 * requests of their bookings, for modules/privacy).
 * Never: hands out its tables; is imported by another module but privacy (only the entry mounts
 * its routes); posts to the folio but through the folio's door.
 * Imports: bookings, catalog, companies, extras, folio, groups, guests, inventory, loyalty, work-orders.
 */
export { housekeepingRoutes } from './routes/admin/housekeeping';
export { roomAssignmentRoutes } from './routes/admin/room-assignments';
export { roomsAdmin } from './routes/admin/rooms';
export { stayRequestsAdmin } from './routes/admin/stay-requests';
export { tapeChartRoutes } from './routes/admin/tape-chart';
export { bookingDeskRoutes, frontDeskRoutes } from './routes/booking-desk';
export { bookingRoomRoutes } from './routes/booking-rooms';
export { stayReversalRoutes } from './routes/stay-reversals';
export { stayRequestRoutes } from './routes/stay-requests';
// Its part of a guest's export and erasure (modules/privacy).
export { frontDeskGuestData } from './guest-data';
