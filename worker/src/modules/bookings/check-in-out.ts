import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import type { BookingStatus } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { insertWhere, newChangeToken, rowExists } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';
import { findVisibleBooking } from './booking-lists';
import { assignRoom, freeRoomFor } from './room-assignment';
import { bookingSubmissions, type BookingSubmission, type ClosedFrom } from './tables';
import { isRoomOccupied, roomOccupantQuery, roomOccupied, roomOccupiedSql } from './stay-guards';
import { roomFieldSql, roomQuery, roomReadySql } from '../inventory';

const ACTIVE: BookingStatus[] = ['approved', 'confirmed'];

/**
 * The desk's check-in and check-out as bookings' rows take them (modules/front-desk asks): the
 * check-in into the stay's room or one it is given with it, and what a check-out stamps and
 * requires of the row.
 */

/**
 * Checks a booking in (the front desk's staff: modules/front-desk asks): approved or confirmed, from its arrival day (hotel time) to the end
 * of its check-out day, into the room assigned to it, which no other guest is still in (409
 * `room_occupied`, naming that stay: no confirmation overrides it) and which is clean or inspected
 * unless the staff member confirmed a room that is not (409 `room_not_clean`, with the room's
 * number and status).
 * One batch: the guarded check-in (not checked in yet, still that room, the room's status as
 * read) and its audit line; a second check-in, or a room changed meanwhile, is 409.
 */
export async function checkInStay(
  db: Db,
  user: SessionUser,
  id: number,
  {
    confirmNotClean = false,
    roomId,
    idChecked = false,
  }: { confirmNotClean?: boolean; roomId?: number; idChecked?: boolean },
  now: Date,
  outOfService: (roomId: SQL) => SQL,
) {
  const booking = await findVisibleBooking(db, user, id);
  if (booking.checkedInAt) throw new ApiError(409, 'already_checked_in');
  if (!ACTIVE.includes(booking.status)) throw new ApiError(409, 'check_in_status');
  const today = hotelToday(now);
  if (today < booking.checkInDate) throw new ApiError(409, 'check_in_too_early');
  if (today > booking.checkOutDate) throw new ApiError(409, 'check_in_too_late');
  // A stay without a room (or moved to another at the desk) is given one with the check-in.
  if (booking.roomId === null || (roomId !== undefined && roomId !== booking.roomId)) {
    return checkInToNewRoom(db, user, booking, { confirmNotClean, roomId, idChecked }, now, outOfService);
  }
  const [[stored], [occupant]] = await db.batch([
    roomQuery(db, booking.roomId),
    roomOccupantQuery(db, booking.roomId, booking.id),
  ]);
  const room = stored && { id: stored.id, number: stored.number, status: stored.status };
  if (!room) throw new ApiError(422, 'room_not_assigned');
  // A guest still in the room (not checked out) refuses it whatever the desk confirms.
  if (occupant) throw roomOccupied(room, occupant);
  const ready = room.status === 'clean' || room.status === 'inspected';
  if (!ready && !confirmNotClean) {
    throw new ApiError(409, 'room_not_clean', undefined, { room });
  }
  const token = newChangeToken();
  const won = rowExists(
    bookingSubmissions,
    sql`${bookingSubmissions.id} = ${id} and ${bookingSubmissions.changeToken} = ${token}`,
  );
  const [changed] = await guardOccupied(db, room, booking.id, () =>
    db.batch([
      db
        .update(bookingSubmissions)
        .set({ checkedInAt: now, checkedInBy: user.id, changeToken: token, updatedAt: now })
        .where(
          and(
            eq(bookingSubmissions.id, id),
            isNull(bookingSubmissions.checkedInAt),
            inArray(bookingSubmissions.status, ACTIVE),
            eq(bookingSubmissions.roomId, room.id),
            // The room as it was read: a room that became dirty meanwhile is asked about again.
            ready ? roomReadySql(room.id) : undefined,
          ),
        )
        .returning(),
      insertWhere(
        db,
        auditLog,
        auditEntry(
          user,
          'booking.check_in',
          'booking',
          id,
          { checkedInAt: null },
          {
            room: room.number,
            roomStatus: room.status,
            ...(!ready && { confirmedNotClean: true }),
            ...(idChecked && { idChecked: true }),
          },
        ),
        won,
      ),
    ]),
  );
  const updated = (changed as BookingSubmission[])[0];
  if (!updated) throw new ApiError(409, 'check_in_changed');
  return { booking: updated, room };
}

/**
 * The desk's check-in of a stay into a room it does not have yet: the room staff chose (`roomId`),
 * or the best free one of its type (clean or inspected first; 409 `no_rooms_available` when none is
 * free for the whole stay). The assignment and the check-in are one batch (room-assignment.ts):
 * the room's nights, the booking's room and its check-in, and both audit lines, or none of them. A
 * room not clean is asked about first, as for an assigned room.
 */
async function checkInToNewRoom(
  db: Db,
  user: SessionUser,
  booking: BookingSubmission,
  { confirmNotClean, roomId, idChecked }: { confirmNotClean: boolean; roomId?: number; idChecked: boolean },
  now: Date,
  outOfService: (roomId: SQL) => SQL,
) {
  // The best free room passes by one whose guest has not left (an overstay holds no night there).
  const chosen =
    roomId === undefined
      ? await freeRoomFor(db, booking, (id) => sql`(${outOfService(id)} or ${roomOccupiedSql(id)})`)
      : ((await roomQuery(db, roomId).get()) ?? null);
  if (!chosen) {
    if (roomId !== undefined) throw new ApiError(404, 'room_not_found');
    throw new ApiError(409, 'no_rooms_available');
  }
  const room = { id: chosen.id, number: chosen.number, status: chosen.status };
  const [occupant] = await roomOccupantQuery(db, room.id, booking.id);
  if (occupant) throw roomOccupied(room, occupant);
  const ready = room.status === 'clean' || room.status === 'inspected';
  if (!ready && !confirmNotClean) throw new ApiError(409, 'room_not_clean', undefined, { room });
  const { booking: updated } = await guardOccupied(db, room, booking.id, () =>
    assignRoom(db, user, booking.id, room.id, {
      now,
      checkIn: {
        by: user,
        at: now,
        roomReady: ready,
        audit: (won) =>
          insertWhere(
            db,
            auditLog,
            auditEntry(
              user,
              'booking.check_in',
              'booking',
              booking.id,
              { checkedInAt: null },
              {
                room: room.number,
                roomStatus: room.status,
                ...(!ready && { confirmedNotClean: true }),
                ...(idChecked && { idChecked: true }),
              },
            ),
            won,
          ),
      },
    }),
  ).catch((err: unknown) => {
    // Checked in, or the room dirtied, by another request meanwhile.
    if (err instanceof ApiError && err.code === 'booking_changed')
      throw new ApiError(409, 'check_in_changed');
    throw err;
  });
  return { booking: updated, room };
}

/**
 * Runs a check-in's batch; the database's refusal of a second stay in house in the room (another
 * guest checked in there meanwhile, migration 0099) is 409 `room_occupied` naming that stay.
 */
async function guardOccupied<T>(
  db: Db,
  room: { id: number; number: string; status: string },
  bookingId: number,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isRoomOccupied(err)) throw err;
    const [occupant] = await roomOccupantQuery(db, room.id, bookingId);
    if (occupant) throw roomOccupied(room, occupant);
    throw new ApiError(409, 'check_in_changed');
  }
}

/**
 * What the desk's check-out of `booking` stamps and requires of the row (for `completeFoundBooking`'s
 * `set` and `where`): `closedFrom`, what the check-out replaces for a manager's undo the same day
 * (the status, room `roomId`'s status now, and for a stay `shortened` its booked departure, total
 * and nightly prices), and the row as read (checked in, not checked out, the same folio balance:
 * a line posted meanwhile is looked at again).
 *
 * @example const terms = checkOutTerms(booking, booking.roomId, false);
 */
export function checkOutTerms(booking: BookingSubmission, roomId: number | null, shortened: boolean) {
  return {
    closedFrom: sql<ClosedFrom>`json_object('status', ${booking.status}, 'roomStatus', ${roomFieldSql('status', roomId)}${
      shortened
        ? sql`, 'checkOutDate', ${booking.checkOutDate}, 'totalPrice', ${booking.totalPrice}, 'nightPrices', json(${booking.nightPrices === null ? null : JSON.stringify(booking.nightPrices)})`
        : sql``
    })`,
    where: and(
      isNotNull(bookingSubmissions.checkedInAt),
      isNull(bookingSubmissions.checkedOutAt),
      eq(bookingSubmissions.folioBalanceBaisa, booking.folioBalanceBaisa),
    )!,
  };
}
