import { and, asc, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { bookingSubmissions } from './tables';
import type { Db } from '../../platform/env';
import { bookingsGuestData } from './guest-data';
import { ID_DOCUMENT_PREFIX } from './online-check-in';

/**
 * A booking's ID data (number, photo key and type, from online check-in) for the privacy
 * module's retention job (modules/privacy/id-retention.ts), which decides when and how it goes:
 * the reads and the statement it needs, so it never names the bookings' table.
 */

/**
 * The next bookings whose ID data is due (not yet purged, checked out by `cutoff`), oldest
 * check-out first, along the partial index on the check-out date (migration 0034).
 *
 * @example const due = await idDataDueQuery(db, '2027-01-01', 100); // [{ id, key }]
 */
export function idDataDueQuery(db: Db, cutoff: string, batch: number) {
  return db
    .select({ id: bookingSubmissions.id, key: bookingSubmissions.idDocumentKey })
    .from(bookingSubmissions)
    .where(and(isNull(bookingSubmissions.idDataPurgedAt), lte(bookingSubmissions.checkOutDate, cutoff)))
    .orderBy(asc(bookingSubmissions.checkOutDate))
    .limit(batch);
}

/**
 * The statement that purges the ID data of the bookings `ids` not yet purged: the number becomes
 * `mask(number)`, the photo key and type go, and the booking is marked purged at `now`. For the
 * caller's batch.
 *
 * @example await db.batch([purgeIdDataStatement(db, [4, 9], new Date(), maskSql), auditMaskStatement]);
 */
export function purgeIdDataStatement(db: Db, ids: number[], now: Date, mask: (value: SQL) => SQL) {
  return db
    .update(bookingSubmissions)
    .set({
      idNumber: mask(sql`${bookingSubmissions.idNumber}`),
      idDocumentKey: null,
      idDocumentType: null,
      idDataPurgedAt: now,
    })
    .where(and(inArray(bookingSubmissions.id, ids), isNull(bookingSubmissions.idDataPurgedAt)));
}

/**
 * Which of the ID photo keys `keys` a booking still points to (at most 90 keys a call: D1's
 * bound parameters).
 *
 * @example const rows = await idDocumentKeysInUse(db, ['id-documents/a.jpg']); // [{ key }]
 */
export function idDocumentKeysInUse(db: Db, keys: string[]) {
  return db
    .select({ key: bookingSubmissions.idDocumentKey })
    .from(bookingSubmissions)
    .where(inArray(bookingSubmissions.idDocumentKey, keys));
}

/**
 * What modules/privacy asks of bookings, as one object (bookings' door's one name): bookings' part
 * of a guest's export and erasure (`bookingsGuestData`), and a booking's ID data for the retention
 * job: the bookings whose ID data is due (`idDataDueQuery`), the statement that purges it
 * (`purgeIdDataStatement`), which stored documents a booking still names (`idDocumentKeysInUse`)
 * and where online check-in keeps them (`ID_DOCUMENT_PREFIX`).
 *
 * @example const due = await privacyBookings.idDataDueQuery(db, cutoff, 50);
 */
export const privacyBookings = {
  bookingsGuestData,
  idDataDueQuery,
  purgeIdDataStatement,
  idDocumentKeysInUse,
  ID_DOCUMENT_PREFIX,
} as const;
