import { and, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import type { BatchItem } from 'drizzle-orm/batch';
import type { BookingStatus } from '@shared/constants';
import type { PointsBooking, PointsLedgerPort } from '../bookings';
import { findRoomType, roomTypeFieldSql } from '../catalog';
import { pointTransactions, userPoints } from './tables';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { hasRole } from '../../platform/roles';
import { ApiError } from '../../platform/api-error';
import { roomName, roomNameSql, sqlText, text, type RoomTypeNames } from '../../platform/messages';
import { EXPORT_LIMIT, guestDataPart, type DataSubject } from '../../platform/guest-data';

/**
 * The points ledger (moved here from modules/bookings: a stay's points are loyalty's, and the
 * bookings module asks for them through its port, bookings/points-port.ts): `point_transactions` is the
 * truth and `user_points.total_points` is recomputed from it in the same D1
 * batch as every ledger write. The balance has a CHECK (>= 0), so a spend that
 * would make it negative fails the whole batch: two concurrent purchases with
 * points for one yield one booking and one refusal.
 */

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

/** The points a stay of `roomType` earns on completion: its type's `points_per_stay` (the catalogue's row). */
const pointsPerStaySql = (roomType: string) => roomTypeFieldSql('pointsPerStay', roomType);

/**
 * Credits a completed stay once with its type's points per stay: only if `guard` holds (the
 * status change this request won, platform/atomic.ts) and the type earns any, and the
 * (booking_id, kind) unique index absorbs repeats.
 */
export function earnForBooking(
  db: Db,
  booking: { id: number; userEmail: string; roomType: string },
  guard: SQL,
) {
  const room = sql`${booking.roomType}`;
  return insertWhere(
    db,
    pointTransactions,
    {
      userEmail: booking.userEmail,
      pointsEarned: pointsPerStaySql(booking.roomType),
      kind: 'earn',
      reason: sqlText('en', 'points.reason_earned', { room: roomNameSql(room, 'en') }),
      reasonAr: sqlText('ar', 'points.reason_earned', { room: roomNameSql(room, 'ar') }),
      bookingId: booking.id,
    },
    sql`${guard} and coalesce(${pointsPerStaySql(booking.roomType)}, 0) > 0`,
  ).onConflictDoNothing();
}

/**
 * On cancellation: gives back what the booking moved (reverses what it earned,
 * refunds what it spent), read from the ledger inside the same statement, and only
 * if `guard` holds (the cancellation this request won).
 */
export function reversalsForBooking(db: Db, bookingId: number, guard: SQL) {
  return insertWhere(
    db,
    pointTransactions,
    {
      userEmail: sql`moved.user_email`,
      pointsEarned: sql`-moved.points_earned`,
      kind: sql`case when moved.kind = 'earn' then 'reversal' else 'refund' end`,
      reason: sql`case when moved.kind = 'earn' then ${'Points reversed: booking cancelled'} else ${'Points refunded: free night cancelled'} end`,
      reasonAr: sql`case when moved.kind = 'earn' then ${'خصم النقاط: تم إلغاء الحجز'} else ${'استرداد النقاط: تم إلغاء الليلة المجانية'} end`,
      bookingId,
    },
    sql`moved.booking_id = ${bookingId} and moved.kind in ('earn', 'redeem') and ${guard}`,
    sql`${pointTransactions} as moved`,
  ).onConflictDoNothing();
}

/**
 * The points a cancellation took back from the guest (its reversal of what the booking earned),
 * for the guest's "N points were deducted" (spec section 4); 0 when it had earned none.
 */
export async function pointsDeductedFor(db: Db, bookingId: number): Promise<number> {
  const row = await db
    .select({ taken: sql<number>`coalesce(-sum(${pointTransactions.pointsEarned}), 0)` })
    .from(pointTransactions)
    .where(and(eq(pointTransactions.bookingId, bookingId), eq(pointTransactions.kind, 'reversal')))
    .get();
  return Math.max(0, Number(row?.taken ?? 0));
}

/**
 * A user's stored balance (0 before their first ledger line): one row read.
 *
 * @example if ((await storedBalance(db, user.email)) < cost) throw new ApiError(409, 'insufficient_points');
 */
export async function storedBalance(db: Db, email: string): Promise<number> {
  const row = await db.select().from(userPoints).where(eq(userPoints.userEmail, email)).get();
  return row?.totalPoints ?? 0;
}

/**
 * The ledger line spending `cost` points on a free night of `roomType` for the booking `bookingId`
 * (an id read inside the same batch, `bookingIdOf`): a statement for the booking's batch, with
 * `recomputeBalance` after it (the balance's CHECK refuses an overdraft, failing the whole batch).
 *
 * @example alongside: [redeemStatement(db, user.email, cost, roomType, bookingIdOf(reference)), recomputeBalance(db, user.email)]
 */
export function redeemStatement(
  db: Db,
  email: string,
  cost: number,
  roomType: RoomTypeNames,
  bookingId: SQL,
) {
  return db.insert(pointTransactions).values({
    userEmail: email,
    pointsEarned: -cost,
    kind: 'redeem',
    ...redeemReasons(roomType),
    bookingId,
  });
}

/** The free night's ledger reasons, naming its room type (platform/messages.ts roomName). */
export function redeemReasons(roomType: RoomTypeNames) {
  return {
    reason: text('en', 'points.reason_free_night', { room: roomName('en', roomType) }),
    reasonAr: text('ar', 'points.reason_free_night', { room: roomName('ar', roomType) }),
  };
}

/**
 * Points moved between two hotels of the chain (docs/decisions/103): the ledger line of this hotel's
 * side (`out` taken for a spend at `hotel`, `in` brought from `hotel`, `back` given back after a
 * spend there failed), signed, with the balance recomputed after it (its CHECK refuses an
 * overdraft, failing the caller's batch). For modules/chain's transfers, in their own batches.
 */
export function pointsMovedStatements(
  db: Db,
  email: string,
  points: number,
  direction: 'out' | 'in' | 'back',
  hotel: { nameAr: string; nameEn: string },
) {
  const key = `points.reason_moved_${direction}`;
  return [
    db.insert(pointTransactions).values({
      userEmail: email,
      pointsEarned: direction === 'out' ? -points : points,
      kind: 'adjustment',
      reason: text('en', key, { hotel: hotel.nameEn }),
      reasonAr: text('ar', key, { hotel: hotel.nameAr }),
    }),
    recomputeBalance(db, email),
  ] as const;
}

/** A user's points are theirs and staff's to read: 403 for anyone else. */
export function checkMayReadPoints(user: SessionUser, email: string): void {
  if (user.email !== email && !hasRole(user, 'staff')) throw new ApiError(403, 'points_forbidden');
}

/** The balance and the most recent points earned (one batch). */
export async function pointsBalance(db: Db, email: string) {
  const [balance, last] = await db.batch([
    db.select().from(userPoints).where(eq(userPoints.userEmail, email)),
    db
      .select({ pointsEarned: pointTransactions.pointsEarned, createdAt: pointTransactions.createdAt })
      .from(pointTransactions)
      .where(and(eq(pointTransactions.userEmail, email), gt(pointTransactions.pointsEarned, 0)))
      .orderBy(desc(pointTransactions.id))
      .limit(1),
  ]);
  return {
    userEmail: email,
    totalPoints: balance[0]?.totalPoints ?? 0,
    updatedAt: balance[0]?.updatedAt ?? null,
    lastEarned: last[0] ?? null,
  };
}

/** The ledger, newest first (the last 200 lines, or `limit`: the account's export). */
export function pointHistory(db: Db, email: string, limit = 200) {
  return db
    .select({
      id: pointTransactions.id,
      pointsEarned: pointTransactions.pointsEarned,
      kind: pointTransactions.kind,
      reason: pointTransactions.reason,
      reasonAr: pointTransactions.reasonAr,
      bookingId: pointTransactions.bookingId,
      createdAt: pointTransactions.createdAt,
    })
    .from(pointTransactions)
    .where(eq(pointTransactions.userEmail, email))
    .orderBy(desc(pointTransactions.id))
    .limit(limit);
}

/**
 * The points' part of a guest's data (platform/guest-data.ts, docs/decisions/043): the ledger and
 * the balance, kept by the account's address, to export; to erase, both kept under a mark that
 * names nobody (unique, so the balance stays its ledger's sum).
 */
export function pointsGuestData(db: Db, subject: DataSubject) {
  const mine = eq(pointTransactions.userEmail, subject.email);
  return guestDataPart(
    [
      pointHistory(db, subject.email, EXPORT_LIMIT),
      db
        .select({ totalPoints: userPoints.totalPoints, updatedAt: userPoints.updatedAt })
        .from(userPoints)
        .where(eq(userPoints.userEmail, subject.email)),
    ],
    ([ledger, balance]) => ({ points: { balance: balance[0]?.totalPoints ?? 0, ledger } }),
    {
      kept: { pointTransactions: sql<number>`(select count(*) from ${pointTransactions} where ${mine})` },
      statements: (guard) => {
        const mark = `erased:${crypto.randomUUID()}`;
        return [
          db.update(pointTransactions).set({ userEmail: mark }).where(and(mine, guard)),
          db
            .update(userPoints)
            .set({ userEmail: mark })
            .where(and(eq(userPoints.userEmail, subject.email), guard)),
        ];
      },
    },
  );
}

/** The points a completed stay earns: its room type's points per stay, for an account's paid booking; none otherwise. */
export async function pointsEarnedBy(db: Db, booking: PointsBooking): Promise<number> {
  if (!booking.userId || !booking.userEmail || booking.isPointsBooking) return 0;
  return (await findRoomType(db, booking.roomType))?.pointsPerStay ?? 0;
}

/**
 * What a status move does to the ledger, in the move's batch: a signed-in guest's completed stay
 * earns once (a stay bought with points earns none); a cancellation gives back what the booking
 * moved; either recomputes the balance.
 */
function moveStatements(db: Db, booking: PointsBooking, to: BookingStatus, won: SQL) {
  const statements: BatchItem<'sqlite'>[] = [];
  if (booking.userEmail && booking.userId && to === 'completed' && !booking.isPointsBooking) {
    statements.push(earnForBooking(db, { ...booking, userEmail: booking.userEmail }, won));
  }
  if (booking.userEmail && to === 'cancelled') statements.push(reversalsForBooking(db, booking.id, won));
  if (booking.userEmail && (to === 'completed' || to === 'cancelled')) {
    statements.push(recomputeBalance(db, booking.userEmail));
  }
  return statements;
}

/** What a manager's undo of a close takes back: the stay's earning, or a cancellation's give-back. */
function undoStatements(db: Db, booking: PointsBooking, undone: 'earn' | 'give_back', won: SQL) {
  if (!booking.userEmail) return [];
  return [
    db
      .delete(pointTransactions)
      .where(
        and(
          eq(pointTransactions.bookingId, booking.id),
          inArray(pointTransactions.kind, undone === 'earn' ? ['earn'] : ['reversal', 'refund']),
          won,
        ),
      ),
    recomputeBalance(db, booking.userEmail),
  ];
}

/**
 * The ledger as the bookings module asks for it (its port, installed by the entry).
 *
 * @example
 * installPointsLedger(pointsLedgerPort); // worker/src/index.ts, once
 */
export const pointsLedgerPort: PointsLedgerPort = {
  moveStatements,
  undoStatements,
  earnedBy: pointsEarnedBy,
  deductedFor: pointsDeductedFor,
};
