import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import type { CancellationRule, DepositRule } from '@shared/rates';
import { auditEntry } from '../../platform/audit';
import { newBookingReference } from '../../platform/crypto';
import type { Db } from '../../platform/env';
import { auditLog } from '../../platform/tables';
import { groupStays } from '../bookings';

/**
 * A block's member stays as the group makes and ends them (docs/decisions/075-group-blocks.md):
 * a rooming list's lines booked inside the block, and the members not yet in house cancelled with
 * the block. The rows are bookings' (its door's `groupStays` writes a member's booking and nights,
 * cancels a member, reads the members and their nights); what a member is (confirmed, the group's
 * booking type, plan and company, booked by staff, cash at the desk) and its audit line are the
 * group's.
 */

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
      companyId: group.companyId,
      groupId: group.id,
    };
    statements.push(
      ...groupStays.memberStayStatements(db, row),
      db.insert(auditLog).values({
        ...auditEntry(staff, 'booking.group_new', 'booking', null, null, {
          status: 'confirmed',
          groupId: group.id,
          roomType: stay.roomType,
          checkInDate: stay.checkInDate,
          checkOutDate: stay.checkOutDate,
        }),
        entityId: sql`cast(${groupStays.bookingIdSql(reference)} as text)`,
      }),
    );
  }
  return { statements, references };
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
  const open = await groupStays.openMembers(db, groupId);
  const statements: BatchItem<'sqlite'>[] = [];
  for (const booking of open) {
    statements.push(...(await groupStays.memberCancelStatements(db, booking, staff, reason)));
  }
  return statements;
}
