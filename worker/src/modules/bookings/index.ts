/**
 * bookings: a stay from its request to its end (docs/decisions/048-worker-modules.md).
 *
 * Owns: booking requests and their nights (the holds), which room a stay sleeps in (the
 * allotments, availability, the rooms and their nights are modules/inventory's: bookings asks its
 * door), the status rules, guests' changes, booking links and lookup, online check-in; their
 * tables (tables.ts, and guest-profile-tables.ts, declared here for its foreign key and used by
 * modules/guests).
 * Offers: by consumer, one object for each module that asks more than a name or two (as the
 * folio's door does):
 * - its routes, one sub-app per resource the entry mounts each by its prefix (`bookingsRoutes`); the booking a link asks for
 *   (`bookingAskedFor`); the port through which a stay's points move (`installPointsLedger`,
 *   filled by modules/loyalty) and the pending hold's expiry (`expireStalePending`, `pendingHoldMs`);
 * - finding a booking a caller may see and showing it (`findOwnedBooking`, `findVisibleBooking`,
 *   `bookingById`, `listedBooking`, a guest's link and device grant), a booking's refusal
 *   (`bookingRefusal`), bookings' rows for others'
 *   reads and joins (`bookingRowsQuery`), a guest's completed stay for a review;
 * - `deskStays`: the front desk's day, a stay request's stay, room assignment, check-in and
 *   check-out terms, a no-show, completing and reopening a stay, its guarded change of one booking;
 * - `folioStays`: a stay's folio row, balance and status for the folio's guards, a line's booking
 *   named, a master-billed block and its members, a travel agent's stays;
 * - `groupStays`: a group block's members, their picked-up nights, a member's booking and nights
 *   written, the members not yet in house and a member cancelled (modules/groups composes them);
 * - `channelStays`: a channel revision applied through the channel stay port (`ChannelStayPort`,
 *   declared here, implemented by modules/channel) and the channel's bookings read;
 * - `dayStays`: a business date's arrivals and stays in house, an arrival recorded as a no-show
 *   (the day close; the inbox reads the same day);
 *   `inHouseRooms`: the stays in house as the outlets read and guard them;
 * - `guestStays` (a profile's stays), `privacyBookings` (its part of a guest's data, the ID data's
 *   retention), `assistantBookings` (booking by chat), `loyaltyBookings` (a free night),
 *   `paymentBookings` (a deposit's confirmation, a payment's notice), `revenueBookings` (every
 *   booking's dates, for the revenue forecast's curves), `extrasStays` (an extra bought before
 *   arrival: whether the stay may still buy, an upgrade's new type and holds in the purchase's
 *   batch, a late check-out's hour);
 * - the stays' holds the inventory counts against its allotments (`bookingHolds`, its port's
 *   stays, installed by the entry); the port through which the group blocks' holds reach its own
 *   reads (`installBlockNights`, filled by modules/groups); the inventory's rooms and nights
 *   joined with their stays (the tape chart's, the room suggestion's and the housekeeping board's
 *   reads, the stays in a room) and a stay's holds;
 * - the row types others read.
 * Never: hands out its tables; imports a module but the catalogue, rates, the companies (the
 * accounts a stay is booked for) and the inventory (the rooms); posts to the folio,
 * takes a payment or sends a message itself (it raises events through platform/notify.ts, and
 * the folio and payments hook into its status changes).
 * Imports: catalog, companies, inventory, rates.
 */

// Its routes, each mounted by its own prefix in the entry (worker/src/index.ts; routes/mount.ts), and reading the
// booking a guest's link or reference asks for (messaging's calendar file).
export { bookingsRoutes } from './routes/mount';
export { bookingAskedFor } from './routes/bookings';

// Finding a booking the caller may see, and showing it; a guest's completed stay (reviews).
export { bookingById, completedStayOfUserQuery } from './booking-reads';
export { findOwnedBooking, grantBookingOnDevice } from './booking-access';
export { bookingLinkPath, verifyBookingLinkToken } from './booking-grants';
export { findVisibleBooking } from './booking-lists';
// A guest's own bookings as the list shows them (modules/chain: their stays at every hotel, decision 103).
export { listBookings } from './booking-lists';
export { listedBooking } from './listed-booking';

// Making a booking: the assistant books by chat (`assistantBookings`), loyalty
// sells a free night (`loyaltyBookings`), the desk and a rooming list read a refusal.
export { assistantBookings } from './booking-requests';
export { loyaltyBookings } from './loyalty-bookings';
export { bookingRefusal } from './insert-booking';
// A group block's members (modules/groups): their nights, a member's booking written, a cancellation.
export { groupStays } from './group-members';
// What the folio reads of its stays: a stay's row, balance and status for its guards, a line's
// booking named, a master-billed block and its members, a travel agent's stays (`folioStays`).
export { folioStays } from './folio-stays';

// Status changes: functions, and statements for a caller's D1 batch (a deposit paid online confirms
// a pending request, and a payment or a refund tells of its booking: `paymentBookings`).
export { paymentBookings } from './booking-confirmation';
// The revenue forecast's rebuild of the hotel's own books before its first stored close (modules/revenue).
export { revenueBookings } from './revenue-bookings';
export { expireStalePending, pendingHoldMs } from './booking-status';
// Bookings the channel manager brings: modules/channel applies its revisions through the channel
// stay port (`ChannelStayPort`, declared here, implemented by the channel) and reads its bookings
// (`channelStays`).
export {
  channelStays,
  type ChannelRoomChange,
  type ChannelStay,
  type ChannelStayPort,
} from './channel-bookings';
// What the front desk asks of the stays (`deskStays`): its day's reads, a stay request's stay,
// which room a stay sleeps in, the check-in and check-out's terms, a no-show, completing
// and reopening a stay, and its guarded change of one booking.
export { deskStays } from './desk-stays';
// A business date's arrivals and stays in house, for the day close (and its no-shows) and the
// conversations' inbox.
export { dayStays } from './day-reads';
// The stays in house with their rooms, guests, balances and flags, for the outlets' checks (their
// reads, and their guards: in house, unflagged, within the room's credit).
export { inHouseRooms } from './day-reads';
// What an extra bought before arrival asks of the stay (modules/extras, decision 103).
export { extrasStays } from './extras-stays';
// A profile's stays, for the guests module (`guestStays`).
export { guestStays } from './profile-stays';
// Bookings' rows for other modules' reads and joins (messaging's e-mails and alerts, a payment's
// or refund's booking).
export { bookingRowsQuery } from './booking-rows';
// What privacy asks (`privacyBookings`): bookings' part of a guest's export and erasure, and a
// booking's ID data for the retention job.
export { privacyBookings } from './id-data';

// What the desk's tape chart, room suggestion and housekeeping board read of the inventory's rooms
// and nights with their stays, and the stays in a room (whom a period out of order names).
export {
  roomChartReads,
  roomNightsWithStaysQuery,
  roomStaysQuery,
  roomSuggestionReads,
} from './room-chart-reads';
// The desk's read of a stay's holds.
export { heldNightsQuery } from './desk-writes';

// The nights stays hold, as the inventory counts them: bookings fills its port's stays
// (modules/inventory `HoldsPort`; modules/groups fills the blocks'), the entry installs it. The
// rooms group blocks hold, as bookings' alternatives count them: modules/groups fills the port.
export { bookingHolds } from './holds';
export { installBlockNights, type BlockNightsPort } from './block-nights-port';
// The points a stay moves: the port modules/loyalty fills and the entry installs.
export { installPointsLedger, type PointsBooking, type PointsLedgerPort } from './points-port';

// Row types other modules read.
export { type BookingSubmission } from './tables';
