/**
 * front-desk: the desk's day (docs/decisions/048-worker-modules.md).
 *
 * Owns: check-in, check-out and no-shows, room assignment and suggestion, the tape chart,
 * housekeeping, stay requests and stay reversals; its table (tables.ts: stay requests). The
 * bookings, rooms and room nights it works on are the bookings module's.
 * Offers: routes only, mounted by the entry.
 * Never: hands out its tables; is imported by another module (only the entry mounts it; privacy's
 * export still reads its table, a recorded exception of .dependency-cruiser.cjs); posts to the
 * folio but through the folio's door.
 * Imports: bookings, catalog, companies, folio, guests, loyalty.
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
