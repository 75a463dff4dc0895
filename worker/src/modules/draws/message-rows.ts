import { inArray, sql, type SQL } from 'drizzle-orm';
import type { EntryKind } from '../../platform/notify';
import { googleReviewSubmissions, locationSharingSubmissions, photographySubmissions } from './tables';
import type { Db } from '../../platform/env';

const ENTRY_TABLES = {
  photography: photographySubmissions,
  google_review: googleReviewSubmissions,
  location_sharing: locationSharingSubmissions,
} satisfies Record<EntryKind, unknown>;

/**
 * Prize-draw entries of one kind as the notification channels read them (modules/messaging: the
 * e-mails queued and written, the staff's alerts): those an event's condition names (`match` over
 * the kind's table, platform/notify.ts), those of the ids given, or every one (to join by id):
 * who entered (the account, the device, the phone), in which language, when, and the staff's
 * notes. A query to put in the caller's statement, as a subquery (its columns by their names) or
 * read alone.
 */
export function entryMessageRows(db: Db, kind: EntryKind, match?: SQL | number[]) {
  const table = ENTRY_TABLES[kind];
  const query = db
    .select({
      id: table.id,
      userId: table.userId,
      deviceId: table.deviceId,
      lang: table.lang,
      participantPhone: table.participantPhone,
      submissionDate: table.submissionDate,
      notes: ('adminNotes' in table ? sql<string | null>`${table.adminNotes}` : sql<string | null>`null`).as(
        'notes',
      ),
    })
    .from(table);
  if (match === undefined) return query;
  return query.where(Array.isArray(match) ? inArray(table.id, match.length ? match : [-1]) : match);
}
