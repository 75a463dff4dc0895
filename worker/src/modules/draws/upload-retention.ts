import { and, inArray, isNull, lt } from 'drizzle-orm';
import { eventImages } from './tables';
import type { Db } from '../../platform/env';

/** How many uploads one clean-up removes at most. */
const BATCH = 500;

/**
 * The daily clean-up's part of the draws (worker/src/cleanup.ts): images uploaded before `before`
 * but never made part of an entry (the guest removed a refused entry, or gave up) go from R2 and
 * D1, at most 500 a run. An image attached meanwhile is kept. Returns how many were found.
 *
 * @example const uploadsRemoved = await sweepUnattachedUploads(db, env.IMAGES, new Date(now - UNATTACHED_UPLOAD_TTL));
 */
export async function sweepUnattachedUploads(db: Db, images: R2Bucket, before: Date): Promise<number> {
  const stale = await db
    .select({ id: eventImages.id, r2Key: eventImages.r2Key })
    .from(eventImages)
    .where(and(isNull(eventImages.submissionId), lt(eventImages.createdAt, before)))
    .limit(BATCH);
  if (stale.length > 0) {
    await images.delete(stale.map((s) => s.r2Key));
    await db.delete(eventImages).where(
      and(
        inArray(
          eventImages.id,
          stale.map((s) => s.id),
        ),
        isNull(eventImages.submissionId),
      ),
    );
  }
  return stale.length;
}
