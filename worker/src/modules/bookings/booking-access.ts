import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { eq } from 'drizzle-orm';
import { ERASED_MARK } from '@shared/account-schemas';
import { bookingSubmissions, type BookingSubmission } from './tables';
import type { AppEnv } from '../../platform/env';
import { addBookingGrant, endOfHotelDay, readBookingGrants, type BookingGrants } from './booking-grants';
import { ApiError } from '../../platform/api-error';
import { readSession } from '../../platform/session-cookies';

/**
 * Who may manage a booking: its account, or a device the booking was granted to by a
 * lookup (reference + phone) or a signed e-mail link (modules/bookings/booking-grants.ts). The grants live in
 * an HttpOnly, SameSite=Lax cookie (`__Host-` and Secure in production).
 */
const COOKIE = 'booking_grants';
/** 399 days: under the 400 a browser keeps a cookie at most. */
const MAX_COOKIE_AGE_MS = 399 * 24 * 60 * 60_000;

const production = (c: Context<AppEnv>) => c.env.ENVIRONMENT === 'production';

/** The bookings this device may manage (unexpired grants). */
export function deviceBookingGrants(c: Context<AppEnv>): Promise<BookingGrants> {
  const token = getCookie(c, COOKIE, production(c) ? 'host' : undefined);
  return readBookingGrants(token, c.env.PASSWORD_PEPPER);
}

/** Grants `booking` to this device until the end of its check-out day (hotel time). */
export async function grantBookingOnDevice(
  c: Context<AppEnv>,
  booking: Pick<BookingSubmission, 'id' | 'checkOutDate'>,
): Promise<void> {
  const { token, expiresAt } = await addBookingGrant(
    await deviceBookingGrants(c),
    booking.id,
    endOfHotelDay(booking.checkOutDate).getTime(),
    c.env.PASSWORD_PEPPER,
  );
  setCookie(c, COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: production(c),
    path: '/',
    // Browsers (and Hono) refuse a cookie kept past 400 days (RFC 6265bis): a stay booked further
    // ahead keeps its grant that long, then the guest looks it up again.
    expires: new Date(Math.min(expiresAt.getTime(), Date.now() + MAX_COOKIE_AGE_MS)),
    ...(production(c) && { prefix: 'host' as const }),
  });
}

/** Whether this request may manage `booking`: the signed-in account's own, or granted to the device. */
export async function ownsBooking(
  c: Context<AppEnv>,
  booking: Pick<BookingSubmission, 'id' | 'userId'>,
): Promise<boolean> {
  if (booking.userId !== null) {
    const session = await readSession(c);
    if (session && session.user.id === booking.userId) return true;
  }
  return (await deviceBookingGrants(c)).has(booking.id);
}

/**
 * The booking `id` if this request may manage it as its guest (ownsBooking); 404 otherwise,
 * the same answer as for an unknown id (nothing is revealed). Staff act through the desk's
 * routes, not as the booking's owner.
 */
export async function findOwnedBooking(c: Context<AppEnv>, id: number): Promise<BookingSubmission> {
  const booking = await c
    .get('db')
    .select()
    .from(bookingSubmissions)
    .where(eq(bookingSubmissions.id, id))
    .get();
  // An erased account's booking is nobody's any more: a device's old grant to it ends too.
  if (!booking || booking.fullName === ERASED_MARK || !(await ownsBooking(c, booking))) {
    throw new ApiError(404, 'booking_not_found');
  }
  return booking;
}
