import { and, desc, eq, sql } from 'drizzle-orm';
import { reviews } from './tables';
import type { Db } from '../../platform/env';
import { EXPORT_LIMIT, guestDataPart, type DataSubject } from '../../platform/guest-data';

/**
 * The reviews' part of a guest's data (platform/guest-data.ts, docs/decisions/043): the account's
 * reviews to export; to erase, kept with their words and stars (the hotel's figures), naming
 * nobody (name, phone, device and account gone).
 */
export function reviewsGuestData(db: Db, subject: DataSubject) {
  const mine = eq(reviews.userId, subject.id);
  return guestDataPart(
    [
      db
        .select({
          id: reviews.id,
          name: reviews.name,
          phoneNumber: reviews.phoneNumber,
          starRating: reviews.starRating,
          comment: reviews.comment,
          serviceReview: reviews.serviceReview,
          roomReview: reviews.roomReview,
          overallReview: reviews.overallReview,
          status: reviews.status,
          verifiedStay: reviews.verifiedStay,
          lang: reviews.lang,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .where(mine)
        .orderBy(desc(reviews.id))
        .limit(EXPORT_LIMIT),
    ],
    ([rows]) => ({ reviews: rows }),
    {
      kept: { reviews: sql<number>`(select count(*) from ${reviews} where ${mine})` },
      statements: (guard) => [
        db
          .update(reviews)
          .set({ name: null, phoneNumber: null, deviceId: null, userId: null })
          .where(and(mine, guard)),
      ],
    },
  );
}
