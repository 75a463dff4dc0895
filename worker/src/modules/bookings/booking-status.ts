import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import type { SessionUser } from '@shared/auth-schemas';
import { BOOKING_TRANSITIONS, PENDING_HOLD_DEFAULT_HOURS, type BookingStatus } from '@shared/constants';
import { bookingNights, bookingSubmissions, type BookingSubmission } from './tables';
import { holdRoomNightsStatement } from '../inventory';
import { stayNights } from '@shared/dates';
import { auditLog, notifications } from '../../platform/tables';
import type { Db, Env } from '../../platform/env';
import { insertWhere, newChangeToken, rowExists } from '../../platform/atomic';
import {
  BOOKING_STATUS_NOTICE,
  bookingDetailsSql,
  roomNameSql,
  sqlText,
  stayDateSql,
  text,
} from '../../platform/messages';
import { notifyStatements, type BookingEventKind } from '../../platform/notify';
import { auditEntry } from '../../platform/audit';
import { hasRole } from '../../platform/roles';
import { listedBooking } from './listed-booking';
import { NO_SHOW_REASON } from '@shared/stay-policy';
import { assertNotInHouse, assertStayBegun, earlyCompletion, stayBegunSql, stayRefusal } from './stay-guards';
import { cancellationStatements, type CancellationKind } from '../../platform/booking-hooks';
import { ApiError } from '../../platform/api-error';
import { findVisibleBooking } from './booking-lists';
import { pointsLedger } from './points-port';

/**
 * The booking status rules, in one place: who may move a booking to
 * which status, the move itself as one batch (`changeBookingStatus`: nights released, points
 * earned or given back, the guest's notice), the points a completed stay earns, a pending
 * request's hold running out (`expireStalePending`), and deleting one (admins). Which bookings
 * someone sees is modules/bookings/booking-lists.ts.
 */

/**
 * Moves a booking to `status` (staff) along the allowed transitions; 409 for a move the status
 * does not allow. A guest cancels through modules/bookings/booking-changes.ts `cancelOwnBooking` (their own
 * booking, up to the policy's deadline).
 */
export async function setBookingStatus(
  db: Db,
  user: SessionUser,
  id: number,
  status: BookingStatus,
  reason?: string,
): Promise<BookingSubmission> {
  const booking = await findVisibleBooking(db, user, id);
  if (!hasRole(user, 'staff')) throw new ApiError(403, 'guest_may_only_cancel');
  if (!BOOKING_TRANSITIONS[booking.status].includes(status))
    throw new ApiError(409, 'transition_not_allowed');
  assertNotInHouse(booking);
  if (status === 'completed') assertStayBegun(booking);
  // Completed before its departure: the stay ends then, as by the bookings list's Complete.
  const extra = status === 'completed' ? earlyCompletion(booking, new Date()) : undefined;
  return changeBookingStatus(db, booking, status, user, reason, extra);
}

/** Completes a stay (staff): the move, and the points it earned (credited in the same batch). */
export async function completeBooking(db: Db, user: SessionUser, id: number) {
  const booking = await findVisibleBooking(db, user, id);
  if (!hasRole(user, 'staff')) throw new ApiError(403, 'forbidden');
  return completeFoundBooking(db, user, booking);
}

/**
 * Completes this booking (staff), with what a desk move adds to the batch (the check-out,
 * modules/front-desk/front-desk-day.ts): the same move, points credited once however often it is called.
 * A plain "complete" before the booked departure ends the stay as the desk's check-out does (the
 * one rule, shared/src/early-departure.ts: the first night at least, the nights stayed, their
 * total), the booked departure, total and nightly prices kept in `closedFrom`: the bookings list
 * says so before staff confirm.
 */
export async function completeFoundBooking(
  db: Db,
  user: SessionUser,
  booking: BookingSubmission,
  extra?: StatusMoveExtra,
) {
  if (!BOOKING_TRANSITIONS[booking.status].includes('completed')) {
    throw new ApiError(409, 'transition_not_allowed');
  }
  // The desk's check-out completes an in-house stay; a plain "complete" does not.
  if (!extra) {
    assertNotInHouse(booking);
    extra = earlyCompletion(booking, new Date());
  }
  assertStayBegun(booking, extra?.now);
  const updated = await changeBookingStatus(db, booking, 'completed', user, undefined, extra);
  return { booking: updated, pointsEarned: await pointsLedger().earnedBy(db, booking) };
}

/**
 * Deletes a booking (admins) with its audit line, in one batch. A booking with a folio (any line:
 * money charged or paid is never erased) is refused with 409 `booking_has_folio`, also when a
 * line is posted meanwhile (its reference to the booking fails the delete).
 */
export async function deleteBooking(db: Db, user: SessionUser, id: number): Promise<void> {
  const booking = await db
    .select({
      booking: bookingSubmissions,
      hasFolio: sql<number>`exists (select 1 from folio_lines where folio_lines.booking_id = ${id})`,
    })
    .from(bookingSubmissions)
    .where(eq(bookingSubmissions.id, id))
    .get();
  if (!booking) throw new ApiError(404, 'booking_not_found');
  if (booking.hasFolio) throw new ApiError(409, 'booking_has_folio');
  await db
    .batch([
      db.delete(bookingSubmissions).where(eq(bookingSubmissions.id, id)),
      db
        .insert(auditLog)
        .values(auditEntry(user, 'booking.delete', 'booking', id, listedBooking(booking.booking, 0), null)),
    ])
    .catch(async (err: unknown) => {
      // A line posted since the read: its reference to the booking failed the delete.
      const posted = await db
        .select({ id: sql<number>`1` })
        .from(sql`folio_lines`)
        .where(sql`folio_lines.booking_id = ${id}`)
        .limit(1);
      if (posted.length > 0) throw new ApiError(409, 'booking_has_folio');
      throw err;
    });
}

/** How long a pending request holds its nights (PENDING_HOLD_HOURS, default 48). */
export function pendingHoldMs(env: Pick<Env, 'PENDING_HOLD_HOURS'>): number {
  const hours = Number(env.PENDING_HOLD_HOURS);
  return (Number.isFinite(hours) && hours > 0 ? hours : PENDING_HOLD_DEFAULT_HOURS) * 60 * 60_000;
}

/**
 * Releases the nights of pending requests nobody decided within the hold time
 * (hourly cron): each becomes cancelled with the reason `expired`, its guest gets a
 * notification and the audit log a line, all in one batch. Every statement picks
 * the same rows (pending and created before the cutoff), and the status changes
 * last, so the batch either does all of it for each row or nothing.
 */
export async function expireStalePending(db: Db, holdMs: number, now = Date.now()) {
  const cutoff = now - holdMs;
  // A booking a guest's change sent back to pending holds from the change (migration 0030).
  const stale = sql`status = 'pending' and created_at < ${cutoff} and coalesce(pending_since, created_at) < ${cutoff}`;
  const staleIds = db.select({ id: bookingSubmissions.id }).from(bookingSubmissions).where(stale);
  // What else each expiry does (platform/booking-hooks.ts: a paid deposit's refund queued), each
  // guarded by its row being still stale, before the status changes.
  const expiring = await db
    .select({
      id: bookingSubmissions.id,
      status: bookingSubmissions.status,
      checkInDate: bookingSubmissions.checkInDate,
      cancellationRule: bookingSubmissions.cancellationRule,
    })
    .from(bookingSubmissions)
    .where(stale);
  const hooked = await Promise.all(
    expiring.map(async (booking) => {
      const part = await cancellationStatements(db, {
        booking,
        kind: 'expired',
        actor: null,
        now: new Date(now),
      });
      return part(rowExists(bookingSubmissions, sql`${bookingSubmissions.id} = ${booking.id} and ${stale}`));
    }),
  );
  const results = await db.batch([
    // One notification and one audit line per stale row: inserts selecting from the bookings.
    insertWhere(
      db,
      notifications,
      {
        userPhone: sql`phone_number`,
        title: text('en', 'booking_expired.notice'),
        titleAr: text('ar', 'booking_expired.notice'),
        message: sqlText('en', 'booking_expired.notice_details', {
          room: roomNameSql(sql`booking_submissions.room_type`, 'en'),
          checkIn: stayDateSql(sql`check_in_date`, 'en'),
          checkOut: stayDateSql(sql`check_out_date`, 'en'),
        }),
        messageAr: sqlText('ar', 'booking_expired.notice_details', {
          room: roomNameSql(sql`booking_submissions.room_type`, 'ar'),
          checkIn: stayDateSql(sql`check_in_date`, 'ar'),
          checkOut: stayDateSql(sql`check_out_date`, 'ar'),
        }),
        type: 'booking_expired',
        isRead: false,
        createdAt: new Date(now),
        updatedAt: new Date(now),
        userId: sql`user_id`,
        bookingId: sql`id`,
        entryType: null,
        entryId: null,
      },
      stale,
      sql`booking_submissions`,
    ),
    insertWhere(
      db,
      auditLog,
      {
        actorUserId: null,
        actorEmail: null,
        action: 'booking.expired',
        entityType: 'booking',
        entityId: sql`cast(id as text)`,
        before: sql`json_object('status', 'pending')`,
        after: sql`json_object('status', 'cancelled', 'reason', 'expired')`,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      },
      stale,
      sql`booking_submissions`,
    ),
    ...hooked.flat(),
    db.delete(bookingNights).where(inArray(bookingNights.bookingId, staleIds)),
    // Before the status changes: the rows are still the stale pending ones here.
    ...notifyStatements(db, { kind: 'booking_expired', where: stale, reason: 'expired' }),
    db
      .update(bookingSubmissions)
      .set({
        status: 'cancelled',
        statusReason: 'expired',
        closedFrom: sql`json_object('status', 'pending')`,
        updatedAt: new Date(now),
      })
      .where(stale),
  ]);
  // The status change is the batch's last statement (the notifications' statements vary in number).
  const released = results[results.length - 1];
  return { expired: (released as unknown as D1Result).meta.changes };
}

/** The event a move is: staff cancelling a request nobody approved yet reject it. */
function moveKind(from: BookingStatus, to: BookingStatus, actor: SessionUser | null): BookingEventKind {
  if (to === 'cancelled' && from === 'pending' && actor && hasRole(actor, 'staff')) return 'booking_rejected';
  return `booking_${to}` as BookingEventKind;
}

/** Why a booking is being cancelled, for what its money follows: a no-show, a rejected request, or a cancellation. */
function cancellationKind(from: BookingStatus, actor: SessionUser | null, reason?: string): CancellationKind {
  if (reason === NO_SHOW_REASON) return 'no_show';
  return moveKind(from, 'cancelled', actor) === 'booking_rejected' ? 'rejected' : 'cancelled';
}

/**
 * What a desk move adds to a status change (modules/front-desk/front-desk-day.ts): more columns set on the
 * booking, a further condition the move must meet (e.g. "checked in"), and statements that follow
 * from it, each guarded by `won` (the move happened), all in the move's one batch.
 */
export type StatusMoveExtra = {
  /** The instant the move is judged at (a guest's cancellation: the one its deadline was checked at). */
  now?: Date;
  set?: SQLiteUpdateSetSource<typeof bookingSubmissions>;
  where?: SQL;
  statements?: (won: SQL) => BatchItem<'sqlite'>[];
};

/**
 * Moves a booking from its current status to `to` and everything that follows
 * from it, in ONE batch (platform/atomic.ts): the conditional status change stamps a
 * fresh token; the audit line, the guest's notification, the released nights,
 * the points earned on completion and given back on cancellation run only if this
 * request's token is on the row. Exactly one of any number of concurrent requests
 * wins (409 `status_changed` for the others), and a request cut off midway leaves
 * all of it or none of it.
 */
export async function changeBookingStatus(
  db: Db,
  booking: BookingSubmission,
  to: BookingStatus,
  /** Staff, the guest's account, or null: a guest without an account (a device grant). */
  actor: SessionUser | null,
  reason?: string,
  extra: StatusMoveExtra = {},
): Promise<BookingSubmission> {
  const moves = (await statusMoveStatements(db, booking, to, actor, reason, extra)) as [BatchItem<'sqlite'>];
  const [changed] = await db.batch(moves).catch((err: unknown) => {
    // Checked in meanwhile by another request: the database keeps the stay's life.
    throw stayRefusal(err) ?? err;
  });
  return (changed as BookingSubmission[])[0] ?? Promise.reject(new ApiError(409, 'status_changed'));
}

/** `changeBookingStatus`'s statements (the move first), for several bookings moved in ONE batch. */
export async function statusMoveStatements(
  db: Db,
  booking: BookingSubmission,
  to: BookingStatus,
  actor: SessionUser | null,
  reason?: string,
  extra: StatusMoveExtra = {},
): Promise<BatchItem<'sqlite'>[]> {
  const token = newChangeToken();
  const won = rowExists(
    bookingSubmissions,
    sql`${bookingSubmissions.id} = ${booking.id} and ${bookingSubmissions.changeToken} = ${token}`,
  );
  const final = to === 'cancelled' || to === 'completed';
  const statements = statusNoticeStatements(db, booking, { from: booking.status, to, reason }, actor, won);
  if (final)
    statements.push(db.delete(bookingNights).where(and(eq(bookingNights.bookingId, booking.id), won)));
  // Points (modules/loyalty's ledger): a signed-in guest's completed stay earns once; a
  // cancellation gives back what the booking moved.
  statements.push(...pointsLedger().moveStatements(db, booking, to, won));
  if (extra.statements) statements.push(...extra.statements(won));
  // What a cancellation does beyond the booking (platform/booking-hooks.ts: online payments).
  if (to === 'cancelled') {
    const kind = cancellationKind(booking.status, actor, reason);
    const now = extra.now ?? new Date();
    statements.push(...(await cancellationStatements(db, { booking, kind, actor, now }))(won));
  }
  statements.push(
    ...notifyStatements(db, {
      kind: moveKind(booking.status, to, actor),
      where: sql`${bookingSubmissions.id} = ${booking.id} and ${bookingSubmissions.changeToken} = ${token}`,
      reason,
    }),
  );
  return [
    db
      .update(bookingSubmissions)
      .set({
        // What the close replaced, for an undo or a reinstatement (a check-out adds to it).
        ...(final && { closedFrom: { status: booking.status } }),
        ...extra.set,
        status: to,
        statusReason: reason ?? null,
        changeToken: token,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(bookingSubmissions.id, booking.id),
          eq(bookingSubmissions.status, booking.status),
          to === 'completed' ? stayBegunSql(extra.now ?? new Date()) : undefined,
          extra.where,
        ),
      )
      .returning(),
    ...statements,
  ];
}

/**
 * The audit line and the guest's notice of a move to `to`, each written only if `guard` holds
 * when the batch reaches it (a status change, or a walk-in booked approved; `id` may be the
 * new booking's id inside its own batch).
 */
export function statusNoticeStatements(
  db: Db,
  booking: Pick<BookingSubmission, 'phoneNumber' | 'userId' | 'roomType' | 'checkInDate' | 'checkOutDate'> & {
    id: number | SQL;
  },
  move: {
    from: BookingStatus | null;
    to: BookingStatus;
    reason?: string;
    /** The audit line's action and what it adds to its before and after (a reopening's). */
    audit?: { action: string; before: Record<string, unknown>; after: Record<string, unknown> };
  },
  actor: SessionUser | null,
  guard: SQL,
): BatchItem<'sqlite'>[] {
  const { from, to, reason, audit } = move;
  const notice = BOOKING_STATUS_NOTICE[to];
  const entityId = typeof booking.id === 'number' ? String(booking.id) : sql`cast(${booking.id} as text)`;
  const statements: BatchItem<'sqlite'>[] = [
    insertWhere(
      db,
      auditLog,
      {
        ...auditEntry(
          actor,
          audit?.action ?? `booking.${to}`,
          'booking',
          null,
          from ? { status: from, ...audit?.before } : null,
          {
            status: to,
            reason,
            ...(from === null && { walkIn: true }),
            ...audit?.after,
          },
        ),
        entityId,
      },
      guard,
    ),
  ];
  if (notice) {
    statements.push(
      insertWhere(
        db,
        notifications,
        {
          userPhone: booking.phoneNumber,
          // The booking's account reads it (GET /notifications/mine); never matched by phone alone.
          userId: booking.userId,
          bookingId: booking.id,
          title: notice.en,
          titleAr: notice.ar,
          // The room type's name (its row's) and the dates as the app shows them, in each language's digits.
          message: bookingDetailsSql('en', booking, reason),
          messageAr: bookingDetailsSql('ar', booking, reason),
          type: `booking_${to}`,
        },
        guard,
      ),
    );
  }
  return statements;
}

/**
 * The manager's moves back along a stay's life, the one place saying what goes back to what:
 * `undo_check_out` takes a departure (completed, checked out) back in house, `reinstate` a
 * cancellation (a no-show included) back to the open status it left. Undoing a check-in only clears
 * it (the status stays open): modules/front-desk/stay-reversals.ts. Migration 0051's triggers refuse
 * any other reopening, and one that does not hold every night again.
 */
export const BOOKING_REOPENINGS = {
  undo_check_out: 'completed',
  reinstate: 'cancelled',
} as const satisfies Record<string, BookingStatus>;
export type Reopening = keyof typeof BOOKING_REOPENINGS;

/**
 * The open status a closed booking goes back to: confirmed if it was, approved otherwise (a request
 * still pending when it was rejected or expired is approved by the manager who reinstates it).
 */
export function reopenedStatus(booking: Pick<BookingSubmission, 'closedFrom'>): 'approved' | 'confirmed' {
  return booking.closedFrom?.status === 'confirmed' ? 'confirmed' : 'approved';
}

/** What a reopening's batch maps a refusal of the database to. */
function reopeningRefusal(err: unknown, kind: Reopening): ApiError | null {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  if (text.includes('UNIQUE constraint failed: room_nights.room_id, room_nights.night'))
    return new ApiError(409, 'room_taken');
  // Another guest checked into the room since (one stay in house per room, migration 0099).
  if (text.includes('room_occupied')) return new ApiError(409, 'room_occupied');
  if (/overbooked_(room|bed|smoking)|block_exceeded/.test(text))
    return new ApiError(409, kind === 'undo_check_out' ? 'room_taken' : 'no_rooms_available');
  if (text.includes('user_points_non_negative_check')) return new ApiError(409, 'insufficient_points');
  if (text.includes('stay_state_invalid') || text.includes('reopened_without_holds'))
    return new ApiError(409, 'transition_not_allowed');
  return null;
}

/**
 * Reopens a closed booking (a manager's undo of a check-out, or a reinstatement) in ONE batch:
 * its nights held again (each refused by the no-overbooking trigger when its night is sold out),
 * its room's nights from `roomNightsFrom` on taken again (the unique (room, night) index refuses a
 * night someone took), then the status back to the open one it left with `set`, the points the
 * close moved taken back, the audit line, the guest's notice if `notify`, and `statements`. The
 * writes before the status change are guarded by the row as read (its status and last update),
 * the ones after by the token of this request's change: of two identical requests one wins, the
 * other changes nothing (409 `status_changed`).
 */
export async function reopenBooking(
  db: Db,
  booking: BookingSubmission,
  actor: SessionUser,
  kind: Reopening,
  options: {
    set?: Partial<typeof bookingSubmissions.$inferInsert>;
    room: { id: number; from: string } | null;
    notify: boolean;
    audit: { before: Record<string, unknown>; after: Record<string, unknown> };
    statements?: (won: SQL) => BatchItem<'sqlite'>[];
  },
): Promise<BookingSubmission> {
  if (booking.status !== BOOKING_REOPENINGS[kind]) throw new ApiError(409, 'transition_not_allowed');
  const to = reopenedStatus(booking);
  const checkOutDate = options.set?.checkOutDate ?? booking.checkOutDate;
  const nights = stayNights(booking.checkInDate, checkOutDate);
  const asRead = sql`${bookingSubmissions.id} = ${booking.id} and ${bookingSubmissions.status} = ${booking.status} and ${bookingSubmissions.updatedAt} = ${booking.updatedAt.getTime()}`;
  const stillAsRead = sql`exists (select 1 from ${bookingSubmissions} where ${asRead})`;
  const token = newChangeToken();
  const won = rowExists(
    bookingSubmissions,
    sql`${bookingSubmissions.id} = ${booking.id} and ${bookingSubmissions.changeToken} = ${token}`,
  );
  const before: BatchItem<'sqlite'>[] = [
    insertWhere(
      db,
      bookingNights,
      {
        bookingId: booking.id,
        night: sql`value`,
        roomType: booking.roomType,
        bedType: booking.bedType,
        smokingType: booking.smokingPreference,
        groupId: booking.groupId, // a group member's nights go back into its block's hold
      },
      stillAsRead,
      sql`json_each(${JSON.stringify(nights)})`,
    ),
  ];
  const roomNightsBack = options.room ? nights.filter((night) => night >= options.room!.from) : [];
  if (options.room && roomNightsBack.length > 0) {
    before.push(
      holdRoomNightsStatement(db, { id: options.room.id }, booking.id, roomNightsBack, stillAsRead),
    );
  }
  const after: BatchItem<'sqlite'>[] = [];
  const auditMove = {
    from: booking.status,
    to,
    audit: { action: `booking.${kind}`, before: options.audit.before, after: options.audit.after },
  };
  const [auditLine, notice] = statusNoticeStatements(db, booking, auditMove, actor, won);
  after.push(auditLine!);
  if (options.notify && notice) after.push(notice);
  // What the close moved in points, taken back: the stay's earning, or a cancellation's refund.
  after.push(
    ...pointsLedger().undoStatements(db, booking, kind === 'undo_check_out' ? 'earn' : 'give_back', won),
  );
  if (options.statements) after.push(...options.statements(won));
  if (options.notify) {
    after.push(
      ...notifyStatements(db, {
        kind: `booking_${to}`,
        where: sql`${bookingSubmissions.id} = ${booking.id} and ${bookingSubmissions.changeToken} = ${token}`,
      }),
    );
  }
  const results = await db
    .batch([
      ...before,
      db
        .update(bookingSubmissions)
        .set({
          ...options.set,
          status: to,
          statusReason: null,
          closedFrom: null,
          changeToken: token,
          updatedAt: new Date(),
        })
        .where(asRead)
        .returning(),
      ...after,
    ] as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
    .catch((err: unknown) => {
      throw reopeningRefusal(err, kind) ?? err;
    });
  const updated = (results[before.length] as BookingSubmission[])[0];
  if (!updated) throw new ApiError(409, 'status_changed');
  return updated;
}

/**
 * A no-show recorded: the booking cancelled with the reason `no_show` as staff cancel it (the
 * guest's notice, its nights and room nights released, the points it moved given back), only
 * while it is still not checked in when the batch reaches it: one checked in meanwhile is left as
 * it is and the move refuses (409). The desk's no-show and the day close's use it.
 *
 * @example await recordNoShow(db, booking, staff); // after the arrival day, not checked in
 */
export function recordNoShow(db: Db, booking: BookingSubmission, actor: SessionUser | null) {
  return changeBookingStatus(db, booking, 'cancelled', actor, NO_SHOW_REASON, {
    where: isNull(bookingSubmissions.checkedInAt),
  });
}
