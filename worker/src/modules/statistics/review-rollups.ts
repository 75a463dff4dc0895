import { eq } from 'drizzle-orm';
import { rollupReviews } from './tables';
import type { Db } from '../../platform/env';

/**
 * The reviews' counts kept by status (rollup_reviews, migration 0020; triggers keep them as reviews
 * change): queries for a D1 batch, so the reviews module reads its counts without the roll-up's table.
 */

/**
 * The approved reviews' count and the sum of their stars: one row read (none before any review).
 *
 * @example const [rows, [summary]] = await db.batch([listQuery, approvedReviewTotalsQuery(db)]);
 */
export function approvedReviewTotalsQuery(db: Db) {
  return db
    .select({ total: rollupReviews.reviews, stars: rollupReviews.stars })
    .from(rollupReviews)
    .where(eq(rollupReviews.status, 'approved'));
}

/**
 * The count of reviews per moderation status: at most three rows read.
 *
 * @example const [rows, counts] = await db.batch([listQuery, reviewCountsByStatusQuery(db)]);
 */
export function reviewCountsByStatusQuery(db: Db) {
  return db.select({ status: rollupReviews.status, count: rollupReviews.reviews }).from(rollupReviews);
}
