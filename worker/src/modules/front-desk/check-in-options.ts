import type { SessionUser } from '@shared/auth-schemas';
import type { RoomStatus } from '@shared/constants';
import { findVisibleBooking } from '../bookings';
import { checkInRoomsQuery } from '../inventory';
import { storedGuests } from '@shared/guest-counts';
import { profileDocumentQuery, stayCompanionsOf, stayCompanionsQuery } from '../guests';
import type { Db } from '../../platform/env';

/**
 * What the desk confirms before a check-in (GET /api/booking-submissions/:id/check-in): the room
 * proposed (the stay's own, or the best free one of its type, clean or inspected first, as the
 * check-in would choose), the other free clean rooms of the type to change it for, and the
 * registration details whose ID document staff check. The check-in itself still judges the room
 * (free on every night, clean or confirmed) when it is made.
 *
 * One D1 round trip after the booking: the rooms of the type in service and free on every night
 * of the stay (room nights along the room-and-night index, the stay's nights only), the guest's
 * profile along its key, and the stay's other adults along their stay's index.
 */

/** The most rooms offered to choose from (a type has far fewer). */
const MAX_ROOMS = 60;

export type CheckInRoom = { id: number; number: string; status: RoomStatus };

export async function checkInOptions(db: Db, user: SessionUser, id: number) {
  const booking = await findVisibleBooking(db, user, id);
  const [rooms, profiles, companions] = await db.batch([
    checkInRoomsQuery(db, booking, MAX_ROOMS),
    profileDocumentQuery(db, booking.profileId),
    stayCompanionsQuery(db, booking.id),
  ]);
  const list = rooms as CheckInRoom[];
  const own = booking.roomId === null ? undefined : list.find((r) => r.id === booking.roomId);
  const profile = profiles[0];
  return {
    bookingId: booking.id,
    roomType: booking.roomType,
    /** The room the check-in would use: the stay's own, else the first free clean one (null: none free). */
    proposed: own ?? list[0] ?? null,
    /** Free clean or inspected rooms of the type for the whole stay (and the stay's own room). */
    rooms: list,
    /** What the desk checks against the guest's ID document. */
    registration: {
      fullName: booking.fullName,
      /** The guest's profile, where the desk completes what the police need (null: none). */
      profileId: profile ? booking.profileId : null,
      idNumber: booking.idNumber,
      numberOfGuests: booking.numberOfGuests,
      /** The stay's adults (its guests when it records no children): the police want each. */
      adults: storedGuests(booking).adults,
      /** The other adults recorded (docs/decisions/093). */
      companions: stayCompanionsOf(companions),
      nationality: profile?.nationality ?? null,
      dateOfBirth: profile?.dateOfBirth ?? null,
      documentType: profile?.documentType ?? null,
      documentNumber: profile?.documentNumber ?? null,
      documentExpiry: profile?.documentExpiry ?? null,
      onlineCheckIn: booking.checkedInOnlineAt !== null,
    },
  };
}
export type CheckInOptions = Awaited<ReturnType<typeof checkInOptions>>;
