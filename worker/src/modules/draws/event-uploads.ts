import { eq } from 'drizzle-orm';
import { EVENT_RULES } from '@shared/constants';
import { hotelMonth } from '@shared/dates';
import type { ImageEventType } from '@shared/event-schemas';
import { eventImages } from './tables';
import type { Db } from '../../platform/env';
import { isEnabled, newR2Key, settingQuery, type ImageRow } from './entries';
import { ApiError, throttled } from '../../platform/api-error';
import { checkImage, readLimited } from '../../platform/images';
import { hit, LIMITS, retryAfterSeconds } from '../../platform/rate-limit';

/**
 * One event image per call (modules/draws/routes/event-uploads.ts): the id made on the device (a retry is
 * harmless), checked by its first bytes and size, stored in R2 under a key the server makes.
 * Throttled per client address.
 */

const answer = (row: ImageRow) => ({
  uploadId: row.id,
  contentType: row.contentType,
  byteSize: row.byteSize,
});

/** Stores an upload; `created` is false for a retry of one that already arrived. */
export async function storeEventUpload(
  db: Db,
  images: R2Bucket,
  {
    uploadId,
    eventType,
    body,
    address,
  }: {
    uploadId: string;
    eventType: ImageEventType;
    body: ReadableStream<Uint8Array> | null;
    address: string;
  },
) {
  const [existing, setting] = await db.batch([
    db.select().from(eventImages).where(eq(eventImages.id, uploadId)),
    settingQuery(db, eventType),
  ]);
  if (existing[0]) {
    // A retry of an upload that arrived: the same answer, nothing stored twice.
    if (existing[0].eventType !== eventType) throw new ApiError(409, 'upload_already_used');
    await body?.cancel();
    return { upload: answer(existing[0]), created: false };
  }
  if (!isEnabled(setting)) throw new ApiError(403, 'event_closed');
  const count = await hit(db, `upload:addr:${address}`, LIMITS.uploadsPerAddress);
  if (count > LIMITS.uploadsPerAddress.max) {
    throw throttled('too_many_requests', retryAfterSeconds(LIMITS.uploadsPerAddress));
  }

  const bytes = await readLimited(body, EVENT_RULES.maxImageBytes);
  const contentType = checkImage(bytes);
  const r2Key = newR2Key(eventType, hotelMonth(), contentType);
  await images.put(r2Key, bytes, { httpMetadata: { contentType } });
  const inserted = await db
    .insert(eventImages)
    .values({ id: uploadId, eventType, r2Key, contentType, byteSize: bytes.byteLength })
    .onConflictDoNothing()
    .returning();
  if (inserted[0]) return { upload: answer(inserted[0]), created: true };
  // The same upload arrived twice at once: keep the first.
  await images.delete(r2Key);
  const [first] = await db.select().from(eventImages).where(eq(eventImages.id, uploadId));
  return { upload: answer(first!), created: false };
}
