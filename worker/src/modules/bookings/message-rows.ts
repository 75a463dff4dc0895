import { getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { bookingSubmissions } from './tables';
import type { Db } from '../../platform/env';

/**
 * Bookings as the notification channels read them (modules/messaging: the e-mails queued and
 * written, the staff's alerts): those an event's condition names (`match` over
 * `booking_submissions`, platform/notify.ts), those of the ids given, or every one (to join by
 * id). Whole rows, with `address`: the e-mail a guest is written to (the one given for the
 * booking's confirmation, or its account's). A query to put in the caller's statement, as a
 * subquery (its columns by their names) or read alone.
 */
export function bookingMessageRows(db: Db, match?: SQL | number[]) {
  const b = bookingSubmissions;
  const query = db
    .select({
      ...getTableColumns(b),
      address: sql<string | null>`coalesce(${b.email}, ${b.userEmail})`.as('address'),
    })
    .from(b);
  if (match === undefined) return query;
  return query.where(Array.isArray(match) ? inArray(b.id, match.length ? match : [-1]) : match);
}
