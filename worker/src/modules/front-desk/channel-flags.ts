import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import type { BookingStatus } from '@shared/constants';
import { stayNights } from '@shared/dates';
import {
  bookingRefusal,
  findVisibleBooking,
  heldNightsQuery,
  type BookingSubmission,
  deskStays,
} from '../bookings';
import { findRoomType } from '../catalog';
import { ApiError } from '../../platform/api-error';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { hasRole } from '../../platform/roles';
import { auditLog } from '../../platform/tables';

/**
 * An OTA booking the hotel could not place as it came (the channel manager's flag: sold out,
 * a room type not mapped, too many guests, a type or plan not sold, another currency; any flag
 * alike), placed by the desk (docs/decisions/085-the-desk-s-day.md). Staff first do what the
 * booking needs (move its dates or type, or give it a room of a better type: the Edit stay dialog
 * and the room assignment re-take its holds; or settle it with the OTA, which then changes or
 * cancels it), then mark it placed: in ONE batch the flag is cleared, and a stay that holds none
 * of its nights yet takes them in its own type now (the no-overbooking trigger refuses a night
 * still sold out: 409 `channel_still_no_room`, nothing changes). A stay that holds its nights already (moved,
 * upgraded, or flagged for its price alone) keeps them as they are. The audit line says which flag
 * was cleared, by whom.
 */

const OPEN: BookingStatus[] = ['approved', 'confirmed'];

/** The nights the stay holds in the allotment now (along the holds' booking index). */
async function heldNights(db: Db, bookingId: number): Promise<number> {
  const row = await heldNightsQuery(db, bookingId).get();
  return Number(row?.held ?? 0);
}

export async function placeFlaggedStay(
  db: Db,
  user: SessionUser,
  id: number,
  now = new Date(),
): Promise<BookingSubmission> {
  if (!hasRole(user, 'staff')) throw new ApiError(403, 'forbidden');
  const booking = await findVisibleBooking(db, user, id);
  if (booking.channelFlag === null) throw new ApiError(409, 'channel_flag_cleared');
  if (!OPEN.includes(booking.status) || booking.checkedOutAt !== null)
    throw new ApiError(409, 'transition_not_allowed');
  const nights = stayNights(booking.checkInDate, booking.checkOutDate);
  const [held, type] = await Promise.all([heldNights(db, id), findRoomType(db, booking.roomType)]);
  const takeHolds = held < nights.length;
  // A type the OTA named and the hotel does not have: staff choose one of ours first (Edit stay).
  if (takeHolds && !type) throw new ApiError(409, 'channel_flag_room_type');

  const { token, won, update } = deskStays.bookingChange(db, id);
  const statements: BatchItem<'sqlite'>[] = [
    // As read: a change meanwhile (the OTA's, a move) is looked at again.
    update(
      { channelFlag: null, updatedAt: now },
      { channelFlagged: true, status: OPEN, changeToken: booking.changeToken },
    ),
    ...(takeHolds ? deskStays.retakeHolds(db, booking, booking.roomType, won) : []),
    insertWhere(
      db,
      auditLog,
      auditEntry(
        user,
        'booking.channel_placed',
        'booking',
        id,
        { channelFlag: booking.channelFlag, heldNights: held },
        { channelFlag: null, heldNights: takeHolds ? nights.length : held },
      ),
      won,
    ),
  ];
  let results: unknown[];
  try {
    results = await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (error) {
    // Still no room (or bed, or smoking choice) on a night of the stay: nothing changed.
    if (bookingRefusal(error)) throw new ApiError(409, 'channel_still_no_room');
    throw error;
  }
  if ((results[0] as { meta: { changes: number } }).meta.changes === 0)
    throw new ApiError(409, 'booking_changed');
  return { ...booking, channelFlag: null, changeToken: token, updatedAt: now };
}
