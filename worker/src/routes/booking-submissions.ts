import { and, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import {
  bookingListQuerySchema,
  bookingRequestSchema,
  bookingStatusSchema,
} from '../../../shared/src/booking-schemas';
import { idParamSchema } from '../../../shared/src/date-schemas';
import { BOOKING_TRANSITIONS, POINTS_EARNED } from '../../../shared/src/constants';
import { normalizePhone, toLatinDigits } from '../../../shared/src/digits';
import { bookingSubmissions } from '../db/schema/inventory';
import { auditLog } from '../db/schema/operations';
import type { AppEnv } from '../env';
import { auditEntry } from '../lib/audit';
import { changeBookingStatus, createBookingOnce, listedBooking, pendingHoldMs } from '../lib/bookings';
import { idempotencyFrom } from '../http/idempotency';
import { hasRole } from '../lib/auth';
import { requireRole, requireUser } from '../http/auth';
import { ApiError } from '../lib/errors';
import { translate } from '../lib/messages';
import { clientHash } from '../http/request';
import { readSession } from '../http/sessions';
import { validate } from '../http/validation';
import { answerIfChanged } from '../http/versions';

/** Digits (Latin or Arabic-Indic) with the separators people type in a phone number. */
const PHONE_LIKE = /^[\s+\-().0-9\u0660-\u0669\u06F0-\u06F9]+$/;

/**
 * Booking requests (guest and admin specs sections 4 and 7, DESIGN.md "Rooms,
 * availability and bookings"): the server computes the price, takes the
 * per-night holds atomically (a database trigger refuses any night that would
 * go past the allotment, and the batch rolls back), and is the only judge of
 * status moves and of who sees what.
 */

async function loadVisible(c: Context<AppEnv>, id: number) {
  const session = await readSession(c);
  if (!session) throw new ApiError(401, 'not_signed_in');
  const booking = await c
    .get('db')
    .select()
    .from(bookingSubmissions)
    .where(eq(bookingSubmissions.id, id))
    .get();
  // Another guest's booking is "not found", never "forbidden": nothing is revealed.
  if (!booking || (!hasRole(session.user, 'staff') && booking.userId !== session.user.id)) {
    throw new ApiError(404, 'booking_not_found');
  }
  return { session, booking };
}

export const bookings = new Hono<AppEnv>()
  .get('/', validate('query', bookingListQuerySchema), requireUser, async (c) => {
    const user = c.get('user');
    const { status, from, to, q } = c.req.valid('query');
    // A pending request's hold end is in the answer, and so depends on nothing but the rows.
    await answerIfChanged(c, ['bookings'], `${user.id}:${user.role}:${new URL(c.req.url).search}`);
    const filters: SQL[] = [];
    // Guests see only their own bookings; staff see all, with filters.
    if (!hasRole(user, 'staff')) filters.push(eq(bookingSubmissions.userId, user.id));
    if (status) filters.push(eq(bookingSubmissions.status, status));
    if (from) filters.push(gte(bookingSubmissions.checkOutDate, from));
    if (to) filters.push(lte(bookingSubmissions.checkInDate, to));
    if (q) {
      // instr(), not LIKE: D1 caps LIKE patterns at 50 bytes (25 Arabic letters), and
      // instr has no wildcards to escape. Case-folded for Latin names; digits typed in
      // Arabic-Indic match the Latin digits the phone and ID are kept in.
      const text = toLatinDigits(q).toLowerCase();
      // Only a query that looks like a phone number is matched against phones: the digits of a
      // name or reference ("Walk-in 12") would otherwise find every phone containing "12".
      const phone = PHONE_LIKE.test(q) ? normalizePhone(q) : '';
      filters.push(
        or(
          sql`instr(lower(${bookingSubmissions.fullName}), ${text}) > 0`,
          sql`instr(lower(${bookingSubmissions.idNumber}), ${text}) > 0`,
          sql`instr(lower(${bookingSubmissions.reference}), ${text}) > 0`,
          ...(phone ? [sql`instr(${bookingSubmissions.phoneNumber}, ${phone}) > 0`] : []),
        )!,
      );
    }
    const rows = await c
      .get('db')
      .select()
      .from(bookingSubmissions)
      .where(and(...filters))
      .orderBy(desc(bookingSubmissions.createdAt), desc(bookingSubmissions.id))
      .limit(500);
    c.header('Cache-Control', 'no-store');
    const holdMs = pendingHoldMs(c.env);
    return c.json(rows.map((row) => listedBooking(row, holdMs)));
  })
  .post('/', validate('json', bookingRequestSchema), async (c) => {
    const session = await readSession(c);
    const input = c.req.valid('json');
    // The offline outbox names the account that queued the request: never sent as anyone else.
    const expected = c.req.header('x-expected-user-id');
    if (expected !== undefined) {
      if (!session) throw new ApiError(401, 'not_signed_in');
      if (expected !== String(session.user.id)) throw new ApiError(401, 'session_user_changed');
    }
    const outcome = await createBookingOnce(
      c.get('db'),
      input,
      { session: session?.user ?? null, clientHash: await clientHash(c) },
      {
        // Per account: one guest's key never answers with another's booking.
        idem: await idempotencyFrom(c, `booking:${session?.user.id ?? 'anonymous'}`, input),
        language: c.get('language'),
        holdMs: pendingHoldMs(c.env),
        requestId: c.get('requestId'),
      },
    );
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
    if (outcome.status === 409) return c.json(outcome.body, 409);
    return c.json(outcome.body, 201);
  })
  .patch(
    '/:id/status',
    validate('param', idParamSchema),
    validate('json', bookingStatusSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { status, reason } = c.req.valid('json');
      const { session, booking } = await loadVisible(c, id);
      const staff = hasRole(session.user, 'staff');
      if (!staff && (status !== 'cancelled' || booking.status !== 'pending')) {
        throw new ApiError(403, 'guest_may_only_cancel_pending');
      }
      if (!BOOKING_TRANSITIONS[booking.status].includes(status))
        throw new ApiError(409, 'transition_not_allowed');
      const updated = await changeBookingStatus(c.get('db'), booking, status, session.user, reason);
      return c.json({
        message: translate('status_updated', c.get('language')),
        booking: listedBooking(updated, pendingHoldMs(c.env)),
      });
    },
  )
  .post('/:id/complete', validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const { session, booking } = await loadVisible(c, id);
    if (!hasRole(session.user, 'staff')) throw new ApiError(403, 'forbidden');
    if (!BOOKING_TRANSITIONS[booking.status].includes('completed')) {
      throw new ApiError(409, 'transition_not_allowed');
    }
    const updated = await changeBookingStatus(c.get('db'), booking, 'completed', session.user);
    const earned =
      booking.userId && booking.userEmail && !booking.isPointsBooking ? POINTS_EARNED[booking.roomType] : 0;
    return c.json({
      message: translate(earned > 0 ? 'completed_with_points' : 'status_updated', c.get('language')).replace(
        '{points}',
        String(earned),
      ),
      booking: listedBooking(updated, pendingHoldMs(c.env)),
      pointsEarned: earned,
    });
  })
  .delete('/:id', validate('param', idParamSchema), requireRole('admin'), async (c) => {
    const { id } = c.req.valid('param');
    const db = c.get('db');
    const booking = await db.select().from(bookingSubmissions).where(eq(bookingSubmissions.id, id)).get();
    if (!booking) throw new ApiError(404, 'booking_not_found');
    await db.batch([
      db.delete(bookingSubmissions).where(eq(bookingSubmissions.id, id)),
      db
        .insert(auditLog)
        .values(auditEntry(c.get('user'), 'booking.delete', 'booking', id, listedBooking(booking, 0), null)),
    ]);
    return c.json({ message: translate('booking_deleted', c.get('language')) });
  });
