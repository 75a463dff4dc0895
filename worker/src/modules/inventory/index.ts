/**
 * inventory: what the hotel can sell and where a stay sleeps: the allotments, availability, the
 * numbered rooms and the nights they are taken (docs/decisions/048-worker-modules.md, "The inventory
 * apart").
 *
 * Owns: the sellable allotments per room type, bed type and smoking option (allotment-tables.ts)
 * and availability (the allotment less the holds on the busiest night); the numbered rooms (`hotel_rooms`: number, type, floor, housekeeping status, retirement),
 * the periods a room is out of order (`room_blocks`) and the room nights (`room_nights`: a room
 * taken on a night by a stay or a block); their tables (tables.ts; a room night's stay is named by
 * its SQL name through upper-keys.ts, importing nothing of bookings).
 * Offers: its routes, one sub-app per resource the entry mounts each by its prefix (`inventoryRoutes`: the allotments and
 * the booking calendar); availability per type, bed and smoking type and night; the allotments'
 * statements for the room types admin's batch and their totals; the port through which the stays'
 * and group blocks' holds are counted (`installHolds`, filled by modules/bookings and modules/groups); the rooms' admin (list, create, change, retire, out of order: the desk's rooms screen) and
 * a room out of order in another module's batch (`roomOutOfOrder`, a work order's); the reads of
 * the rooms and their nights (in service, in use, held, free, a type's, a check-in's); the
 * statements a stay's room needs in the caller's batch under the caller's guard (its nights taken,
 * given back, the room left to clean, its housekeeping status) and the conditions and scalars a
 * caller's statement asks of a room; the room nights joined with the caller's stays, its table given
 * (`roomNightsWithHoldersQuery`); the rooms for sale as the day close and the reports count them
 * (the allotment and a night's rooms out of order as scalars, the out-of-order periods as a read).
 * Never: hands out its tables; names a stay's or a hold's table (bookings, above it, joins its
 * stays to the nights and fills the holds port's stays; groups fills its blocks'); imports a module but the catalogue (a room's type
 * is one of the hotel's) and rates (the calendar's prices).
 * Imports: catalog, rates.
 */

// Its routes, each mounted by its own prefix in the entry (worker/src/index.ts).
export { inventoryRoutes } from './routes/mount';
// Availability (the assistant, the channel's values, a group's block, bookings' room list and quote).
export {
  bedAvailability,
  nightlyAvailability,
  roomAvailability,
  smokingAvailability,
  windowOrTonight,
} from './availability';
// The allotments in the room types admin's batch, and their totals for a stay's alternatives.
export {
  allotmentTotalsQueries,
  allotmentTouchedStatement,
  newTypeAllotmentStatements,
  typeAllotmentStatements,
} from './allotments';
// The holds counted against the allotments: the port modules/bookings and modules/groups fill and
// the entry installs.
export { installHolds, type HoldMatch, type HoldsPort } from './holds-port';

// The desk's rooms screen (/api/admin/rooms, modules/front-desk), a check-in's rooms, the guest's
// numbered-room booking (modules/bookings: its check and its nights), a room's number.
export {
  checkInRoomsQuery,
  checkNumberedRoom,
  createRoom,
  listRooms,
  numberedRoomNightsStatement,
  roomNumberOf,
  updateRoom,
} from './hotel-rooms';
// A room out of order in another module's batch (a work order's), and back.
export { roomOutOfOrder } from './room-out-of-order';
// The rooms and their nights as the desk's board, tape chart and suggestion read them.
export {
  activeRoomsQuery,
  heldRoomNightsQuery,
  roomNightsWithHoldersQuery,
  roomsInServiceQuery,
  stayIdsInRoomSql,
} from './room-night-reads';
// What a stay's room asks of the rooms: reads, conditions and statements for the caller's batch.
export {
  blockedNightsQuery,
  freeRoomsQuery,
  holdRoomNightsStatement,
  holdsRoomNightSql,
  hotelRoomsQuery,
  releaseRoomNightsStatement,
  roomFieldSql,
  roomNightsOfRoomsQuery,
  roomQuery,
  roomReadySql,
  roomStatusStatement,
  roomTakenQueries,
  roomToCleanStatement,
} from './stay-rooms';

// The rooms for sale as the day close and the reports count them (modules/folio, modules/reports),
// and each type's (modules/revenue).
export {
  outOfOrderPeriodsQuery,
  roomTypeAllotmentsQuery,
  roomsAllottedSql,
  roomsOutOfOrderSql,
} from './rooms-for-sale';

// Row types other modules read.
export { type HotelRoom } from './tables';
