/**
 * bookings: a stay from its request to its end (docs/decisions/048-worker-modules.md).
 *
 * Owns: booking requests and their nights (the holds), which room a stay sleeps in (the
 * allotments, availability, the rooms and their nights are modules/inventory's: bookings asks its
 * door), the status rules, guests' changes, booking links and lookup, online check-in; their
 * tables (tables.ts, and guest-profile-tables.ts, declared here for its foreign key and used by
 * modules/guests).
 * Offers: its routes, one app the entry mounts (`bookingsRoutes`); finding a booking a caller may
 * see; making one; its status changes (functions, and statements for a caller's batch); the
 * holds the inventory counts against its allotments (`bookingHolds`, its port, installed by the
 * entry); a stay's room assignment; the front desk's reads of the day, the tape chart, the
 * housekeeping board's nights and a stay request's stay (the inventory's rooms and nights joined
 * with their stays); the port through which a stay's points move
 * (`installPointsLedger`, filled by modules/loyalty); its part of a guest's data; bookings' rows
 * for others' reads and joins; the row types others read.
 * Never: hands out its tables; imports a module but the catalogue, rates, the companies (the
 * accounts a stay is booked for) and the inventory (the rooms); posts to the folio,
 * takes a payment or sends a message itself (it raises events through platform/notify.ts, and
 * the folio and payments hook into its status changes).
 * Imports: catalog, companies, inventory, rates.
 */

// Its routes, mounted at once by the entry (worker/src/index.ts; routes/mount.ts), and reading the
// booking a guest's link or reference asks for (messaging's calendar file).
export { bookingsRoutes } from './routes/mount';
export { bookingAskedFor } from './routes/bookings';

// Finding a booking the caller may see, and showing it; small reads for reviews, the assistant
// and the folio (its stay, its balance, whether its status allows a line).
export {
  bookingById,
  bookingChatSession,
  bookingStatusIsSql,
  completedStayOfUserQuery,
  folioBalanceSql,
  folioStayQuery,
  latestChatBookingReference,
  otherBookingOfProfileQuery,
} from './booking-reads';
export { findOwnedBooking, grantBookingOnDevice } from './booking-access';
export { bookingLinkPath, verifyBookingLinkToken } from './booking-grants';
export { findVisibleBooking } from './booking-lists';
export { channelOf, guestView, listedBooking } from './listed-booking';

// Making a booking (the assistant books by chat, loyalty sells a free night).
export { createBookingRequest } from './booking-requests';
export { bookingIdOf, bookingRefusal, insertBooking, requestedStay } from './insert-booking';
// What a booking carries of the trade: a group member's source and segment (modules/groups).
export { travelAgentStaysQuery } from './booking-trade';
// A group block's members (modules/groups): their nights, a rooming list's bookings, a cancellation.
export {
  cancelGroupStaysStatements,
  groupBookingStatements,
  groupMembersQuery,
  groupPickupQuery,
  isBookingReferenceClash,
  pickedUpSql,
  pickedUpTotalSql,
  type GroupStay,
} from './group-stays';
// What the folio reads of a block and its members to bill a master-billed block to its folio.
export {
  bookingGuestNameSql,
  groupBillingQuery,
  masterBilledGroupIdSql,
  masterBilledGroupQuery,
} from './group-billing-reads';

// Status changes: functions, and statements for a caller's D1 batch.
export { confirmPendingStatements } from './booking-confirmation';
export {
  changeBookingStatus,
  completeFoundBooking,
  expireStalePending,
  pendingHoldMs,
  reopenBooking,
} from './booking-status';
export { ID_DOCUMENT_PREFIX } from './online-check-in';
// Bookings the channel manager brings: modules/channel applies its revisions through the channel
// stay port (`ChannelStayPort`, declared here, implemented by the channel) and reads its bookings.
export {
  ChannelBookingsChanged,
  bookingReferenceSql,
  channelBookingsOf,
  commitChannelRevision,
  flaggedChannelBookings,
  liveChannelBookingSql,
  type ChannelRoomChange,
  type ChannelStay,
  type ChannelStayPort,
} from './channel-bookings';
// The desk's day: its stays with their rooms, guests, groups and holds (modules/front-desk).
export { deskDayReads } from './desk-day-reads';
// A stay as the front desk's stay requests read and change it: in house, its departure time, and
// their rows joined with their stays.
export {
  departureTimeStatement,
  rowsWithStaysQuery,
  rowWithBookingQuery,
  stayInHouseSql,
} from './stay-joins';
// A business date's arrivals and stays in house, for the day close.
export { inHouseOnNightQuery, notCheckedInSql, unarrivedOnQuery } from './day-reads';
// The stays in house with their rooms, guests, balances and flags, for the outlets' checks.
export { inHouseRooms } from './day-reads';
// A profile's stays, for the guests module.
export { cameCountSql, moveProfileBookingsStatement, profileStaysQuery } from './profile-stays';
// Bookings' rows for other modules' reads and joins (messaging's e-mails and alerts, a payment's
// or refund's booking), and telling of an event about one booking (payments).
export { bookingRowsQuery, notifyOfBooking } from './booking-rows';
// A guest's bookings and points, their parts of the export and erasure (modules/privacy).
export { bookingsGuestData } from './guest-data';
// A booking's ID data, for the privacy module's retention job.
export { idDataDueQuery, idDocumentKeysInUse, purgeIdDataStatement } from './id-data';

// What the desk's tape chart, room suggestion and housekeeping board read of the inventory's rooms
// and nights with their stays, and the stays in a room (whom a period out of order names).
export {
  roomChartReads,
  roomNightsWithStaysQuery,
  roomStaysQuery,
  roomSuggestionReads,
} from './room-chart-reads';
// Which room a stay sleeps in: the desk's assignment, move, removal, check-in's free room and a
// reviewed set of assignments at once, and the statements moving a stay's holds to a room's type
// (an upgrade, a stay placed) and leaving a room at the check-out.
export { assignRoom, freeRoomFor, leaveRoomStatements, retakeHolds, unassignRoom } from './room-assignment';
export { applyAssignments } from './room-assignment-set';
// The desk's check-in, and what its check-out stamps and requires of the booking's row.
export { checkInStay, checkOutTerms } from './check-in-out';
// The desk's guarded change of one booking (the first statement and the guard of the rest of its
// batch), and its read of a stay's holds.
export { bookingChange, heldNightsQuery } from './desk-writes';

// The nights stays and group blocks hold, as the inventory counts them: bookings fills its port
// (modules/inventory `HoldsPort`), the entry installs it.
export { bookingHolds } from './holds';
// The points a stay moves: the port modules/loyalty fills and the entry installs.
export { installPointsLedger, type PointsBooking, type PointsLedgerPort } from './points-port';

// Row types other modules read.
export { type BookingSubmission } from './tables';
