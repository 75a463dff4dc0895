import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { EVENT_RULES } from '@shared/constants';
import type { OnlineCheckIn, OnlineCheckInView } from '@shared/online-check-in-schemas';
import { occupancyRefusal } from '@shared/room-type-schemas';
import { bookingPolicy } from '@shared/stay-policy';
import { staffAlerts } from '../../platform/tables';
import { bookingSubmissions, type BookingSubmission } from './tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { insertWhere, newChangeToken, rowExists } from '../../platform/atomic';
import { notifyStatements } from '../../platform/notify';
import { ApiError } from '../../platform/api-error';
import { checkImage, EXTENSIONS, readLimited } from '../../platform/images';
import { findRoomType, type SiteSettings } from '../catalog';

/**
 * Online check-in (docs/decisions/046-online-check-in.md).
 *
 * A guest of an approved or confirmed booking (routes use modules/bookings/booking-access.ts
 * `findOwnedBooking`) may, from `onlineCheckInHours` before check-in time on the arrival day to
 * the end of that day (shared/src/stay-policy.ts `bookingPolicy`), upload a photo of their ID
 * and then say when they arrive, how many adults and children come, what they would like, and
 * accept the hotel's terms; they may do it again until the window closes.
 *
 * The ID photo lives in R2 under `id-documents/<booking id>/<random>.<ext>`, a key only the
 * server knows, and is read back by staff only (modules/bookings/routes/admin/booking-submissions.ts); never by
 * the guest, not even their own (what is on file is personal data: a stolen device or cookie
 * must not hand it out). The daily job deletes it (modules/privacy/id-retention.ts).
 */

export const ID_DOCUMENT_PREFIX = 'id-documents/';

/** Statuses in which a guest may check in online. */
const CHECK_IN_STATUSES = ['approved', 'confirmed'] as const;

type Settings = Pick<SiteSettings, 'checkInTime' | 'freeCancellationHours' | 'onlineCheckInHours'>;

/** A booking's check-in columns before anything was done (a row being inserted). */
export const NO_ONLINE_CHECK_IN = {
  checkInArrivalTime: null,
  checkInAdults: null,
  checkInChildren: null,
  checkInRequests: null,
  checkInTermsAcceptedAt: null,
  checkedInOnlineAt: null,
  idDocumentKey: null,
  idDocumentType: null,
  idDocumentUploadedAt: null,
  idDataPurgedAt: null,
} satisfies Partial<BookingSubmission>;

/** The online check-in as the booking's page and the desk show it; null until the guest has checked in. */
export function onlineCheckInView(
  row: Pick<
    BookingSubmission,
    | 'checkedInOnlineAt'
    | 'checkInArrivalTime'
    | 'checkInAdults'
    | 'checkInChildren'
    | 'checkInRequests'
    | 'checkInTermsAcceptedAt'
    | 'idDocumentKey'
  >,
): OnlineCheckInView {
  if (!row.checkedInOnlineAt || !row.checkInArrivalTime || !row.checkInTermsAcceptedAt) return null;
  return {
    arrivalTime: row.checkInArrivalTime,
    adults: row.checkInAdults ?? 1,
    children: row.checkInChildren ?? 0,
    specialRequests: row.checkInRequests ?? '',
    termsAcceptedAt: row.checkInTermsAcceptedAt.toISOString(),
    checkedInAt: row.checkedInOnlineAt.toISOString(),
    hasIdDocument: row.idDocumentKey !== null,
  };
}

/**
 * Refuses (409) unless online check-in is open for `booking` at `now`: approved or confirmed
 * (`online_check_in_status`), not before the window opens (`online_check_in_not_open`), not after
 * the arrival day (`online_check_in_closed`).
 */
export function assertCheckInOpen(
  booking: Pick<BookingSubmission, 'status' | 'checkInDate' | 'idDataPurgedAt'>,
  settings: Settings,
  now: Date,
): void {
  if (!(CHECK_IN_STATUSES as readonly string[]).includes(booking.status) || booking.idDataPurgedAt) {
    throw new ApiError(409, 'online_check_in_status');
  }
  const policy = bookingPolicy(booking, settings, now);
  if (policy.mayCheckInOnline) return;
  if (now.getTime() < new Date(policy.onlineCheckInOpensAt).getTime()) {
    throw new ApiError(409, 'online_check_in_not_open');
  }
  throw new ApiError(409, 'online_check_in_closed');
}

/** Who did it, for the audit line: the signed-in account, or a guest by their device's grant. */
function actorOf(actor: SessionUser | null) {
  return { actorUserId: actor?.id ?? null, actorEmail: actor?.email ?? 'guest (booking link)' };
}

/** The guard every statement of a guest's check-in write shares: the booking may still take it. */
const stillOpen = (id: number) =>
  and(
    eq(bookingSubmissions.id, id),
    inArray(bookingSubmissions.status, [...CHECK_IN_STATUSES]),
    isNull(bookingSubmissions.idDataPurgedAt),
  )!;

/**
 * Saves the check-in details: the booking, its audit line and, the first time, the staff's
 * alert ("checked in online"), in one batch. The ID photo must be on file first
 * (`id_document_required`); adults and children may not exceed the booking's guests
 * (`check_in_guests_over_booking`, 422: more people is a change of the booking), nor its room
 * type's limits of adults and children (`over_occupancy`, 422).
 */
export async function saveOnlineCheckIn(
  db: Db,
  booking: BookingSubmission,
  input: OnlineCheckIn,
  { settings, now = new Date(), actor }: { settings: Settings; now?: Date; actor: SessionUser | null },
): Promise<BookingSubmission> {
  assertCheckInOpen(booking, settings, now);
  if (input.adults + input.children > booking.numberOfGuests) {
    throw new ApiError(422, 'check_in_guests_over_booking', { children: 'check_in_guests_over_booking' });
  }
  const type = await findRoomType(db, booking.roomType);
  if (type && occupancyRefusal(type, input.adults, input.children)) {
    throw new ApiError(422, 'over_occupancy', { children: 'over_occupancy' });
  }
  if (!booking.idDocumentKey) throw new ApiError(409, 'id_document_required');
  const token = newChangeToken();
  const first = !booking.checkedInOnlineAt;
  const details = {
    arrivalTime: input.arrivalTime,
    adults: input.adults,
    children: input.children,
    specialRequests: input.specialRequests,
  };
  const [, updated] = await db.batch([
    // The staff's alert, once: written before the change, under the same conditions, so it is
    // there exactly when this batch is the one that checks the booking in.
    insertWhere(
      db,
      staffAlerts,
      { kind: 'online_check_in', bookingId: booking.id },
      rowExists(
        bookingSubmissions,
        and(
          stillOpen(booking.id),
          isNull(bookingSubmissions.checkedInOnlineAt),
          sql`${bookingSubmissions.idDocumentKey} is not null`,
        )!,
      ),
    ),
    db
      .update(bookingSubmissions)
      .set({
        checkInArrivalTime: input.arrivalTime,
        checkInAdults: input.adults,
        checkInChildren: input.children,
        checkInRequests: input.specialRequests,
        checkInTermsAcceptedAt: now,
        checkedInOnlineAt: sql`coalesce(${bookingSubmissions.checkedInOnlineAt}, ${now.getTime()})`,
        changeToken: token,
        updatedAt: now,
      })
      .where(and(stillOpen(booking.id), sql`${bookingSubmissions.idDocumentKey} is not null`))
      .returning(),
    insertWhere(
      db,
      auditLog,
      {
        ...actorOf(actor),
        action: first ? 'booking.checked_in_online' : 'booking.online_check_in_updated',
        entityType: 'booking',
        entityId: String(booking.id),
        before: first ? null : onlineCheckInView(booking),
        after: details,
      },
      rowExists(
        bookingSubmissions,
        and(eq(bookingSubmissions.id, booking.id), eq(bookingSubmissions.changeToken, token))!,
      ),
    ),
    // Staff's push, the first time only: this batch's change, and the check-in time is its own.
    ...notifyStatements(db, {
      kind: 'booking_checked_in_online',
      where: and(
        eq(bookingSubmissions.id, booking.id),
        eq(bookingSubmissions.changeToken, token),
        eq(bookingSubmissions.checkedInOnlineAt, now),
      )!,
    }),
  ]);
  if (!updated[0]) throw new ApiError(409, 'online_check_in_status');
  return updated[0];
}

/** How many times an upload retries when another upload replaced the photo meanwhile. */
const SWAP_TRIES = 3;

/**
 * Stores the guest's ID photo: checked like the event uploads (real type from its first bytes,
 * 5 MB, dimensions), put in R2 under a fresh private key, then pointed to by the booking in one
 * batch with its audit line. The object is written before the batch (a batch cannot wait for
 * R2); when the batch fails or finds the booking no longer open, the new object is deleted, so
 * nothing is left that the booking does not point to. A photo it replaces is deleted after the
 * batch (compare-and-swap on the old key, so two uploads at once never lose track of one). An
 * object orphaned by a worker that died midway is swept by the daily job (modules/privacy/id-retention.ts).
 */
export async function storeIdDocument(
  db: Db,
  images: R2Bucket,
  booking: BookingSubmission,
  body: ReadableStream<Uint8Array> | null,
  { settings, now = new Date(), actor }: { settings: Settings; now?: Date; actor: SessionUser | null },
): Promise<BookingSubmission> {
  assertCheckInOpen(booking, settings, now);
  const bytes = await readLimited(body, EVENT_RULES.maxImageBytes);
  const contentType = checkImage(bytes);
  const key = `${ID_DOCUMENT_PREFIX}${booking.id}/${crypto.randomUUID()}.${EXTENSIONS[contentType]}`;
  await images.put(key, bytes, { httpMetadata: { contentType } });
  let previous = booking.idDocumentKey;
  let stored: BookingSubmission | undefined;
  try {
    for (let attempt = 0; attempt < SWAP_TRIES; attempt++) {
      const token = newChangeToken();
      const [updated] = await db.batch([
        db
          .update(bookingSubmissions)
          .set({
            idDocumentKey: key,
            idDocumentType: contentType,
            idDocumentUploadedAt: now,
            changeToken: token,
            updatedAt: now,
          })
          .where(
            and(
              stillOpen(booking.id),
              previous === null
                ? isNull(bookingSubmissions.idDocumentKey)
                : eq(bookingSubmissions.idDocumentKey, previous),
            ),
          )
          .returning(),
        insertWhere(
          db,
          auditLog,
          {
            ...actorOf(actor),
            action: 'booking.id_document_uploaded',
            entityType: 'booking',
            entityId: String(booking.id),
            before: null,
            after: { contentType, byteSize: bytes.byteLength },
          },
          rowExists(
            bookingSubmissions,
            and(eq(bookingSubmissions.id, booking.id), eq(bookingSubmissions.changeToken, token))!,
          ),
        ),
      ]);
      if (updated[0]) {
        stored = updated[0];
        break;
      }
      // Either the booking closed meanwhile, or another upload replaced the photo: read again.
      const [row] = await db
        .select({
          status: bookingSubmissions.status,
          checkInDate: bookingSubmissions.checkInDate,
          idDataPurgedAt: bookingSubmissions.idDataPurgedAt,
          idDocumentKey: bookingSubmissions.idDocumentKey,
        })
        .from(bookingSubmissions)
        .where(eq(bookingSubmissions.id, booking.id));
      if (!row) throw new ApiError(404, 'booking_not_found');
      assertCheckInOpen(row, settings, now);
      previous = row.idDocumentKey;
    }
    if (!stored) throw new ApiError(409, 'online_check_in_busy');
  } catch (err) {
    // Nothing points to the new object: it goes (the booking keeps the photo it had).
    await images.delete(key);
    throw err;
  }
  // The photo it replaced, now pointed to by nothing.
  if (previous) await images.delete(previous);
  return stored;
}

/** The ID photo of a booking, for staff: its bytes' stream and type; 404 when there is none. */
export async function readIdDocument(db: Db, images: R2Bucket, bookingId: number) {
  const [row] = await db
    .select({ key: bookingSubmissions.idDocumentKey, type: bookingSubmissions.idDocumentType })
    .from(bookingSubmissions)
    .where(eq(bookingSubmissions.id, bookingId));
  if (!row?.key) throw new ApiError(404, 'id_document_not_found');
  const object = await images.get(row.key);
  if (!object) throw new ApiError(404, 'id_document_not_found');
  return {
    body: object.body,
    size: object.size,
    contentType: row.type ?? object.httpMetadata?.contentType ?? 'application/octet-stream',
  };
}
