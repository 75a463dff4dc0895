import { and, eq, inArray, sql } from 'drizzle-orm';
import { POINTS_EARNED, type RoomType } from '../../../shared/src/constants';
import { pointTransactions, userPoints } from '../db/schema/points';
import type { Db } from '../env';

/**
 * The points ledger (DESIGN.md "Loyalty points"): `point_transactions` is the
 * truth and `user_points.total_points` is recomputed from it in the same D1
 * batch as every ledger write. The balance has a CHECK (>= 0), so a spend that
 * would make it negative fails the whole batch: two concurrent purchases with
 * points for one yield one booking and one refusal.
 */
const TIER_AR: Record<RoomType, string> = {
  silver: 'الفضية',
  gold: 'الذهبية',
  diamond: 'الماسية',
  deluxe: 'الديلوكس',
};
const TIER_EN: Record<RoomType, string> = {
  silver: 'Silver',
  gold: 'Gold',
  diamond: 'Diamond',
  deluxe: 'Deluxe',
};

/** Upserts the balance as the ledger's sum (fails on a negative sum). */
export function recomputeBalance(db: Db, email: string) {
  const sum = sql<number>`(select coalesce(sum(points_earned), 0) from point_transactions where user_email = ${email})`;
  return db
    .insert(userPoints)
    .values({ userEmail: email, totalPoints: sum })
    .onConflictDoUpdate({
      target: userPoints.userEmail,
      set: { totalPoints: sql`excluded.total_points`, updatedAt: new Date() },
    });
}

/** Credits a completed stay once: the (booking_id, kind) unique index absorbs repeats. */
export function earnForBooking(db: Db, booking: { id: number; userEmail: string; roomType: RoomType }) {
  return db
    .insert(pointTransactions)
    .values({
      userEmail: booking.userEmail,
      pointsEarned: POINTS_EARNED[booking.roomType],
      kind: 'earn',
      reason: `Points earned for a ${TIER_EN[booking.roomType]} room stay`,
      reasonAr: `نقاط مكتسبة من الإقامة في الغرفة ${TIER_AR[booking.roomType]}`,
      bookingId: booking.id,
    })
    .onConflictDoNothing();
}

/**
 * On cancellation: the statements that give back what the booking moved
 * (reverse what it earned, refund what it spent). Called once per booking,
 * after the status update that only one request can win.
 */
export async function reversalsForBooking(db: Db, bookingId: number) {
  const moved = await db
    .select()
    .from(pointTransactions)
    .where(
      and(eq(pointTransactions.bookingId, bookingId), inArray(pointTransactions.kind, ['earn', 'redeem'])),
    );
  return moved.map((t) =>
    db
      .insert(pointTransactions)
      .values({
        userEmail: t.userEmail,
        pointsEarned: -t.pointsEarned,
        kind: t.kind === 'earn' ? 'reversal' : 'refund',
        reason:
          t.kind === 'earn' ? 'Points reversed: booking cancelled' : 'Points refunded: free night cancelled',
        reasonAr:
          t.kind === 'earn' ? 'خصم النقاط: تم إلغاء الحجز' : 'استرداد النقاط: تم إلغاء الليلة المجانية',
        bookingId,
      })
      .onConflictDoNothing(),
  );
}

export function redeemReasons(roomType: RoomType) {
  return {
    reason: `Free night - ${TIER_EN[roomType]} room`,
    reasonAr: `ليلة مجانية - الغرفة ${TIER_AR[roomType]}`,
  };
}
