import { Hono, type Context } from 'hono';
import {
  bookingChangeSchema,
  bookingListQuerySchema,
  bookingRequestSchema,
  bookingStatusSchema,
} from '@shared/booking-schemas';
import { idParamSchema } from '@shared/date-schemas';
import type { AppEnv } from '../../../platform/env';
import { requireRole, requireUser } from '../../../platform/auth-middleware';
import { findOwnedBooking, grantBookingOnDevice } from '../booking-access';
import { requestDeviceId } from '../../../platform/device-id';
import { idempotencyFrom } from '../../../platform/idempotency-key';
import { clientHash } from '../../../platform/request';
import { readSession } from '../../../platform/session-cookies';
import { validate } from '../../../platform/validation';
import { answerIfChanged } from '../../../platform/etag-answers';
import { completeBooking, deleteBooking, setBookingStatus } from '../booking-status';
import { bookingCountsByStatus, listBookings } from '../booking-lists';
import { guestView, listedBooking } from '../listed-booking';
import { pendingHoldMs } from '../booking-status';
import { createBookingOnce } from '../booking-requests';
import { cancelOwnBooking, changeOwnBooking } from '../booking-changes';
import { hasRole } from '../../../platform/roles';
import { readSiteSettings } from '../../catalog';
import { ApiError } from '../../../platform/api-error';
import { translate } from '../../../platform/messages';
import { countText } from '../../../platform/counts';
import { pointsLedger } from '../points-port';

/**
 * Booking requests (guest and admin specs sections 4 and 7): the server computes the price, takes the
 * per-night holds atomically (a database trigger refuses any night that would
 * go past the allotment, and the batch rolls back), and is the only judge of
 * status moves and of who sees what.
 */

/** The signed-in user, or 401 (the status calls check the role after finding the booking). */
async function signedInUser(c: Context<AppEnv>) {
  const session = await readSession(c);
  if (!session) throw new ApiError(401, 'not_signed_in');
  return session.user;
}

export const bookings = new Hono<AppEnv>()
  .get('/', validate('query', bookingListQuerySchema), requireUser, async (c) => {
    const user = c.get('user');
    // A pending request's hold end is in the answer, and so depends on nothing but the rows.
    await answerIfChanged(c, ['bookings'], `${user.id}:${user.role}:${new URL(c.req.url).search}`);
    const rows = await listBookings(c.get('db'), user, c.req.valid('query'));
    c.header('Cache-Control', 'no-store');
    const holdMs = pendingHoldMs(c.env);
    // Staff read the ID number whole; a guest's own list shows its last digits only.
    const view = hasRole(user, 'staff') ? <T>(listed: T) => listed : guestView;
    return c.json(rows.map((row) => view(listedBooking(row, holdMs))));
  })
  .get('/counts', requireRole('staff'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await bookingCountsByStatus(c.get('db')));
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
      {
        session: session?.user ?? null,
        clientHash: await clientHash(c),
        deviceId: requestDeviceId(c),
        // The installed app says so (`X-Installed-App: 1`): the booking's source is `app`.
        app: c.req.header('x-installed-app') === '1',
      },
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
    // The device that booked may open and manage it (its page, the lookup's list), with or without
    // an account, until the end of its check-out day; the desk's tablet is not the guest's device.
    if (!session || !hasRole(session.user, 'staff')) await grantBookingOnDevice(c, outcome.body.booking);
    return c.json(outcome.body, 201);
  })
  .patch(
    '/:id/status',
    validate('param', idParamSchema),
    validate('json', bookingStatusSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { status, reason } = c.req.valid('json');
      const session = await readSession(c);
      let updated;
      const staff = session !== null && hasRole(session.user, 'staff');
      if (staff) {
        updated = await setBookingStatus(c.get('db'), session.user, id, status, reason);
      } else {
        // A guest, with an account or a device grant, only cancels their own booking,
        // up to the policy's deadline (modules/bookings/booking-changes.ts).
        if (status !== 'cancelled')
          throw new ApiError(session ? 403 : 401, session ? 'guest_may_only_cancel' : 'not_signed_in');
        const [booking, settings] = await Promise.all([
          findOwnedBooking(c, id),
          readSiteSettings(c.get('db')),
        ]);
        updated = await cancelOwnBooking(c.get('db'), booking, session?.user ?? null, settings, { reason });
      }
      return c.json({
        message: translate('status_updated', c.get('language')),
        booking: staff
          ? listedBooking(updated, pendingHoldMs(c.env))
          : guestView(listedBooking(updated, pendingHoldMs(c.env))),
        // Spec section 4: the guest's cancellation toast says how many points were deducted.
        pointsDeducted: status === 'cancelled' ? await pointsLedger().deductedFor(c.get('db'), id) : 0,
      });
    },
  )
  .patch('/:id', validate('param', idParamSchema), validate('json', bookingChangeSchema), async (c) => {
    // The booking's guest (account or device grant) changes it.
    const { id } = c.req.valid('param');
    const [booking, settings, session] = await Promise.all([
      findOwnedBooking(c, id),
      readSiteSettings(c.get('db')),
      readSession(c),
    ]);
    const outcome = await changeOwnBooking(c.get('db'), booking, c.req.valid('json'), {
      actor: session?.user ?? null,
      settings,
      language: c.get('language'),
      requestId: c.get('requestId'),
    });
    if (outcome.status === 409) return c.json(outcome.body, 409);
    return c.json({
      message: translate('booking_change_saved', c.get('language')),
      booking: guestView(listedBooking(outcome.booking, pendingHoldMs(c.env))),
    });
  })
  .post('/:id/complete', validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    const user = await signedInUser(c);
    const { booking: updated, pointsEarned: earned } = await completeBooking(c.get('db'), user, id);
    return c.json({
      message: translate(earned > 0 ? 'completed_with_points' : 'status_updated', c.get('language'), {
        points: countText(earned, c.get('language'), 'points'),
      }),
      booking: listedBooking(updated, pendingHoldMs(c.env)),
      pointsEarned: earned,
    });
  })
  .delete('/:id', validate('param', idParamSchema), requireRole('admin'), async (c) => {
    const { id } = c.req.valid('param');
    await deleteBooking(c.get('db'), c.get('user'), id);
    return c.json({ message: translate('booking_deleted', c.get('language')) });
  });
