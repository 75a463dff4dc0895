import { and, desc, eq, or, sql } from 'drizzle-orm';
import { ERASED_MARK } from '@shared/account-schemas';
import {
  eventImages,
  googleReviewSubmissions,
  locationSharingSubmissions,
  monthlyParticipations,
  photographySubmissions,
} from './tables';
import type { Db } from '../../platform/env';
import { EXPORT_LIMIT, guestDataPart, type DataSubject } from '../../platform/guest-data';

/**
 * The prize draws' part of a guest's data (platform/guest-data.ts, docs/decisions/043): the entries
 * made signed in (with their photo counts) to export; to erase, the entries kept naming nobody
 * (phone as the erased mark, device and account gone), their photos and screenshots deleted (rows
 * in the batch, objects after it), and the once-a-month rows of their phones deleted.
 */
export function drawsGuestData(db: Db, subject: DataSubject) {
  const id = subject.id;
  const photography = photographySubmissions;
  const ratings = googleReviewSubmissions;
  const location = locationSharingSubmissions;
  const photographyOfUser = sql`select ${photography.id} from ${photography} where ${photography.userId} = ${id}`;
  const ratingsOfUser = sql`select ${ratings.id} from ${ratings} where ${ratings.userId} = ${id}`;
  const imagesOfUser = or(
    and(eq(eventImages.eventType, 'photography'), sql`${eventImages.submissionId} in (${photographyOfUser})`),
    and(eq(eventImages.eventType, 'hotel_rating'), sql`${eventImages.submissionId} in (${ratingsOfUser})`),
  )!;
  const entryPhones = sql`select ${photography.participantPhone} from ${photography} where ${photography.userId} = ${id}
    union select ${ratings.participantPhone} from ${ratings} where ${ratings.userId} = ${id}
    union select ${location.participantPhone} from ${location} where ${location.userId} = ${id}`;
  const count = (table: typeof photography | typeof ratings | typeof location) =>
    sql<number>`(select count(*) from ${table} where ${table.userId} = ${id})`;
  return guestDataPart(
    [
      db
        .select({
          id: photography.id,
          participantPhone: photography.participantPhone,
          isApproved: photography.isApproved,
          decidedAt: photography.decidedAt,
          submissionDate: photography.submissionDate,
          photos: sql<number>`(select count(*) from ${eventImages} where ${eventImages.eventType} = 'photography'
          and ${eventImages.submissionId} = ${photography.id})`,
        })
        .from(photography)
        .where(eq(photography.userId, id))
        .orderBy(desc(photography.id))
        .limit(EXPORT_LIMIT),
      db
        .select({
          id: ratings.id,
          participantPhone: ratings.participantPhone,
          isApproved: ratings.isApproved,
          decidedAt: ratings.decidedAt,
          submissionDate: ratings.submissionDate,
          screenshots: sql<number>`(select count(*) from ${eventImages} where ${eventImages.eventType} = 'hotel_rating'
          and ${eventImages.submissionId} = ${ratings.id})`,
        })
        .from(ratings)
        .where(eq(ratings.userId, id))
        .orderBy(desc(ratings.id))
        .limit(EXPORT_LIMIT),
      db
        .select({
          id: location.id,
          participantPhone: location.participantPhone,
          shareCount: location.shareCount,
          isCompleted: location.isCompleted,
          submissionDate: location.submissionDate,
        })
        .from(location)
        .where(eq(location.userId, id))
        .orderBy(desc(location.id))
        .limit(EXPORT_LIMIT),
    ],
    ([photographyRows, googleReviews, locationSharing]) => ({
      entries: { photography: photographyRows, googleReviews, locationSharing },
    }),
    {
      kept: { entries: sql<number>`${count(photography)} + ${count(ratings)} + ${count(location)}` },
      objectKeys: db.select({ key: eventImages.r2Key }).from(eventImages).where(imagesOfUser),
      statements: (guard) => [
        // The once-a-month rule's rows of the account's entry phones (they name the phone only).
        db
          .delete(monthlyParticipations)
          .where(and(sql`${monthlyParticipations.participantPhone} in (${entryPhones})`, guard)),
        db.delete(eventImages).where(and(imagesOfUser, guard)),
        ...[photography, ratings, location].map((table) =>
          db
            .update(table)
            .set({ participantPhone: ERASED_MARK, deviceId: null, userId: null })
            .where(and(eq(table.userId, id), guard)),
        ),
      ],
    },
  );
}
