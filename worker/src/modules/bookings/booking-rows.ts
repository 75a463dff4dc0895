import { eq, getTableColumns, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { bookingSubmissions } from './tables';
import type { Db } from '../../platform/env';
import { notifyStatements, type BookingEventKind } from '../../platform/notify';

/**
 * Bookings' whole rows for another module's reads (the notification channels' e-mails and the
 * staff's alerts, a payment's or refund's booking): those an event's condition names (`match`
 * over `booking_submissions`, platform/notify.ts), those of the ids given (a list, or `idIn` a
 * query of ids), or every one (to join by id). With `address`: the e-mail a guest is written to
 * (the one given for the booking's confirmation, or its account's). A query to read alone, put in
 * a batch, or use as a subquery in the caller's statement (its columns by their names).
 *
 * @example db.select({ reference: b.reference }).from(refunds).innerJoin(b, eq(b.id, refunds.bookingId)) // b = bookingRowsQuery(db).as('b')
 */
export function bookingRowsQuery(db: Db, match?: SQL | number[] | { idIn: SQLWrapper }) {
  const b = bookingSubmissions;
  const query = db
    .select({
      ...getTableColumns(b),
      address: sql<string | null>`coalesce(${b.email}, ${b.userEmail})`.as('address'),
    })
    .from(b);
  if (match === undefined) return query;
  if (Array.isArray(match)) return query.where(inArray(b.id, match.length ? match : [-1]));
  return query.where('idIn' in match ? inArray(b.id, match.idIn) : match);
}

/**
 * The statements that tell of an event about one booking (platform/notify.ts), for the caller's
 * batch: they queue only if `guard` holds when the batch reaches them (the change the caller won).
 *
 * @example ...notifyOfBooking(db, 'payment_received', booking.id, won, String(amount))
 */
export function notifyOfBooking(
  db: Db,
  kind: BookingEventKind,
  bookingId: number,
  guard: SQL,
  reason?: string,
): BatchItem<'sqlite'>[] {
  return notifyStatements(db, {
    kind,
    where: sql`${eq(bookingSubmissions.id, bookingId)} and ${guard}`,
    ...(reason === undefined ? {} : { reason }),
  });
}
