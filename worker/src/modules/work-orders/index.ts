/**
 * work-orders: faults reported in rooms and public areas, and the technicians' work on them
 * (docs/decisions/092-work-orders-and-lost-and-found.md).
 *
 * Owns: the work orders (tables.ts) and their photos in R2.
 * Offers: the routes the entry mounts; whether a room is out of service now (`outOfServiceRoomSql`,
 * `outOfServiceRoomsQuery`), for the desk's room assignment.
 * Never: hands out its table; writes a room's out-of-order period itself (the bookings module's
 * statements do, in the order's batch); sends a message.
 * Imports: bookings, inventory.
 */
export { workOrdersAdmin } from './routes/admin/work-orders';
export { outOfServiceRoomSql, outOfServiceRoomsQuery } from './work-orders';
