import { jwtVerify, SignJWT } from 'jose';
import { addDays } from '@shared/dates';
import { hotelInstant } from '@shared/stay-policy';
import { hmacSha256Hex, sha256Bytes } from '../../platform/crypto';

/**
 * Who may manage a booking without an account. Two proofs, both signed
 * with the worker's pepper:
 *
 * - the e-mails' signed link `/booking/<reference>?t=<token>`: `token` is `<until>.<hmac>`,
 *   `until` the booking's check-out date when the e-mail was written (YYYYMMDD) and the HMAC over
 *   the reference and `until`; valid to the end of that day (hotel time);
 * - the device's grants: after a lookup (reference + phone) or a signed link, an HttpOnly cookie
 *   holds a signed list of (booking id, until) pairs, like the phone proofs
 *   (modules/accounts/phone-verification.ts). modules/bookings/booking-access.ts reads and writes the cookie.
 */

/** Booking ids this device may manage, and until when (epoch ms). */
export type BookingGrants = Map<number, number>;

/** At most this many bookings per device (the newest kept). */
export const MAX_BOOKING_GRANTS = 20;

const GRANTS_AUDIENCE = 'booking-grants';

const grantsKey = (pepper: string) => sha256Bytes(`booking-grants:${pepper}`);

/** The end of a day (hotel time): when a grant or link for a stay leaving that day runs out. */
export function endOfHotelDay(date: string): Date {
  return hotelInstant(addDays(date, 1), '00:00');
}

/** The unexpired grants of a cookie's token; none when it is missing, forged or expired. */
export async function readBookingGrants(
  token: string | undefined,
  pepper: string,
  now = Date.now(),
): Promise<BookingGrants> {
  const grants: BookingGrants = new Map();
  if (!token || token.length > 4096) return grants;
  try {
    const { payload } = await jwtVerify(token, await grantsKey(pepper), {
      algorithms: ['HS256'],
      audience: GRANTS_AUDIENCE,
      currentDate: new Date(now),
    });
    const list = Array.isArray(payload.bk) ? (payload.bk as unknown[]) : [];
    for (const item of list) {
      if (!Array.isArray(item)) continue;
      const [id, until] = item as [unknown, unknown];
      if (Number.isSafeInteger(id) && typeof until === 'number' && until > now)
        grants.set(id as number, until);
    }
  } catch {
    // Forged, altered or expired: no grant.
  }
  return grants;
}

/** Adds a booking (until `until`, epoch ms) to the device's grants; the new token and its end. */
export async function addBookingGrant(
  grants: BookingGrants,
  bookingId: number,
  until: number,
  pepper: string,
  now = Date.now(),
) {
  const next = new Map(grants);
  next.delete(bookingId);
  next.set(bookingId, Math.max(until, now + 60 * 60_000));
  const kept = [...next.entries()].sort((a, b) => a[1] - b[1]).slice(-MAX_BOOKING_GRANTS);
  const expiresAt = Math.max(...kept.map(([, end]) => end));
  const token = await new SignJWT({ bk: kept })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(GRANTS_AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(await grantsKey(pepper));
  return { token, expiresAt: new Date(expiresAt) };
}

const linkMac = async (reference: string, until: string, pepper: string) =>
  (await hmacSha256Hex(`booking-link:${pepper}`, `${reference}.${until}`)).slice(0, 32);

/** The token of a booking's signed link (e-mails), valid to the end of its check-out day. */
export async function bookingLinkToken(
  reference: string,
  checkOutDate: string,
  pepper: string,
): Promise<string> {
  const until = checkOutDate.replaceAll('-', '');
  return `${until}.${await linkMac(reference, until, pepper)}`;
}

/** The path of a booking's page with its signed link (append to APP_ORIGIN). */
export async function bookingLinkPath(
  reference: string,
  checkOutDate: string,
  pepper: string,
): Promise<string> {
  return `/booking/${reference}?t=${await bookingLinkToken(reference, checkOutDate, pepper)}`;
}

/**
 * Whether `token` is a valid signed link for `reference` at `now`: answers until when it is
 * (epoch ms), or null (malformed, forged, or past the end of its day).
 */
export async function verifyBookingLinkToken(
  reference: string,
  token: string,
  pepper: string,
  now = Date.now(),
): Promise<number | null> {
  const match = /^(\d{8})\.([0-9a-f]{32})$/.exec(token);
  if (!match) return null;
  const [, until, mac] = match as unknown as [string, string, string];
  const expected = await linkMac(reference, until, pepper);
  // Compared as HMACs of both (no early exit on the first differing character).
  const [a, b] = await Promise.all([hmacSha256Hex(pepper, mac), hmacSha256Hex(pepper, expected)]);
  if (a !== b) return null;
  const end = endOfHotelDay(`${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}`).getTime();
  return Number.isFinite(end) && end > now ? end : null;
}
