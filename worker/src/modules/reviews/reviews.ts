import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { type ReviewCreateInput, type ReviewStatus } from '@shared/review-schemas';
import { reviews } from './tables';
import { completedStayOfUserQuery } from '../bookings';
import { approvedReviewTotalsQuery, reviewCountsByStatusQuery } from '../statistics';
import { deviceIdOf } from '../../platform/device-id';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { notifyStatements } from '../../platform/notify';
import { auditEntry } from '../../platform/audit';
import { auditLog } from '../../platform/tables';
import { ApiError, throttled } from '../../platform/api-error';
import {
  claimKey,
  createdAnswer,
  createOnce,
  idempotencyOf,
  storeAnswer,
  storedAnswerQuery,
  type Idempotency,
} from '../../platform/idempotency';
import { hitStatement, LIMITS, retryAfterSeconds } from '../../platform/rate-limit';

/**
 * Guest reviews (guest spec "Reviews section"; moderation is not in the spec: a public list a
 * guest writes to needs it). Anyone may write one (throttled per device and per client address); the public
 * list holds approved reviews only; the author sees their own pending reviews at once, by
 * the device's id or their account; staff approve or reject, admins delete; every decision
 * and its audit line are one D1 batch (platform/atomic.ts).
 */

type ReviewRow = typeof reviews.$inferSelect;
type Parsed = {
  starRating: number;
  name: string | null;
  overallReview: string;
  serviceReview: string | null;
  roomReview: string | null;
};

/** What a visitor may see of a review: no account, device or phone. */
export function publicReview(row: ReviewRow) {
  return {
    id: row.id,
    name: row.name,
    starRating: row.starRating,
    overallReview: row.overallReview ?? row.comment,
    serviceReview: row.serviceReview,
    roomReview: row.roomReview,
    createdAt: row.createdAt.toISOString(),
    stayedHere: row.verifiedStay,
  };
}

/** What the author sees of their own review: the public fields and its status. */
function ownReview(row: ReviewRow) {
  return { ...publicReview(row), status: row.status };
}

/** What staff see: everything a decision needs. */
export function staffReview(row: ReviewRow) {
  return {
    ...publicReview(row),
    status: row.status,
    isApproved: row.isApproved,
    adminNotes: row.adminNotes,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    /** Written while signed in (the account itself is not shown). */
    signedIn: row.userId !== null,
  };
}

/**
 * Who writes or asks: the device header, the signed-in account (or none), the client
 * address, and (for a write) the Idempotency-Key header.
 */
export type ReviewAuthor = {
  deviceHeader: string | undefined;
  userId: number | null;
  address: string;
  idempotencyKey?: string | undefined;
  /** The language the author uses (the review's e-mail on approval is written in it). */
  lang?: 'ar' | 'en';
};

/** POST /api/reviews: stored pending, with its Idempotency-Key answer in the same batch. */
export async function createReview(db: Db, author: ReviewAuthor, raw: ReviewCreateInput, body: Parsed) {
  const deviceId = deviceIdOf(author.deviceHeader);
  const userId = author.userId;
  const idem = await idempotencyOf(author.idempotencyKey, 'review', raw);
  const noKey: Idempotency = { scope: '', key: '', requestHash: '' };

  const [stored, stays] = await db.batch([
    storedAnswerQuery(db, idem ?? noKey),
    completedStayOfUserQuery(db, userId),
  ]);
  const outcome = await createOnce(db, idem, idem ? stored[0] : undefined, async () => {
    // Throttles: per device (when it says which) and per client address, counted together.
    const now = Date.now();
    const limits = [
      [`review:addr:${author.address}`, LIMITS.reviewsPerAddress] as const,
      ...(deviceId ? [[`review:device:${deviceId}`, LIMITS.reviewsPerDevice] as const] : []),
    ];
    const counts = await db.batch(
      limits.map(([key, limit]) => hitStatement(db, key, limit, now)) as [
        ReturnType<typeof hitStatement>,
        ...ReturnType<typeof hitStatement>[],
      ],
    );
    const over = limits.find(([, limit], i) => (counts[i]?.[0]?.count ?? 0) > limit.max);
    if (over) throw throttled('review_throttled', retryAfterSeconds(over[1], now));

    const createdAt = new Date(now);
    const verifiedStay = stays.length > 0;
    const response = {
      name: body.name,
      starRating: body.starRating,
      overallReview: body.overallReview,
      serviceReview: body.serviceReview,
      roomReview: body.roomReview,
      createdAt: createdAt.toISOString(),
      stayedHere: verifiedStay,
      status: 'pending' as ReviewStatus,
    };
    const insert = db
      .insert(reviews)
      .values({
        userId,
        deviceId,
        name: body.name,
        starRating: body.starRating,
        comment: body.overallReview,
        overallReview: body.overallReview,
        serviceReview: body.serviceReview,
        roomReview: body.roomReview,
        verifiedStay,
        status: 'pending',
        isApproved: false,
        // Its e-mail on approval is written in it (modules/messaging/email-outbox.ts).
        lang: author.lang ?? 'ar',
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: reviews.id });
    if (idem) {
      const [, created] = await db.batch([claimKey(db, idem), insert, storeAnswer(db, idem, response)]);
      return { ...response, id: created[0]!.id };
    }
    const [created] = await insert;
    return { ...response, id: created!.id };
  });
  return createdAnswer(outcome);
}

/** GET /api/reviews: approved reviews, newest first, one page, with the count and the average. */
export async function listApproved(db: Db, limit: number, offset: number) {
  const approved = eq(reviews.status, 'approved');
  const [rows, [summary]] = await db.batch([
    db
      .select()
      .from(reviews)
      .where(approved)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset(offset),
    // The count and the stars kept per status (rollup_reviews, migration 0020): one row read.
    approvedReviewTotalsQuery(db),
  ]);
  const total = summary?.total ?? 0;
  const average = total > 0 ? summary!.stars / total : null;
  return {
    reviews: rows.map(publicReview),
    total,
    /** One decimal (e.g. 4.3); null while there is no approved review. */
    averageRating: average === null ? null : Math.round(average * 10) / 10,
    limit,
    offset,
    hasMore: offset + rows.length < total,
  };
}

/** GET /api/reviews/mine: the author's reviews still awaiting a decision (this device or account). */
export async function listMine(db: Db, author: Pick<ReviewAuthor, 'deviceHeader' | 'userId'>) {
  const deviceId = deviceIdOf(author.deviceHeader);
  const userId = author.userId;
  if (!deviceId && userId === null) return { reviews: [] };
  const owner = or(
    deviceId ? eq(reviews.deviceId, deviceId) : undefined,
    userId !== null ? eq(reviews.userId, userId) : undefined,
  );
  const rows = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.status, 'pending'), owner))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(20);
  return { reviews: rows.map(ownReview) };
}

export const STAFF_LIST_LIMIT = 500;

/** GET /api/admin/reviews: the newest reviews of every status, and the counts per status. */
export async function listForStaff(db: Db) {
  const [rows, counts] = await db.batch([
    db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(STAFF_LIST_LIMIT),
    // Kept per status as reviews change (rollup_reviews, migration 0020): three rows read.
    reviewCountsByStatusQuery(db),
  ]);
  const count = (status: ReviewStatus) => counts.find((r) => r.status === status)?.count ?? 0;
  return {
    reviews: rows.map(staffReview),
    counts: { pending: count('pending'), approved: count('approved'), rejected: count('rejected') },
  };
}

function auditState(row: ReviewRow) {
  return { status: row.status, adminNotes: row.adminNotes, starRating: row.starRating };
}

/**
 * PATCH /api/admin/reviews/:id: approve or reject (a decision may be changed later, e.g. an
 * approved review taken down). The update only wins from the status this request read, and
 * the audit line is written only if this request made the change: one batch.
 */
export async function decideReview(
  db: Db,
  user: SessionUser,
  id: number,
  approved: boolean,
  notes: string | null,
) {
  const [before] = await db.select().from(reviews).where(eq(reviews.id, id));
  if (!before) throw new ApiError(404, 'not_found');
  const status: ReviewStatus = approved ? 'approved' : 'rejected';
  if (before.status === status && before.adminNotes === notes) throw new ApiError(409, 'already_decided');

  const now = new Date();
  // The audit line only when this batch's update changed the row (SQLite's changes() counts the
  // batch's previous statement, not triggers): two decisions by the same staff account in the same
  // millisecond used to both pass a check on decidedAt and decidedByUserId.
  const decidedHere = sql`changes() = 1`;
  const audit = auditEntry(user, approved ? 'approve' : 'reject', 'review', id, auditState(before), {
    status,
    adminNotes: notes,
    starRating: before.starRating,
  });
  const [updated] = await db.batch([
    db
      .update(reviews)
      .set({
        status,
        isApproved: approved,
        adminNotes: notes,
        decidedByUserId: user.id,
        decidedAt: now,
        updatedAt: now,
      })
      .where(and(eq(reviews.id, id), eq(reviews.status, before.status)))
      .returning(),
    insertWhere(db, auditLog, audit, decidedHere),
    // After the audit line (its guard reads changes() of the update just before it).
    ...(approved
      ? notifyStatements(db, {
          kind: 'review_approved',
          where: sql`${reviews.id} = ${id} and ${reviews.status} = 'approved' and ${reviews.decidedAt} = ${now.getTime()} and ${reviews.decidedByUserId} = ${user.id}`,
        })
      : []),
  ]);
  if (!updated[0]) throw new ApiError(409, 'review_changed');
  return staffReview(updated[0]);
}

/** DELETE /api/admin/reviews/:id (admins): the review and its audit line, one batch. */
export async function deleteReview(db: Db, user: SessionUser, id: number) {
  const [before] = await db.select().from(reviews).where(eq(reviews.id, id));
  if (!before) throw new ApiError(404, 'not_found');
  const audit = auditEntry(user, 'delete', 'review', id, staffReview(before), null);
  const [, deleted] = await db.batch([
    // Written first, while the row is there; a second delete racing this one writes nothing.
    insertWhere(db, auditLog, audit, sql`exists (select 1 from ${reviews} where ${reviews.id} = ${id})`),
    db.delete(reviews).where(eq(reviews.id, id)).returning({ id: reviews.id }),
  ]);
  if (!deleted[0]) throw new ApiError(404, 'not_found');
  return { id, deleted: true as const };
}
