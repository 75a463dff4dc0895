import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { SessionUser } from '@shared/auth-schemas';
import type { Db } from '../../platform/env';
import { statusMoveStatements } from './booking-status';
import { GROUP_BOOKING_TRADE } from './booking-trade';
import { bookingIdOf, holdInserts } from './insert-booking';
import { bookingNights, bookingSubmissions, type BookingSubmission } from './tables';

/**
 * What modules/groups asks of bookings about a block's member stays (bookings' rows: the group's
 * own logic, a rooming list's members and a block's cancellation, is groups/group-stays.ts): the
 * nights they picked up, the members, a member's booking and nights written, the open members
 * and a member's cancellation, as queries, scalars and statement builders for the groups' batch.
 */

/** How many rooms of each type the block's members hold each night (its picked-up nights). */
export function groupPickupQuery(db: Db, groupId: number) {
  return db
    .select({
      roomType: bookingNights.roomType,
      night: bookingNights.night,
      pickedUp: sql<number>`count(*)`.mapWith(Number),
    })
    .from(bookingNights)
    .where(eq(bookingNights.groupId, groupId))
    .groupBy(bookingNights.roomType, bookingNights.night);
}

/** The block's members, by arrival then name (a block has tens or hundreds, never more). */
export function groupMembersQuery(db: Db, groupId: number) {
  return db
    .select({
      bookingId: bookingSubmissions.id,
      reference: bookingSubmissions.reference,
      fullName: bookingSubmissions.fullName,
      roomType: bookingSubmissions.roomType,
      checkInDate: bookingSubmissions.checkInDate,
      checkOutDate: bookingSubmissions.checkOutDate,
      status: bookingSubmissions.status,
    })
    .from(bookingSubmissions)
    .where(eq(bookingSubmissions.groupId, groupId))
    .orderBy(
      asc(bookingSubmissions.checkInDate),
      asc(bookingSubmissions.fullName),
      asc(bookingSubmissions.id),
    );
}

/** A member's booking as groups composes it: a booking's row but the trade, which is the group's. */
type MemberRow = Omit<typeof bookingSubmissions.$inferInsert, 'source' | 'segment'> & { groupId: number };

/**
 * The statements that write member `row` of its block (source and segment 'group') and its
 * nights, taken from the block's hold (the no-overbooking trigger refuses a night beyond it,
 * `block_exceeded`), for the caller's ONE batch; `bookingIdSql(row.reference)` names its id in a
 * later statement of the batch (the audit line).
 */
export function memberStayStatements(db: Db, row: MemberRow): BatchItem<'sqlite'>[] {
  const booking = { ...row, ...GROUP_BOOKING_TRADE };
  return [db.insert(bookingSubmissions).values(booking), ...holdInserts(db, booking)];
}

/** Whether a batch failed on a reference another booking already has (drawn again, one in billions). */
export function isBookingReferenceClash(err: unknown): boolean {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  return text.includes('UNIQUE constraint failed: booking_submissions.reference');
}

/** The block's members not yet in house: pending, approved or confirmed, not checked in. */
export async function openMembers(db: Db, groupId: number): Promise<BookingSubmission[]> {
  return db
    .select()
    .from(bookingSubmissions)
    .where(
      and(
        eq(bookingSubmissions.groupId, groupId),
        inArray(bookingSubmissions.status, ['pending', 'approved', 'confirmed']),
        isNull(bookingSubmissions.checkedInAt),
      ),
    );
}

/**
 * The statements that cancel member `booking` as staff's cancellation does it (its nights freed,
 * its audit line, the guest's notice, what its money follows), guarded on its not having checked
 * in since it was read, for the caller's ONE batch.
 */
export function memberCancelStatements(
  db: Db,
  booking: BookingSubmission,
  staff: SessionUser,
  reason: string,
): Promise<BatchItem<'sqlite'>[]> {
  return statusMoveStatements(db, booking, 'cancelled', staff, reason, {
    where: isNull(bookingSubmissions.checkedInAt),
  });
}

/**
 * How many nights of `roomType` on `night` block `groupId`'s members hold (each argument a value
 * or a column of the caller's statement): a release sets a block's hold to it.
 */
export function pickedUpSql(
  groupId: number | SQL | SQLiteColumn,
  roomType: string | SQL | SQLiteColumn,
  night: string | SQL | SQLiteColumn,
): SQL<number> {
  return sql<number>`(select count(*) from booking_nights bn where bn.group_id = ${groupId} and bn.room_type = ${roomType} and bn.night = ${night})`;
}

/** How many room nights block `groupId` (a value or a column of the caller's statement) has picked up. */
export function pickedUpTotalSql(groupId: number | SQL | SQLiteColumn): SQL<number> {
  return sql<number>`(select count(*) from booking_nights bn where bn.group_id = ${groupId})`;
}

/**
 * What modules/groups asks of its blocks' member stays, as one object (bookings' door's one name
 * for it): the nights the members picked up (`groupPickupQuery`; `pickedUpSql`,
 * `pickedUpTotalSql` as scalars of the groups' own statements), the members
 * (`groupMembersQuery`), a rooming list's member written with its nights (`memberStayStatements`,
 * `bookingIdSql`, `isBookingReferenceClash`), and the members not yet in house cancelled
 * (`openMembers`, `memberCancelStatements`). groups/group-stays.ts composes them.
 *
 * @example const [pickup] = await db.batch([groupStays.groupPickupQuery(db, groupId)]);
 */
export const groupStays = {
  groupPickupQuery,
  groupMembersQuery,
  memberStayStatements,
  bookingIdSql: bookingIdOf,
  isBookingReferenceClash,
  openMembers,
  memberCancelStatements,
  pickedUpSql,
  pickedUpTotalSql,
} as const;
