import { and, eq } from 'drizzle-orm';
import { lostFoundItems as items } from './tables';
import type { Db } from '../../platform/env';
import { ApiError } from '../../platform/api-error';
import { putStaffPhoto, staffPhotoResponse } from '../../platform/staff-photos';

/** A found item's photo (platform/staff-photos.ts); a new one replaces the one before. */
export async function storeItemPhoto(
  db: Db,
  images: R2Bucket,
  id: number,
  body: ReadableStream<Uint8Array> | null,
  declaredLength: number,
) {
  const item = await db.select({ photoKey: items.photoKey }).from(items).where(eq(items.id, id)).get();
  if (!item) {
    await body?.cancel();
    throw new ApiError(404, 'lost_item_not_found');
  }
  const photo = await putStaffPhoto(images, `lost-found/${id}`, body, declaredLength);
  const saved = await db
    .update(items)
    .set({
      photoKey: photo.key,
      photoType: photo.contentType,
      photoBytes: photo.byteSize,
      updatedAt: new Date(),
    })
    .where(and(eq(items.id, id)))
    .returning({ id: items.id });
  if (saved.length === 0) {
    await images.delete(photo.key);
    throw new ApiError(404, 'lost_item_not_found');
  }
  if (item.photoKey) await images.delete(item.photoKey);
  return { contentType: photo.contentType, byteSize: photo.byteSize };
}

/** GET .../:id/photo (404 when it has none). */
export async function itemPhoto(db: Db, images: R2Bucket, id: number) {
  const item = await db
    .select({ key: items.photoKey, type: items.photoType })
    .from(items)
    .where(eq(items.id, id))
    .get();
  return staffPhotoResponse(images, item?.key ?? null, item?.type ?? null);
}
