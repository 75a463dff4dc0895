import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { SessionUser } from '@shared/auth-schemas';
import type { CancellationRule, DepositRule } from '@shared/rates';
import { auditEntry } from '../../platform/audit';
import { newBookingReference } from '../../platform/crypto';
import type { Db } from '../../platform/env';
import { auditLog } from '../../platform/tables';
import { statusMoveStatements } from './booking-status';
import { GROUP_BOOKING_TRADE } from './booking-trade';
import { bookingIdOf, holdInserts } from './insert-booking';
import { bookingNights, bookingSubmissions } from './tables';

/**
 * The bookings of a group block (modules/groups asks for them here): its members, the nights
 * they picked up of each type, the statements that book a rooming list inside the block and that
 * cancel the members not yet in house. The block's own rows are the groups module's.
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

/** One line of a rooming list as its booking is stored (priced by the caller on the group's plan). */
export type GroupStay = {
  fullName: string;
  /** Normalized; '' when the list gave none (the column is required; nothing is sent to it). */
  phoneNumber: string;
  roomType: string;
  checkInDate: string;
  checkOutDate: string;
  adults: number;
  children: number;
  ratePlan: string;
  nightPrices: number[];
  cancellationRule: CancellationRule;
  depositRule: DepositRule;
};

/**
 * The statements that book `stays` inside block `groupId` (confirmed, source and segment
 * 'group', the block's company), each with its nights taken from the block's hold (the
 * no-overbooking trigger refuses a night beyond it, `block_exceeded`) and its audit line; the
 * caller runs them in ONE batch with its own, so the list is booked whole or not at all.
 * Answers the statements and the references drawn (in the order of `stays`).
 */
export function groupBookingStatements(
  db: Db,
  group: { id: number; companyId: number | null },
  stays: GroupStay[],
  staff: SessionUser,
): { statements: BatchItem<'sqlite'>[]; references: string[] } {
  const statements: BatchItem<'sqlite'>[] = [];
  const references: string[] = [];
  for (const stay of stays) {
    const reference = newBookingReference();
    references.push(reference);
    const row = {
      ...stay,
      reference,
      idNumber: '',
      numberOfGuests: stay.adults + stay.children,
      totalPrice: stay.nightPrices.reduce((sum, p) => sum + p, 0),
      status: 'confirmed' as const,
      isPointsBooking: false,
      pointsUsed: 0,
      bookingType: 'group',
      paymentMethod: 'cash' as const,
      createdByStaffId: staff.id,
      lang: 'ar' as const,
      ...GROUP_BOOKING_TRADE,
      companyId: group.companyId,
      groupId: group.id,
    };
    statements.push(
      db.insert(bookingSubmissions).values(row),
      ...holdInserts(db, row),
      db.insert(auditLog).values({
        ...auditEntry(staff, 'booking.group_new', 'booking', null, null, {
          status: 'confirmed',
          groupId: group.id,
          roomType: stay.roomType,
          checkInDate: stay.checkInDate,
          checkOutDate: stay.checkOutDate,
        }),
        entityId: sql`cast(${bookingIdOf(reference)} as text)`,
      }),
    );
  }
  return { statements, references };
}

/** Whether a batch failed on a reference another booking already has (drawn again, one in billions). */
export function isBookingReferenceClash(err: unknown): boolean {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  return text.includes('UNIQUE constraint failed: booking_submissions.reference');
}

/**
 * The statements that cancel the block's members not yet in house (pending, approved or
 * confirmed, not checked in), each as staff's cancellation does it (its nights freed, its audit
 * line, the guest's notice, what its money follows), for the caller's ONE batch. Members in
 * house or gone keep their stays.
 */
export async function cancelGroupStaysStatements(
  db: Db,
  groupId: number,
  staff: SessionUser,
  reason: string,
): Promise<BatchItem<'sqlite'>[]> {
  const open = await db
    .select()
    .from(bookingSubmissions)
    .where(
      and(
        eq(bookingSubmissions.groupId, groupId),
        inArray(bookingSubmissions.status, ['pending', 'approved', 'confirmed']),
        isNull(bookingSubmissions.checkedInAt),
      ),
    );
  const statements: BatchItem<'sqlite'>[] = [];
  for (const booking of open) {
    statements.push(
      ...(await statusMoveStatements(db, booking, 'cancelled', staff, reason, {
        where: isNull(bookingSubmissions.checkedInAt),
      })),
    );
  }
  return statements;
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
 * What modules/groups asks of its blocks' member stays, as one object (its door's one name): the
 * nights the members picked up (`groupPickupQuery`; `pickedUpSql`, `pickedUpTotalSql` as scalars
 * of the groups' own statements), the members (`groupMembersQuery`), the statements that book a
 * rooming list inside the block (`groupBookingStatements`, `isBookingReferenceClash`) and that
 * cancel the members not yet in house (`cancelGroupStaysStatements`).
 *
 * @example const [pickup] = await db.batch([groupStays.groupPickupQuery(db, groupId)]);
 */
export const groupStays = {
  groupPickupQuery,
  groupMembersQuery,
  groupBookingStatements,
  isBookingReferenceClash,
  cancelGroupStaysStatements,
  pickedUpSql,
  pickedUpTotalSql,
} as const;
