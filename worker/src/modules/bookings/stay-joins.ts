import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { SelectedFields, SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../platform/env';
import { rowExists } from '../../platform/atomic';
import { bookingSubmissions } from './tables';
import { roomFieldSql } from '../inventory';

/**
 * A stay as another module's rows of it read and change it (modules/front-desk's stay requests):
 * whether it is in house, its departure time moved, and the caller's rows joined with their stay
 * in one statement, so the caller never names the bookings' table.
 */

const IN_HOUSE_STATUSES = ['approved', 'confirmed'] as const;

/** Booking `bookingId` checked in, not checked out, still approved or confirmed. */
const inHouse = (bookingId: number): SQL =>
  and(
    eq(bookingSubmissions.id, bookingId),
    inArray(bookingSubmissions.status, [...IN_HOUSE_STATUSES]),
    isNotNull(bookingSubmissions.checkedInAt),
    sql`${bookingSubmissions.checkedOutAt} is null`,
  )!;

/**
 * Whether booking `bookingId` is in house now (checked in, not checked out, approved or
 * confirmed), as an SQL condition for a guarded statement of the caller's batch.
 *
 * @example insertWhere(db, stayRequests, values, sql`${stayInHouseSql(7)} and ${openCount} < 5`)
 */
export function stayInHouseSql(bookingId: number): SQL {
  return rowExists(bookingSubmissions, inHouse(bookingId));
}

/**
 * The statement that moves an in-house stay's departure time (a late check-out granted), only
 * while the stay is in house and `guard` holds.
 *
 * @example statements.push(departureTimeStatement(db, 7, '14:00', guard, now));
 */
export function departureTimeStatement(db: Db, bookingId: number, time: string, guard: SQL, now: Date) {
  return db
    .update(bookingSubmissions)
    .set({ departureTime: time, updatedAt: now })
    .where(and(inHouse(bookingId), guard));
}

/**
 * The caller's `table` rows (its `fields`) each with its stay (`bookingId`: the column naming the
 * booking): the stay's reference, guest name, room type, departure date and time, and its room's
 * number; rows whose booking is gone are left out. A select the caller goes on with (where,
 * order, limit).
 *
 * @example db.select ... queueWithStaysQuery(db, stayRequests, stayRequests.bookingId, { id: stayRequests.id }).where(open)
 */
export function rowsWithStaysQuery<T extends SelectedFields>(
  db: Db,
  table: SQLiteTable,
  bookingId: SQLiteColumn,
  fields: T,
) {
  return db
    .select({
      ...fields,
      reference: bookingSubmissions.reference,
      guestName: bookingSubmissions.fullName,
      roomType: bookingSubmissions.roomType,
      checkOutDate: bookingSubmissions.checkOutDate,
      departureTime: bookingSubmissions.departureTime,
      roomNumber: roomFieldSql('number', bookingSubmissions.roomId),
    })
    .from(table)
    .innerJoin(bookingSubmissions, eq(bookingSubmissions.id, bookingId));
}

/**
 * The caller's row (`row`: its table, as drizzle selects a whole table) with its whole booking
 * (`booking`), in one statement; a select the caller narrows with `where`.
 *
 * @example const found = await rowWithBookingQuery(db, stayRequests, stayRequests.bookingId).where(eq(stayRequests.id, 3)).get();
 */
export function rowWithBookingQuery<T extends SQLiteTable>(db: Db, table: T, bookingId: SQLiteColumn) {
  return db
    .select({ row: table, booking: bookingSubmissions })
    .from(table)
    .innerJoin(bookingSubmissions, eq(bookingSubmissions.id, bookingId));
}
