export { roomBedInventory, roomInventory, roomSmokingInventory } from './allotment-tables';
export { guestProfiles, type GuestProfile } from './guest-profile-tables';
export { bedAvailability, roomAvailability, smokingAvailability, windowOrTonight } from './availability';
export { findOwnedBooking, grantBookingOnDevice } from './booking-access';
export { confirmPendingStatements } from './booking-confirmation';
export { bookingLinkPath, verifyBookingLinkToken } from './booking-grants';
export { findVisibleBooking } from './booking-lists';
export { createBookingRequest } from './booking-requests';
export {
  changeBookingStatus,
  completeFoundBooking,
  expireStalePending,
  pendingHoldMs,
  pointsEarnedBy,
  reopenBooking,
} from './booking-status';
export { createRoom, listRooms, updateRoom } from './hotel-rooms';
export { bookingIdOf, insertBooking, requestedStay } from './insert-booking';
export { guestView, listedBooking } from './listed-booking';
export { ID_DOCUMENT_PREFIX } from './online-check-in';
export { checkMayReadPoints, pointHistory, pointsBalance, recomputeBalance, redeemReasons } from './points';
export { bookingSubmissionsAdmin } from './routes/admin/booking-submissions';
export { bookingsCsvRoutes } from './routes/admin/bookings';
export { availabilityRoutes } from './routes/availability';
export { quoteRoutes } from './routes/quote';
export { bookingCheckInRoutes } from './routes/booking-check-in';
export { bookings } from './routes/booking-submissions';
export { bookingAskedFor, manageBookingRoutes } from './routes/bookings';
export { roomBedInventoryRoutes } from './routes/room-bed-inventory';
export { roomInventoryRoutes } from './routes/room-inventory';
export { roomListRoutes } from './routes/room-list';
export { roomSmokingInventoryRoutes } from './routes/room-smoking-inventory';
export {
  bookingNights,
  type BookingSubmission,
  bookingSubmissions,
  type ClosedFrom,
  type HotelRoom,
  hotelRooms,
  pointTransactions,
  roomBlocks,
  roomNights,
  userPoints,
} from './tables';
