import { inArray } from 'drizzle-orm';
import { changeCounters } from './tables';
import type { Db } from './env';

/**
 * What polling costs: every polled list carries an ETag made of the
 * versions of the resources it shows (bumped by triggers on every write,
 * migrations/0011_change_counters.sql) and of what else it depends on (the user,
 * the query, the hotel day). A poll whose If-None-Match still matches is answered
 * 304 Not Modified after reading one small row per resource, not the list
 * (platform/etag-answers.ts `answerIfChanged`).
 */
export type Resource =
  | 'bookings'
  | 'inventory'
  | 'points'
  | 'notifications'
  | 'entries'
  | 'reviews'
  | 'chat_qa'
  | 'content'
  | 'rooms'
  | 'stay_requests';

/** Thrown when the client's copy is current; the app's error handler answers 304. */
export class NotModified extends Error {
  constructor(readonly etag: string) {
    super('not modified');
  }
}

/** The change counters of the resources (one query); a resource never written counts 0. */
export async function readVersions(db: Db, resources: Resource[]): Promise<Map<string, number>> {
  const rows = await db.select().from(changeCounters).where(inArray(changeCounters.resource, resources));
  return new Map(rows.map((row) => [row.resource, row.version]));
}

/** The weak ETag of an answer made from these versions and `scope`. */
export function etagOf(versions: string, scope: string): string {
  return `W/"${versions}:${scope.replace(/[^\w.:=&/-]/g, '_').slice(0, 200)}"`;
}

/** Whether an If-None-Match header names the ETag. */
export function matchesEtag(sent: string | undefined, etag: string): boolean {
  return sent !== undefined && sent.split(/\s*,\s*/).includes(etag);
}
