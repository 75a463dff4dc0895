import type { SessionUser } from '@shared/auth-schemas';
import { hotelToday, stayNights } from '@shared/dates';
import { deskStays, findVisibleBooking, type BookingSubmission } from '../bookings';
import { roomStatusStatement, roomTakenQueries } from '../inventory';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';
import { hasRole } from '../../platform/roles';
import {
  businessDateOf,
  CHECK_OUT_UNDONE_REASON,
  correctionStatements,
  folioRefusal,
  issueCreditNote,
  keptChargesQuery,
  lastClosedDateQuery,
  REINSTATEMENT_REASON,
} from '../folio';

/** A charge kept on the folio, as the folio's correction statements take it. */
type KeptCharge = Parameters<typeof correctionStatements>[1][number];

/**
 * A manager's moves back along a stay's life: undo a check-in or a check-out made the same
 * business day (the hotel's date, Asia/Muscat), and reinstate a cancelled or no-show booking while
 * its nights are free. Which closed booking goes back to what is modules/bookings/booking-status.ts
 * (`BOOKING_REOPENINGS`, `deskStays.reopenBooking`); each move is one batch with its audit line.
 */

function assertManager(user: SessionUser) {
  if (!hasRole(user, 'manager')) throw new ApiError(403, 'forbidden');
}

const sameBusinessDay = (at: Date, now: Date) => hotelToday(at) === hotelToday(now);

/**
 * Undoes a check-in made today: the stay is booked again (its status, room and nights as they
 * were), `checked_in_at` cleared. The check-in left the room's status as it was, so it stays so; the
 * room is no longer occupied. 409 `not_checked_in`, `already_checked_out` (undo the check-out
 * first), `undo_not_today`, `check_in_changed` for a second identical request.
 */
export async function undoCheckIn(db: Db, user: SessionUser, id: number, now = new Date()) {
  assertManager(user);
  const booking = await findVisibleBooking(db, user, id);
  if (booking.checkedOutAt) throw new ApiError(409, 'already_checked_out');
  if (!booking.checkedInAt) throw new ApiError(409, 'not_checked_in');
  if (!sameBusinessDay(booking.checkedInAt, now)) throw new ApiError(409, 'undo_not_today');
  const { won, update } = deskStays.bookingChange(db, id);
  const [changed] = await db.batch([
    update(
      { checkedInAt: null, checkedInBy: null, updatedAt: now },
      { status: booking.status, checkedInAt: booking.checkedInAt, notCheckedOut: true },
    ).returning(),
    insertWhere(
      db,
      auditLog,
      auditEntry(
        user,
        'booking.undo_check_in',
        'booking',
        id,
        { checkedInAt: booking.checkedInAt.toISOString(), checkedInBy: booking.checkedInBy },
        { checkedInAt: null, roomId: booking.roomId },
      ),
      won,
    ),
  ]);
  const updated = (changed as BookingSubmission[])[0];
  if (!updated) throw new ApiError(409, 'check_in_changed');
  return updated;
}

/**
 * Undoes a check-out made today: the stay is in house again with the departure and total it had
 * before (an early check-out rewrote them), its nights held again and its room's nights from today
 * on taken again, in one batch (409 `room_taken` when someone took one meanwhile), the points the
 * stay earned taken back, and the room the check-out left dirty back to the status it had, unless
 * housekeeping changed it since. 409 `not_checked_out` (never checked out: a no-show, a stay
 * booked or in house), `undo_not_today`.
 */
export async function undoCheckOut(db: Db, user: SessionUser, id: number, now = new Date()) {
  assertManager(user);
  const booking = await findVisibleBooking(db, user, id);
  if (booking.status !== 'completed' || !booking.checkedOutAt || !booking.checkedInAt)
    throw new ApiError(409, 'not_checked_out');
  if (!sameBusinessDay(booking.checkedOutAt, now)) throw new ApiError(409, 'undo_not_today');
  const closed = booking.closedFrom ?? { status: 'approved' as const };
  const checkOutDate = closed.checkOutDate ?? booking.checkOutDate;
  const shortened = closed.checkOutDate !== undefined;
  const totalPrice = shortened ? (closed.totalPrice ?? null) : booking.totalPrice;
  // The nightly prices as booked (a check-out before the nightly prices were kept in closed_from
  // leaves them as they are).
  const nightPrices =
    shortened && closed.nightPrices !== undefined ? closed.nightPrices : booking.nightPrices;
  const roomId = booking.roomId;
  const checkedOutAt = booking.checkedOutAt;
  // What an early check-out of a non-refundable stay kept for the nights given up (a cancellation
  // charge) counts towards those nights again.
  const [kept, closedDay] = shortened
    ? await db.batch([keptChargesQuery(db, id), lastClosedDateQuery(db)])
    : [[], []];
  const reopened = await deskStays
    .reopenBooking(db, booking, user, 'undo_check_out', {
      set: { checkedOutAt: null, checkedOutBy: null, checkOutDate, totalPrice, nightPrices },
      room: roomId === null ? null : { id: roomId, from: hotelToday(now) },
      notify: false,
      audit: {
        before: {
          checkedOutAt: checkedOutAt.toISOString(),
          checkOutDate: booking.checkOutDate,
          totalPrice: booking.totalPrice,
        },
        after: { checkedOutAt: null, checkOutDate, totalPrice, roomId },
      },
      statements: (won) => [
        ...correctionStatements(db, kept as KeptCharge[], {
          reason: CHECK_OUT_UNDONE_REASON,
          businessDate: businessDateOf(closedDay, now),
          user,
          guard: won,
        }),
        ...(roomId !== null && closed.roomStatus && closed.roomStatus !== 'dirty'
          ? [
              // Left dirty by this check-out, and not touched by housekeeping since.
              roomStatusStatement(
                db,
                roomId,
                { status: closed.roomStatus, by: user.id, now },
                { status: 'dirty', changedAt: checkedOutAt, when: won },
              ),
            ]
          : []),
      ],
    })
    .catch((err: unknown) => {
      throw folioRefusal(err) ?? err;
    });
  await creditKeptCharges(db, user, kept as KeptCharge[], CHECK_OUT_UNDONE_REASON, now);
  return reopened;
}

/**
 * Reinstates a cancelled booking (a no-show, a cancellation, a rejected or expired request) to the
 * open status it left (booking-status.ts `reopenedStatus`), while the stay is not over: every night
 * held again for its room type in one batch (409 `no_rooms_available` when one is sold out, even
 * by a booking made a moment before), and its room kept when free on every night (unassigned
 * otherwise, to be assigned again at the desk). The guest is told as for an approval.
 * 409 `reinstate_not_cancelled`, `reinstate_stay_over`.
 */
export async function reinstateBooking(db: Db, user: SessionUser, id: number, now = new Date()) {
  assertManager(user);
  const booking = await findVisibleBooking(db, user, id);
  if (booking.status !== 'cancelled') throw new ApiError(409, 'reinstate_not_cancelled');
  if (hotelToday(now) >= booking.checkOutDate) throw new ApiError(409, 'reinstate_stay_over');
  const [keepRoom, [kept, closed]] = await Promise.all([
    booking.roomId !== null && roomFree(db, booking.roomId, booking),
    db.batch([keptChargesQuery(db, id), lastClosedDateQuery(db)]),
  ]);
  // The payment the cancellation kept (its cancellation charge) counts towards the stay again:
  // the charge is corrected in the reinstatement's batch, so the guest owes only what they have
  // not paid.
  const corrected = (kept as KeptCharge[]).map((k) => k.line.id);
  const reinstated = await deskStays
    .reopenBooking(db, booking, user, 'reinstate', {
      set: { roomId: keepRoom ? booking.roomId : null },
      room: keepRoom ? { id: booking.roomId!, from: booking.checkInDate } : null,
      notify: true,
      audit: {
        before: { statusReason: booking.statusReason, roomId: booking.roomId },
        after: {
          roomId: keepRoom ? booking.roomId : null,
          ...(corrected.length > 0 && { correctedCharges: corrected }),
        },
      },
      statements: (won) =>
        correctionStatements(db, kept as KeptCharge[], {
          reason: REINSTATEMENT_REASON,
          businessDate: businessDateOf(closed, now),
          user,
          guard: won,
        }),
    })
    .catch((err: unknown) => {
      throw folioRefusal(err) ?? err;
    });
  await creditKeptCharges(db, user, kept as KeptCharge[], REINSTATEMENT_REASON, now);
  return reinstated;
}

/**
 * The corrections of kept charges already on a tax invoice, put on a credit note of that invoice
 * (folio's `issueCreditNote` takes a charge's corrections on no document), in a batch of its own
 * right after the move's, as the check-out's invoice is. If it fails, the move stands and the
 * correction waits for the invoice's next credit note.
 */
async function creditKeptCharges(
  db: Db,
  user: SessionUser,
  kept: readonly KeptCharge[],
  reason: string,
  now: Date,
) {
  const byInvoice = new Map<number, number[]>();
  for (const k of kept) {
    if (k.invoiceId !== null) byInvoice.set(k.invoiceId, [...(byInvoice.get(k.invoiceId) ?? []), k.line.id]);
  }
  for (const [invoiceId, lineIds] of byInvoice) {
    await issueCreditNote(db, user, invoiceId, { reason, lineIds }, now).catch((err: unknown) => {
      console.log(JSON.stringify({ msg: 'kept-charge-credit-note-failed', invoiceId, error: String(err) }));
    });
  }
}

/** Whether room `roomId` is in service and nobody else (a stay, a block) takes any night of the stay. */
async function roomFree(db: Db, roomId: number, booking: BookingSubmission) {
  const nights = stayNights(booking.checkInDate, booking.checkOutDate);
  const [room, taken] = await db.batch(roomTakenQueries(db, roomId, nights, booking.id));
  const row = room[0];
  return !!row && row.retiredAt === null && row.status !== 'out_of_order' && Number(taken[0]?.n ?? 0) === 0;
}
