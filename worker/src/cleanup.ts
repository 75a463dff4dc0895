import { and, inArray, isNull, lt } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { eventImages } from './db/schema/events';
import { idempotencyKeys } from './db/schema/operations';
import type { Env } from './env';

const DAY = 24 * 60 * 60_000;
/** Uploads never attached to an entry are kept this long (a device sends its entry right after). */
export const UNATTACHED_UPLOAD_TTL = 7 * DAY;
/** Stored first answers of Idempotency-Keys are kept this long. */
export const IDEMPOTENCY_TTL = 30 * DAY;
const BATCH = 500;

/**
 * The daily clean-up (wrangler.toml [triggers]): images uploaded but never
 * made part of an entry (the guest removed a refused entry, or gave up) go
 * from R2 and D1; old idempotency answers go from D1.
 */
export async function cleanUp(env: Env, now = Date.now()) {
  const db = drizzle(env.DB);
  const stale = await db
    .select({ id: eventImages.id, r2Key: eventImages.r2Key })
    .from(eventImages)
    .where(
      and(isNull(eventImages.submissionId), lt(eventImages.createdAt, new Date(now - UNATTACHED_UPLOAD_TTL))),
    )
    .limit(BATCH);
  if (stale.length > 0) {
    await env.IMAGES.delete(stale.map((s) => s.r2Key));
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
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL)));
  return { uploadsRemoved: stale.length };
}
