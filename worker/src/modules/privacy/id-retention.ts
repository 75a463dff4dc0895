import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { addDays, hotelToday } from '@shared/dates';
import { privacyBookings } from '../bookings';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { readSiteSettings } from '../catalog';

/**
 * ID data retention (Oman's Personal Data Protection Law; docs/decisions/046-online-check-in.md):
 * `idRetentionDays` (site settings, default
 * 30) after a booking's check-out date (hotel time), the daily job deletes its ID photo from R2
 * and masks its ID number to its last 4 characters (`12345678` -> `****5678`). Cancelled
 * bookings count from the check-out date they had.
 *
 * Bounded work: the bookings not yet done are read along a partial index on the check-out date
 * (migration 0034), oldest first, BATCH at a time, at most MAX_BATCHES per run (a backlog is
 * worked off over a few days). Idempotent: R2 deletes of a missing key succeed, and a booking
 * is marked done (`id_data_purged_at`) in the statement that masks it; a run cut off midway is
 * finished by the next.
 */
export const ID_RETENTION_BATCH = 100;
const MAX_BATCHES = 5;

/** All but the last 4 characters of `value` as `*` (SQL): masking twice changes nothing. */
const masked = (value: SQL) => sql`case when length(${value}) > 4
  then substr('****************************************************************', 1, length(${value}) - 4) || substr(${value}, -4)
  else ${value} end`;

/** An audit line's JSON with its `idNumber` (a booking's copy, where it has one) masked the same way. */
const maskedAuditIdNumber = (column: typeof auditLog.before | typeof auditLog.after) =>
  sql`case when json_type(${column}, '$.idNumber') = 'text'
    then json_replace(${column}, '$.idNumber', ${masked(sql`json_extract(${column}, '$.idNumber')`)})
    else ${column} end`;

/** Masks an ID number as the job does (the same rule, for tests and callers outside SQL). */
export function maskIdNumber(idNumber: string): string {
  return idNumber.length > 4 ? '*'.repeat(idNumber.length - 4) + idNumber.slice(-4) : idNumber;
}

/** The next bookings due (not yet purged, checked out by `cutoff`), oldest check-out first. */
export function dueForRetention(db: Db, cutoff: string, batch: number) {
  return privacyBookings.idDataDueQuery(db, cutoff, batch);
}

/**
 * The daily job's run: the ID data of the bookings past their retention goes (photos from R2,
 * numbers masked, their audit copies too), at most MAX_BATCHES batches. Answers how many.
 *
 * @example const { bookingsPurged, photosDeleted } = await purgeExpiredIdData(db, env.IMAGES);
 */
export async function purgeExpiredIdData(
  db: Db,
  images: R2Bucket,
  now = new Date(),
  batch = ID_RETENTION_BATCH,
): Promise<{ bookingsPurged: number; photosDeleted: number }> {
  const { idRetentionDays } = await readSiteSettings(db);
  // Due when check-out + N days is today or earlier (hotel time).
  const cutoff = addDays(hotelToday(now), -idRetentionDays);
  let bookingsPurged = 0;
  let photosDeleted = 0;
  for (let round = 0; round < MAX_BATCHES; round++) {
    const due = await dueForRetention(db, cutoff, batch);
    if (due.length === 0) break;
    const keys = due.map((d) => d.key).filter((k): k is string => k !== null);
    // The photos first: a booking is marked done only once its photo is gone.
    if (keys.length > 0) await images.delete(keys);
    photosDeleted += keys.length;
    await db.batch([
      privacyBookings.purgeIdDataStatement(
        db,
        due.map((d) => d.id),
        now,
        masked,
      ),
      // Staff's audit lines about these bookings (an edit's copy of the booking) along the
      // audit log's entity index: their ID numbers are masked too.
      db
        .update(auditLog)
        .set({ before: maskedAuditIdNumber(auditLog.before), after: maskedAuditIdNumber(auditLog.after) })
        .where(
          and(
            eq(auditLog.entityType, 'booking'),
            inArray(
              auditLog.entityId,
              due.map((d) => String(d.id)),
            ),
          ),
        ),
    ]);
    bookingsPurged += due.length;
    if (due.length < batch) break;
  }
  return { bookingsPurged, photosDeleted };
}

/** ID photos older than this that no booking points to are swept (an upload cut off midway). */
const ORPHAN_ID_DOCUMENT_AGE_MS = 24 * 60 * 60_000;

/**
 * ID photos in R2 that no booking points to (a worker that died between the R2 put and its
 * batch), older than a day, are deleted. The prefix holds only the photos of the last
 * `idRetentionDays` of stays, so the listing stays small however long the history.
 */
export async function sweepOrphanIdDocuments(db: Db, images: R2Bucket, now = Date.now()): Promise<number> {
  let cursor: string | undefined;
  let removed = 0;
  do {
    const page = await images.list({ prefix: privacyBookings.ID_DOCUMENT_PREFIX, cursor, limit: 500 });
    const old = page.objects.filter((o) => o.uploaded.getTime() < now - ORPHAN_ID_DOCUMENT_AGE_MS);
    const known = new Set<string>();
    for (let i = 0; i < old.length; i += 90) {
      const rows = await privacyBookings.idDocumentKeysInUse(
        db,
        old.slice(i, i + 90).map((o) => o.key),
      );
      for (const r of rows) if (r.key) known.add(r.key);
    }
    const orphans = old.filter((o) => !known.has(o.key)).map((o) => o.key);
    if (orphans.length > 0) await images.delete(orphans);
    removed += orphans.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return removed;
}
