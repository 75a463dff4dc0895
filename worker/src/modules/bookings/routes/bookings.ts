import { Hono, type Context } from 'hono';
import {
  bookingLinkSchema,
  bookingLookupSchema,
  bookingReferenceParamSchema,
} from '@shared/booking-lookup-schemas';
import { and, desc, inArray, ne } from 'drizzle-orm';
import { ERASED_MARK } from '@shared/account-schemas';
import { bookingSubmissions, type BookingSubmission } from '../tables';
import type { AppEnv } from '../../../platform/env';
import { deviceBookingGrants, grantBookingOnDevice } from '../booking-access';
import { clientAddress } from '../../../platform/request';
import { readSession } from '../../../platform/session-cookies';
import { validate } from '../../../platform/validation';
import { askedBookingByReference, bookingFromLink, lookUpBooking, managedBooking } from '../booking-lookup';
import { pendingHoldMs } from '../booking-status';
import { bookingRoomNumber } from '../numbered-rooms';
import { readSiteSettings } from '../../catalog';

/**
 * Manage my booking: `/booking/<reference>` for its guest, with or without an
 * account (modules/bookings/booking-lookup.ts).
 *
 * - POST /api/bookings/lookup { reference, phoneNumber } (public, throttled): the booking, granted
 *   to this device (an HttpOnly cookie); 404 for a wrong pair as for an unknown reference.
 * - POST /api/bookings/link { reference, token }: an e-mail's signed link exchanged for the same.
 * - GET /api/bookings/:reference: the booking, for its account or a device it was granted to.
 * - GET /api/bookings/on-this-device: the bookings granted to this device (reference, room, dates,
 *   status), for the lookup page's list.
 *
 * Each answers `{ booking, deviceGrant }`: `deviceGrant` says the device (not only the account)
 * may see it, so the app keeps it on the device after a logout.
 */
async function answer(c: Context<AppEnv>, booking: BookingSubmission, deviceGrant: boolean) {
  const [session, settings, roomNumber] = await Promise.all([
    readSession(c),
    readSiteSettings(c.get('db')),
    bookingRoomNumber(c.get('db'), booking),
  ]);
  const accountOwner = booking.userId !== null && session?.user.id === booking.userId;
  c.header('Cache-Control', 'no-store');
  return c.json({
    booking: managedBooking(booking, pendingHoldMs(c.env), settings, { accountOwner, roomNumber }),
    deviceGrant,
  });
}

export const manageBookingRoutes = new Hono<AppEnv>()
  .post('/lookup', validate('json', bookingLookupSchema), async (c) => {
    const booking = await lookUpBooking(c.get('db'), c.req.valid('json'), clientAddress(c));
    await grantBookingOnDevice(c, booking);
    return answer(c, booking, true);
  })
  .post('/link', validate('json', bookingLinkSchema), async (c) => {
    const { reference, token } = c.req.valid('json');
    const booking = await bookingFromLink(c.get('db'), reference, token, c.env.PASSWORD_PEPPER);
    await grantBookingOnDevice(c, booking);
    return answer(c, booking, true);
  })
  // The bookings granted to this device (made, looked up or opened from a link on it), newest stay
  // first: how a guest without an account finds theirs again. At most the grants' 20, by id.
  .get('/on-this-device', async (c) => {
    const grants = await deviceBookingGrants(c);
    c.header('Cache-Control', 'no-store');
    if (grants.size === 0) return c.json({ bookings: [] });
    const rows = await c
      .get('db')
      .select({
        reference: bookingSubmissions.reference,
        roomType: bookingSubmissions.roomType,
        checkInDate: bookingSubmissions.checkInDate,
        checkOutDate: bookingSubmissions.checkOutDate,
        status: bookingSubmissions.status,
      })
      .from(bookingSubmissions)
      .where(
        and(inArray(bookingSubmissions.id, [...grants.keys()]), ne(bookingSubmissions.fullName, ERASED_MARK)),
      )
      .orderBy(desc(bookingSubmissions.checkInDate), desc(bookingSubmissions.id));
    return c.json({ bookings: rows });
  })
  .get('/:reference', validate('param', bookingReferenceParamSchema), async (c) => {
    const { booking, deviceGrant } = await bookingAskedFor(c, c.req.valid('param').reference);
    return answer(c, booking, deviceGrant);
  });

/**
 * The booking with this reference, when the asker may see it: its account, or a device it was
 * granted to; 404 otherwise. Who asks first, then one batch: an unknown reference and another
 * guest's booking cost the same work, answer alike and count against the lookup's throttle.
 */
export async function bookingAskedFor(c: Context<AppEnv>, reference: string) {
  const [session, grants] = await Promise.all([readSession(c), deviceBookingGrants(c)]);
  const booking = await askedBookingByReference(
    c.get('db'),
    reference,
    { userId: session?.user.id ?? null, grantedIds: [...grants.keys()] },
    clientAddress(c),
  );
  return { booking, deviceGrant: grants.has(booking.id) };
}
