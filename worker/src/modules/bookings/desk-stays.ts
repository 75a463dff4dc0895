import { completeFoundBooking, recordNoShow, reopenBooking } from './booking-status';
import { checkInStay, checkOutTerms } from './check-in-out';
import { deskDayReads } from './desk-day-reads';
import { bookingChange } from './desk-writes';
import { channelOf } from './listed-booking';
import { assignRoom, leaveRoomStatements, retakeHolds, unassignRoom } from './room-assignment';
import { applyAssignments } from './room-assignment-set';
import {
  departureTimeStatement,
  rowsWithStaysQuery,
  rowWithBookingQuery,
  stayInHouseSql,
} from './stay-joins';

/**
 * What modules/front-desk asks of bookings' stays, as one object (bookings' door's one name for
 * it; the desk sits above bookings and names none of its tables):
 * - the desk's day: its six reads with their rooms, profiles, groups and holds (`deskDayReads`),
 *   a stay's channel (`channelOf`);
 * - a stay request's stay: in house (`stayInHouseSql`, for its guard), its departure time
 *   (`departureTimeStatement`), the requests' rows joined with their stays (`rowsWithStaysQuery`,
 *   `rowWithBookingQuery`);
 * - which room a stay sleeps in: the desk's assignment and removal (`assignRoom`, `unassignRoom`), a
 *   reviewed set at once (`applyAssignments`), a stay's holds moved to its room's type
 *   (`retakeHolds`), the room left at the check-out (`leaveRoomStatements`);
 * - the check-in (`checkInStay`), what the check-out stamps and requires of the booking's row
 *   (`checkOutTerms`), a no-show (`recordNoShow`), completing a found stay
 *   (`completeFoundBooking`) and a manager's reopening (`reopenBooking`);
 * - the desk's guarded change of one booking (`bookingChange`: its first statement and the guard of
 *   the rest of its batch).
 *
 * @example const reads = deskStays.deskDayReads(db, date, today, { postedNights, masterGroupId });
 */
export const deskStays = {
  deskDayReads,
  channelOf,
  stayInHouseSql,
  departureTimeStatement,
  rowsWithStaysQuery,
  rowWithBookingQuery,
  assignRoom,
  unassignRoom,
  applyAssignments,
  retakeHolds,
  leaveRoomStatements,
  checkInStay,
  checkOutTerms,
  recordNoShow,
  completeFoundBooking,
  reopenBooking,
  bookingChange,
} as const;
