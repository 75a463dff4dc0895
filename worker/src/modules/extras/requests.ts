import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import type { Language } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import type { ExtraPurchaseView } from '@shared/extras';
import { ApiError } from '../../platform/api-error';
import { newChangeToken } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import { translate } from '../../platform/messages';
import { bookingById, extrasStays } from '../bookings';
import { businessDateOf, lastClosedDateQuery, readTaxSettings } from '../folio';
import {
  checkUpgradeFits,
  followingStatements,
  purchaseByToken,
  purchaseRefusal,
  purchaseView,
} from './purchases';
import { extraPurchases, extras } from './tables';

/**
 * The front desk's side of the extras (docs/decisions/098-stay-extras.md): a request answered
 * (approved: posted to the folio once, an upgrade moving the stay; or declined with a reason),
 * the requests no longer answerable expired (the hourly cron), and the requests waiting.
 */

/** A request with its offer and stay, as the desk answers it. */
async function requestWithContext(db: Db, id: number) {
  // Not in a batch: D1 answers a batch's rows as arrays, where the two tables' same-named columns meet.
  const [row] = await db
    .select({ p: extraPurchases, e: extras })
    .from(extraPurchases)
    .innerJoin(extras, eq(extras.id, extraPurchases.extraId))
    .where(eq(extraPurchases.id, id));
  if (!row) throw new ApiError(404, 'extra_purchase_not_found');
  const [booking] = await bookingById(db, row.p.bookingId);
  if (!booking) throw new ApiError(404, 'extra_purchase_not_found');
  return { ...row, booking };
}

/**
 * The desk answers a request (POST /api/admin/extra-purchases/:id/approve | decline, staff and up):
 * approving posts it to the folio (an upgrade moves the stay's type and holds, if the better type is
 * still free: 409 `extra_upgrade_sold_out` otherwise) exactly once, however many approve it at the
 * same moment; declining says why. A request no longer answerable (the stay arrived, its arrival
 * passed, or it closed) is expired: 409 `extra_request_expired`; one answered already 409
 * `extra_request_not_pending`.
 *
 * @example await answerRequest(db, staff, 12, { decision: 'decline', reason: 'Fully booked' }, 'en');
 */
export async function answerRequest(
  db: Db,
  actor: SessionUser,
  id: number,
  answer: { decision: 'approve' } | { decision: 'decline'; reason: string },
  language: Language,
  now = new Date(),
): Promise<{ message: string; purchase: ExtraPurchaseView }> {
  const today = hotelToday(now);
  const { p, e, booking } = await requestWithContext(db, id);
  if (p.status !== 'requested') throw new ApiError(409, 'extra_request_not_pending');
  if (!extrasStays.openBeforeArrival(booking, today)) {
    await expireRequests(db, now, booking.id);
    throw new ApiError(409, 'extra_request_expired');
  }
  const token = newChangeToken();
  const approve = answer.decision === 'approve';
  const change = (guard: SQL) =>
    db
      .update(extraPurchases)
      .set({
        status: approve ? 'confirmed' : 'declined',
        token,
        decidedBy: actor.id,
        decidedAt: now,
        declineReason: approve ? null : answer.reason,
        updatedAt: now,
      })
      .where(
        and(
          eq(extraPurchases.id, id),
          eq(extraPurchases.status, 'requested'),
          extrasStays.openBeforeArrivalSql(booking.id, today),
          guard,
        ),
      );
  const [[closed], settings] = await Promise.all([db.batch([lastClosedDateQuery(db)]), readTaxSettings(db)]);
  const statements = (guard: SQL): BatchItem<'sqlite'>[] => [
    change(guard),
    ...followingStatements(db, {
      extra: e,
      purchase: p,
      booking,
      token,
      settings,
      businessDate: businessDateOf(closed, now),
      actor,
      action: approve ? 'extra.approved' : 'extra.declined',
      audit: {
        purchaseId: id,
        kind: p.kind,
        totalBaisa: p.totalBaisa,
        ...(!approve && { reason: answer.reason }),
      },
      post: approve,
    }),
  ];
  try {
    if (approve && p.kind === 'upgrade') {
      await checkUpgradeFits(db, e, booking);
      if (booking.roomType !== p.fromRoomType) throw new ApiError(409, 'booking_changed');
      await extrasStays.upgrade(db, booking, { toRoomType: p.toRoomType!, now, statements });
    } else {
      await db.batch(statements(sql`1`) as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw purchaseRefusal(err) ?? err;
  }
  const made = await purchaseByToken(db, token);
  if (!made) {
    const [again] = await db
      .select({ status: extraPurchases.status })
      .from(extraPurchases)
      .where(eq(extraPurchases.id, id));
    throw new ApiError(409, again?.status === 'requested' ? 'booking_changed' : 'extra_request_not_pending');
  }
  return {
    message: translate(approve ? 'extra_approved' : 'extra_declined', language),
    purchase: purchaseView(made.p, made.e),
  };
}

/**
 * Requests no longer answerable become `expired` (the hourly cron; `bookingId`: one stay's): their
 * stay arrived, its arrival day passed, or it closed. Along the requests' index (the requests waiting,
 * a handful), never the purchases' history.
 */
export async function expireRequests(db: Db, now = new Date(), bookingId?: number) {
  const today = hotelToday(now);
  const result = await db
    .update(extraPurchases)
    .set({ status: 'expired', updatedAt: now })
    .where(
      and(
        eq(extraPurchases.status, 'requested'),
        bookingId === undefined ? undefined : eq(extraPurchases.bookingId, bookingId),
        sql`not ${extrasStays.openBeforeArrivalSql(sql`${extraPurchases.bookingId}`, today)}`,
      ),
    )
    .returning({ id: extraPurchases.id });
  return { expired: result.length };
}

/**
 * GET /api/admin/extra-purchases?status=requested: the requests waiting for the desk (the day they
 * are for first), with their stays' references and guests: along the requests' index.
 */
export async function waitingRequests(db: Db, now = new Date()) {
  const today = hotelToday(now);
  const rows = await db
    .select({ p: extraPurchases, e: { nameAr: extras.nameAr, nameEn: extras.nameEn } })
    .from(extraPurchases)
    .innerJoin(extras, eq(extras.id, extraPurchases.extraId))
    .where(and(eq(extraPurchases.status, 'requested'), sql`${extraPurchases.serviceDate} >= ${today}`))
    .orderBy(asc(extraPurchases.serviceDate), asc(extraPurchases.id))
    .limit(100);
  return { purchases: rows.map((r) => purchaseView(r.p, r.e)) };
}
