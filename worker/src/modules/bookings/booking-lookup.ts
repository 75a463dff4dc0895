import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { ERASED_MARK } from '@shared/account-schemas';
import type { BookingLookup } from '@shared/booking-lookup-schemas';
import { normalizePhone } from '@shared/digits';
import { bookingPolicy } from '@shared/stay-policy';
import { bookingSubmissions, type BookingSubmission } from './tables';
import type { Db } from '../../platform/env';
import { verifyBookingLinkToken } from './booking-grants';
import { listedBooking, maskedIdNumber } from './listed-booking';
import { ApiError, throttled } from '../../platform/api-error';
import {
  LIMITS,
  hitStatement,
  hitWhenStatement,
  hitWhileUnderStatement,
  retryAfterSeconds,
  underLimit,
} from '../../platform/rate-limit';
import { type SiteSettings } from '../catalog';
import { phoneKeyOf } from '../../platform/phone-numbers';

/**
 * Manage my booking, with or without an account.
 * A guest without an account proves a booking is theirs by its reference and the phone it was
 * made with (`lookUpBooking`, throttled), or by the signed link of its e-mails
 * (`bookingFromLink`); either then grants the booking to the device (modules/bookings/booking-access.ts).
 * The page shows `managedBooking`: the listed booking, what the guest may do now, and the hotel's
 * policy text.
 */

/** The booking with this (normalised) reference, if there is one. */
export function bookingByReference(db: Db, reference: string): Promise<BookingSubmission | undefined> {
  return db.select().from(bookingSubmissions).where(eq(bookingSubmissions.reference, reference)).get();
}

/**
 * The booking a reference and a phone name, or 404 `booking_lookup_failed`: the same answer for an
 * unknown reference and for a wrong phone, so a lookup tells nothing but "this pair is right".
 * Every try counts (right or wrong, as a guest trying again after a typo would): at most
 * LIMITS.bookingLookupPerAddress per client address and LIMITS.bookingLookupPerReference per
 * reference, then 429 with when to try again. The reference's counter counts only the tries its
 * address was allowed, so an address refused already does not use up the reference's tries.
 */
export async function lookUpBooking(
  db: Db,
  { reference, phoneNumber }: BookingLookup,
  address: string,
  now = Date.now(),
): Promise<BookingSubmission> {
  const perAddress = LIMITS.bookingLookupPerAddress;
  const perReference = LIMITS.bookingLookupPerReference;
  const addressKey = `lookup:addr:${address}`;
  const [addressCount, referenceCount, [booking]] = await db.batch([
    hitStatement(db, addressKey, perAddress, now),
    hitWhileUnderStatement(db, `lookup:ref:${reference}`, perReference, addressKey, perAddress, now),
    db.select().from(bookingSubmissions).where(eq(bookingSubmissions.reference, reference)).limit(1),
  ]);
  if ((addressCount[0]?.count ?? Infinity) > perAddress.max) {
    throw throttled('too_many_lookups', retryAfterSeconds(perAddress, now));
  }
  if ((referenceCount[0]?.count ?? Infinity) > perReference.max) {
    throw throttled('too_many_lookups', retryAfterSeconds(perReference, now));
  }
  // Phones are stored in full (modules/bookings/insert-booking.ts `requestedStay`); both sides are read the same way regardless.
  const phone = phoneKeyOf(phoneNumber);
  if (!booking || phone === '' || normalizePhone(booking.phoneNumber) !== phone) {
    throw new ApiError(404, 'booking_lookup_failed');
  }
  return booking;
}

/** Who asks for a booking by its reference: the signed-in account, and the bookings granted to the device. */
export type BookingAsker = { userId: number | null; grantedIds: readonly number[] };

/**
 * The booking with this reference if `asker` may manage it (its account, or a device it was
 * granted to); 404 `booking_not_found` otherwise, for an unknown reference as for another guest's.
 * Both cost the same work: one batch that reads the asker's booking and, when there is none, counts
 * the try against the lookup's throttles (per client address and per reference, as
 * `lookUpBooking`'s tries). Past them, 429 `too_many_lookups`: guessing references here is
 * guessing them with a lookup. A guest opening their own booking counts nothing.
 */
export async function askedBookingByReference(
  db: Db,
  reference: string,
  asker: BookingAsker,
  address: string,
  now = Date.now(),
): Promise<BookingSubmission> {
  const perAddress = LIMITS.bookingLookupPerAddress;
  const perReference = LIMITS.bookingLookupPerReference;
  const addressKey = `lookup:addr:${address}`;
  const mine = and(
    eq(bookingSubmissions.reference, reference),
    // An erased account's booking is nobody's any more (a device's grant to it ends too).
    ne(bookingSubmissions.fullName, ERASED_MARK),
    or(
      asker.userId === null ? undefined : eq(bookingSubmissions.userId, asker.userId),
      inArray(bookingSubmissions.id, [...asker.grantedIds]),
    ),
  );
  const missed = sql`not exists (select 1 from ${bookingSubmissions} where ${mine})`;
  const [addressCount, referenceCount, [booking]] = await db.batch([
    hitWhenStatement(db, addressKey, perAddress, missed, now),
    hitWhenStatement(
      db,
      `lookup:ref:${reference}`,
      perReference,
      sql`${missed} and ${underLimit(addressKey, perAddress, now)}`,
      now,
    ),
    db.select().from(bookingSubmissions).where(mine).limit(1),
  ]);
  if (booking) return booking;
  if ((addressCount[0]?.count ?? Infinity) > perAddress.max) {
    throw throttled('too_many_lookups', retryAfterSeconds(perAddress, now));
  }
  if ((referenceCount[0]?.count ?? Infinity) > perReference.max) {
    throw throttled('too_many_lookups', retryAfterSeconds(perReference, now));
  }
  throw new ApiError(404, 'booking_not_found');
}

/**
 * The booking an e-mail's signed link names, while the link is valid (to the end of the stay's
 * check-out day, hotel time): 410 `booking_link_expired` for a genuine link past its day, 404
 * `booking_link_invalid` for a forged or altered one, one for another reference, or a booking
 * that is gone.
 */
export async function bookingFromLink(
  db: Db,
  reference: string,
  token: string,
  pepper: string,
  now = Date.now(),
): Promise<BookingSubmission> {
  const until = await verifyBookingLinkToken(reference, token, pepper, now);
  if (until === null) {
    // Signed by us but past its day (checked as if at the epoch), or not ours at all.
    const genuine = (await verifyBookingLinkToken(reference, token, pepper, 0)) !== null;
    throw new ApiError(genuine ? 410 : 404, genuine ? 'booking_link_expired' : 'booking_link_invalid');
  }
  const booking = await bookingByReference(db, reference);
  // An erased account's booking keeps its figures, not its guest: its links end with the erasure.
  if (!booking || booking.fullName === ERASED_MARK) throw new ApiError(404, 'booking_link_invalid');
  return booking;
}

/**
 * A booking as its page shows it to its guest: the listed booking (the ID number masked: whoever
 * holds the reference and the phone sees the booking, not the guest's ID; the account's e-mail
 * only to that account), what the guest may do now (the shared stay policy) and the hotel's
 * cancellation policy in both languages, and the stay at the desk (`stay`).
 */
export function managedBooking(
  booking: BookingSubmission,
  holdMs: number,
  settings: Pick<
    SiteSettings,
    | 'checkInTime'
    | 'checkOutTime'
    | 'freeCancellationHours'
    | 'onlineCheckInHours'
    | 'cancellationPolicy'
    | 'cancellationPolicyAr'
  >,
  {
    accountOwner,
    roomNumber = null,
    now = new Date(),
  }: { accountOwner: boolean; roomNumber?: string | null; now?: Date },
) {
  const listed = listedBooking(booking, holdMs);
  return {
    ...listed,
    idNumber: maskedIdNumber(listed.idNumber),
    userEmail: accountOwner ? listed.userEmail : null,
    policy: bookingPolicy(booking, settings, now),
    policyText: { ar: settings.cancellationPolicyAr, en: settings.cancellationPolicy },
    /**
     * At the desk: the room's number (shown once the guest is checked in), when they
     * checked in and out, and the time to leave by on the check-out day (a late check-out granted,
     * or the hotel's check-out time).
     */
    stay: {
      roomNumber: booking.checkedInAt ? roomNumber : null,
      checkedInAt: booking.checkedInAt,
      checkedOutAt: booking.checkedOutAt,
      departureTime: booking.departureTime ?? settings.checkOutTime,
    },
  };
}
export type ManagedBooking = ReturnType<typeof managedBooking>;
