export { housekeepingRoutes } from './routes/admin/housekeeping';
export { roomAssignmentRoutes } from './routes/admin/room-assignments';
export { roomsAdmin } from './routes/admin/rooms';
export { stayRequestsAdmin } from './routes/admin/stay-requests';
export { tapeChartRoutes } from './routes/admin/tape-chart';
export { bookingDeskRoutes, frontDeskRoutes } from './routes/booking-desk';
export { bookingRoomRoutes } from './routes/booking-rooms';
export { stayRequestRoutes } from './routes/stay-requests';
export { stayRequests } from './tables';
