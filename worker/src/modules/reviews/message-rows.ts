import { inArray, type SQL } from 'drizzle-orm';
import { reviews } from './tables';
import type { Db } from '../../platform/env';

/**
 * Reviews as the notification channels read them (modules/messaging): those an event's condition
 * names (`match` over `reviews`, platform/notify.ts), or those of the ids given: who wrote it (the
 * account, the device), in which language, the name and the stars. A query to put in the caller's
 * statement, as a subquery (its columns by their names) or read alone.
 */
export function reviewMessageRows(db: Db, match: SQL | number[]) {
  return db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      deviceId: reviews.deviceId,
      lang: reviews.lang,
      name: reviews.name,
      starRating: reviews.starRating,
    })
    .from(reviews)
    .where(Array.isArray(match) ? inArray(reviews.id, match.length ? match : [-1]) : match);
}
